/**
 * The names in the header and the footer's words (app/content/navigation.ts), as the admin's form
 * edits them: one box per entry, named after the page it leads to. Where an entry leads, and which
 * entries a menu has, are the code's; the form renames them only.
 */
import { z } from "zod";
import { line, markedLine } from "./fields";

/** An entry's name in a menu: short enough for a row of them. */
const entry = (title: string, description?: string) => line(title, 40, description);

export const menuNamesSchema = z
  .object({
    home: entry("Home (/)"),
    about: entry("About (/about)"),
    testimonials: entry("Testimonials (/testimonials)"),
    productMenu: entry("Product menu", "The name of the menu that opens on the next three."),
    product: entry("In the Product menu: the product page (/product)"),
    paying: entry("In the Product menu: paying (/paying)"),
    manuals: entry("In the Product menu: user guides (/user-manuals)"),
    contactMenu: entry("Contact menu", "The name of the menu that opens on the next two."),
    contact: entry("In the Contact menu: the contact page (/contact)"),
    faq: entry("In the Contact menu: FAQ (/faq)"),
    order: entry("Order button (/order)", "Beside the menu, and under it on a narrow screen."),
    menu: entry("Menu button", "Opens the menu on a narrow screen."),
  })
  .meta({
    title: "Header menu",
    description:
      "The names in the header of every page, in the order they are shown. Each leads to the page in brackets; the pages and their order stay as they are.",
  });

export const footerWordsSchema = z
  .object({
    makers: markedLine(
      "Under the company's name",
      200,
      { product: "the product's full name", tagline: "the tagline" },
      "Both come from the company facts.",
    ),
    explore: line("Heading of the links", 40),
    links: z
      .object({
        about: entry("About (/about)"),
        testimonials: entry("Testimonials (/testimonials)"),
        product: entry("The product page (/product)"),
        paying: entry("Paying (/paying)"),
        manuals: entry("User guides (/user-manuals)"),
        faq: entry("FAQ (/faq)"),
        contact: entry("Contact (/contact)"),
        order: entry("Order (/order)"),
      })
      .meta({
        title: "Links",
        description: "Each leads to the page in brackets; the pages and their order stay as they are.",
      }),
    talk: line("Heading of the phone, email and hours", 40),
    policies: z
      .object({
        privacy: entry("Privacy policy (/privacy)"),
        healthData: entry(
          "Consumer health data (/privacy#health-data)",
          "The separate link to that section of the privacy policy that Washington's My Health My Data Act asks for.",
        ),
        accessibility: entry("Accessibility statement (/accessibility)"),
        reviews: entry("Review policy (/review-policy)"),
      })
      .meta({ title: "Links to the policies", description: "Under the footer's three columns." }),
    copyright: markedLine(
      "Copyright line",
      160,
      { founded: "the year founded", year: "the current year", companyName: "the company's name" },
      "The year founded and the company's name come from the company facts.",
    ),
  })
  .meta({ title: "Footer", description: "At the foot of every page." });
