/**
 * The accessibility statement (/accessibility). Its wording is content, edited in the admin
 * (schemas/accessibility.ts); what is written here is what a fresh site shows. What it quotes from
 * elsewhere is written when the page is drawn: the Lighthouse figures from docs/benchmarks.json
 * (lib/benchmarks.server.ts), and the company's name and reply time from the company facts. When a
 * barrier is found, say so under the known limitations until it is fixed.
 */
import { defineContent } from "./live";
import { company, type Placeholder } from "./site";

/**
 * When the statement was last reviewed against the site ("YYYY-MM-DD"), shown on the page:
 * content, edited in the admin (schemas/accessibility.ts).
 */
export const statementDate = defineContent<{ date: string } & Partial<Placeholder>>("accessibility-date", {
  date: "2026-11-23",
  placeholder: true,
  todo: "Review the accessibility statement before launch (standard, limitations, response time), then set the date it was prepared.",
});

/** The page's title, as the navigation, the breadcrumbs and the table of Lighthouse scores name it. */
export const statementTitle = "Accessibility Statement";

/** What search engines show under the title. */
export const statementDescription = () =>
  `How the ${company.name} website meets WCAG 2.2 level AA, how it is tested, what we know still falls short, and how to tell us about a barrier.`;

/** The sentence before the table of Lighthouse scores, from the latest measurements. */
export const lighthouseSentence = (version: string, runs: number, date: string) =>
  `Google's Lighthouse tool (version ${version}, as on a phone) also scores each page for accessibility, out of 100. The middle of ${runs} runs per page, measured on ${date}:`;

/** The last paragraph: the reply time of the company facts, then what the statement adds to it. */
export const replyPromise = (meanwhile: string) => `We reply within ${company.emailResponse}. ${meanwhile}`;

export interface AccessibilityStatement {
  /** Under the page's title. */
  intro: string;
  /** Markdown (app/lib/markdown.server.ts), below the section's heading. */
  standard: { heading: string; body: string };
  features: { heading: string; items: string[] };
  /** The tests, then the Lighthouse figures and their table, written from the measurements. */
  testing: { heading: string; lead: string; items: string[] };
  /** Each barrier known and not yet fixed, with what to do meanwhile. */
  limitations: { heading: string; items: Array<{ term: string; detail: string }> };
  /** `form`: the link to the contact form; `meanwhile`: after "We reply within …". */
  report: { heading: string; lead: string; form: string; meanwhile: string };
}

export const accessibilityStatement = defineContent<AccessibilityStatement>("accessibility", {
  intro: `Many people who use this site use a wheelchair, and many use a keyboard, a switch, voice control, a screen reader or magnification. We build it so that all of them can read it, find what they need, and send us a message, a review or an order request.`,

  standard: {
    heading: "The standard we meet",
    body: [
      "This website is built and tested to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on every page and in every state: menus, dialogs, error messages and confirmations.",
      "Where we know it falls short, we say so below, and we fix it.",
    ].join("\n\n"),
  },

  features: {
    heading: "What you can expect",
    items: [
      "Every page and form works with a keyboard alone, with a clearly visible focus outline, and a \u201cSkip to main content\u201d link at the start of every page.",
      "Every page can be read, and every public form sent, with JavaScript turned off.",
      "Buttons, links and form controls are at least 44 by 44 pixels, apart from links inside a sentence.",
      "Text and controls have enough contrast in both the light and the dark theme. Choose either, or follow your device's setting, with the theme switch in the header.",
      "Pages fit a screen 320 pixels wide, or zoomed to 400 %, without scrolling sideways.",
      "Nothing moves by itself unless it has a pause button, and nothing moves at all when your device asks for reduced motion.",
      "No time limits and no CAPTCHA. If a form has a mistake, the mistakes are listed at the top and next to each field, and everything you typed is kept.",
      "Ratings are chosen with ordinary radio buttons, and every image that carries information has a text alternative.",
    ],
  },

  testing: {
    heading: "How we test it",
    lead: "The site has automated tests that run in a real browser before each release. A release goes out only when they all pass. They check that:",
    items: [
      "An accessibility checker (axe) finds no problem on any page, in the light and the dark theme, on a phone-sized and a desktop-sized screen, or in any open menu, dialog, error message or confirmation.",
      "Forms, menus, dialogs and the reviews carousel work with the keyboard alone; the focus outline shows; and after an action such as sending a form, opening a menu or going to another page, focus is where a keyboard or screen-reader user expects it.",
      "Every page can be read, and every public form sent, with JavaScript turned off.",
      "No page scrolls sideways on a screen 320 pixels wide, and the controls on the home page are at least 44 by 44 pixels.",
    ],
  },

  limitations: {
    heading: "Known limitations",
    items: [
      {
        term: "User guides (PDF)",
        detail: `The user guides are PDF files. The current files are placeholders and are not tagged for screen readers. Until the final guides are published, ask us and we will give you the information in another way.`,
      },
      {
        term: "A hosted order form, when offered",
        detail:
          "The order page may also offer an order form run by another company. We cannot test that form to the same standard. Our own order form, above it on the same page, meets it.",
      },
    ],
  },

  report: {
    heading: "Tell us about a barrier",
    lead: "If something on this site is hard or impossible for you to use, please tell us: which page, what you were trying to do, and, if you like, what you use (for example a screen reader or voice control).",
    form: "Report a barrier",
    meanwhile:
      "While we fix it, we will give you the information, or take your message or order, another way: by phone or by email.",
  },
});
