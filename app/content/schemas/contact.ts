/** The Contact page's text (app/content/contact.ts), as the admin's form edits it. */
import { z } from "zod";
import { line, paragraph, textWithFacts } from "./fields";

export const contactSchema = z
  .object({
    title: line("Heading", 60, "Also the page's title in the browser's tab and in search results."),
    eyebrow: line("Word above the heading", 40),
    intro: paragraph("Introduction", 300),
    badges: z
      .object({
        email: textWithFacts("Email badge", 80, { quotes: ["emailResponse"] }),
        phone: textWithFacts("Phone badge", 80, { quotes: ["hours"] }),
      })
      .meta({ title: "Badges under the introduction" }),
    cards: z
      .object({
        email: line("Email card", 40),
        phone: line("Phone card", 40),
        hours: line("Hours card", 40),
        responseTime: line("Response-time card", 40),
      })
      .meta({
        title: "Card headings",
        description:
          "The address, number and hours under them come from the company facts and the site's configuration.",
      }),
    responseTime: textWithFacts("Response time", 200, {
      quotes: ["emailResponse"],
      description: "Under the response-time card's heading.",
    }),
    formTitle: line("Form heading", 80),
    send: line("Send button", 30),
    sending: line("Send button, while the message is sent", 30),
    privacy: z
      .object({
        lead: line("Lead-in, in bold", 30),
        body: paragraph("Note", 400),
        link: line("Link to the privacy policy", 80),
      })
      .meta({ title: "Privacy note under the form" }),
    sent: z
      .object({
        title: line("Heading", 80),
        again: line("Button for another message", 40),
      })
      .meta({ title: "Once a message is sent", description: "Shown in place of the form." }),
  })
  .meta({ title: "Contact page" });
