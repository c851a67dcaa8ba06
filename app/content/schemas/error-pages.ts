/** The words of the page-not-found and error pages (app/content/error-pages.ts), as the admin's form edits them. */
import { z } from "zod";
import { line, markedLine, paragraph } from "./fields";

const link = (title: string) => line(title, 60);

export const errorPagesSchema = z
  .object({
    notFound: z
      .object({
        title: line("Title in the browser's tab", 60, "The company's name is added after it."),
        heading: line("Heading", 80),
        text: paragraph("Text", 300, "Above the links."),
        links: z
          .object({
            home: link("Home page (/)"),
            product: link("Product page (/product)"),
            faq: link("FAQ (/faq)"),
            contact: link("Contact page (/contact)"),
          })
          .meta({ title: "Links", description: "Each leads to the page in brackets." }),
      })
      .meta({
        title: "Page not found",
        description: "Shown for an address the site does not have, such as a mistyped one.",
      }),
    error: z
      .object({
        title: line("Heading", 80, "Also the page's title in the browser's tab."),
        text: markedLine(
          "Text",
          300,
          { phone: "the phone number" },
          "Write {phone} where the phone number from the company facts goes.",
        ),
        home: link("Link to the home page"),
      })
      .meta({
        title: "Error page",
        description: "Shown when a page cannot be drawn just now, for example while the database does not answer.",
      }),
  })
  .meta({ title: "Page not found and error page" });
