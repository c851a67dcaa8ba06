/**
 * The markers of the privacy policy's wording: a name in braces, such as {message-months}, that an
 * editor writes where the page states something this site does, and that the page replaces with
 * what it does (app/content/privacy.ts). The admin's form checks them (schemas/privacy.ts); both
 * read them from here, and write and find them as every marker is (app/lib/markers.ts).
 *
 * Plain TypeScript with no imports: the admin's form reads it in the browser.
 */

/** Every marker, with what it stands for, as the admin's form explains it. */
export const privacyMarkers = {
  company: "the company's name (Company facts)",
  "message-months": "how long a contact message is kept, as this site is set up, such as 24 months",
  "order-months": "how long an order request is kept",
  "review-months": "how long a review that was not published, and a published review's email address, are kept",
  "spam-days": "how long anything held as automated is kept, such as 30 days",
  "count-months": "how long the daily counts of visits are kept",
  "reply-time": "the reply time for email (Company facts)",
  "request-time": "the time to complete a data request (its own item)",
  cookies: "every cookie the site sets, a sentence each: its name, what it does and how long it lasts",
  "staff-email": "a sentence on what staff notification emails carry, or that none are sent",
  copies:
    "the copies sent to the service that manages messages, if any; alone in a paragraph, a paragraph per sentence, and none when nothing is sent",
  sharing: "a sentence naming the other companies that handle the data, or saying none does",
  "hosted-form-exception": "“, except the hosted order form …” when the order page offers one, nothing otherwise",
  "deletion-copies":
    "“and ask the service that manages our messages to delete its copies” when copies are sent, nothing otherwise",
  "health-email": "a sentence saying staff emails quote messages and reviews, when they do; nothing otherwise",
  "health-copies": "a sentence saying copies of messages go to another service, when they do; nothing otherwise",
} as const;

export type PrivacyMarker = keyof typeof privacyMarkers;

export const privacyMarkerNames = Object.keys(privacyMarkers) as PrivacyMarker[];

/**
 * The markers the policy must keep, each somewhere in its wording: together they state how long
 * each kind is kept and where copies go, as this site's configuration says. Without one of them
 * the page would leave that out, or say it in words that a change of configuration contradicts.
 */
export const requiredPrivacyMarkers: readonly PrivacyMarker[] = [
  "message-months",
  "order-months",
  "review-months",
  "spam-days",
  "count-months",
  "cookies",
  "staff-email",
  "copies",
  "sharing",
  "hosted-form-exception",
  "deletion-copies",
  "health-email",
  "health-copies",
];

/**
 * The anchors of the policy's sections that stay: other pages, emails and bookmarks link to
 * /privacy#what-we-collect and its like. An editor may add sections, not take these away.
 */
export const keptPrivacyAnchors = [
  "what-we-collect",
  "without-a-form",
  "where",
  "never-sold",
  "how-long",
  "your-choices",
  "changes",
] as const;

/** The anchors of the page's own parts, which a section cannot take (/privacy#health-data is in every footer). */
export const privacyPageAnchors = { health: "health-data", howToAsk: "how-to-ask" } as const;
