/**
 * The page shown for an address the site does not have (404), and the one shown when a page
 * cannot be drawn: their words are content, edited in the admin (schemas/error-pages.ts); what is
 * written here is what a fresh site shows. Both are drawn from the content held in memory, never
 * from the database, so the error page still says what it says when the database is away. The
 * page a staff member sees for a part of the admin their role does not include stays in the code.
 */
import { defineContent } from "./live";

export const errorPages = defineContent("error-pages", {
  notFound: {
    /** In the browser's tab; the company's name is added after it. */
    title: "Page not found",
    heading: "404 Page Not Found",
    text: "We could not find that page. It may have moved, or the address may have a typo. These pages may help:",
    /** The links under the text, each to its page (app/components/layout/not-found.tsx). */
    links: {
      home: "Home",
      product: "The SofTech system",
      faq: "Frequently asked questions",
      contact: "Contact us",
    },
  },
  error: {
    /** The heading, and the page's title in the browser's tab. */
    title: "Something went wrong",
    /** With {phone} where the phone number goes. */
    text: "We could not show this page just now. Please try again in a moment. If it keeps happening, call us at {phone} and we will help.",
    home: "Go to the home page",
  },
});
