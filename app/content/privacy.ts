/**
 * The privacy policy (/privacy), with its consumer-health-data section (/privacy#health-data).
 *
 * Its wording is content, edited in the admin (schemas/privacy.ts); what is written here is what a
 * fresh site shows. What differs between deployments (how long each kind is kept, what staff
 * emails carry, whether copies are forwarded, the hosted order form) comes from the configuration
 * (`privacyFacts` in lib/config.server.ts), the cookies from lib/cookies.ts, and the company's
 * name and reply time from the company facts. The wording names each of those with a marker, such
 * as {message-months} (privacy-markers.ts), which `privacyPolicy` replaces when the page is drawn
 * on the server, so the page always states what this site does.
 */
import type { PrivacyFacts } from "~/lib/config.server";
import { siteCookies } from "~/lib/cookies";
import { defineContent } from "./live";
import { markerPattern } from "~/lib/markers";
import { privacyPageAnchors, type PrivacyMarker } from "./privacy-markers";
import { company, type Placeholder } from "./site";

/** How long the daily counts of visits are kept (app/lib/visits/tally.server.ts deletes older ones). */
export const keptCountMonths = 25;

/**
 * How long a request for a copy or a deletion takes at most, stated on the page: content, edited
 * in the admin (schemas/privacy.ts), like the date below; the wording names it {request-time}.
 */
export const dataRequestTime = defineContent<{ text: string } & Partial<Placeholder>>("privacy-request-time", {
  text: "30 days",
  placeholder: true,
  todo: "Confirm how long the company takes at most to send a copy of someone's data or delete it (the privacy page promises it).",
});

/** When the policy last changed ("YYYY-MM-DD"), shown at its top. */
export const policyDate = defineContent<{ date: string } & Partial<Placeholder>>("privacy-date", {
  date: "2026-11-23",
  placeholder: true,
  todo: "Have the privacy policy reviewed for the company's own processes and for the laws where its customers live, then set the date it takes effect.",
});

/** A term and what it means, in a list under a section's paragraphs. */
export interface PolicyTerm {
  term: string;
  detail: string;
}

/** The policy as an editor writes it, markers and all (the page's title and layout stay in code). */
export interface PrivacyWording {
  /** What search engines show for the page. */
  description: string;
  /** Under the page's title. */
  intro: string;
  /** The sections, in order; the consumer-health-data section comes after the first. */
  sections: Array<{ id: string; title: string; paragraphs: string[]; items: PolicyTerm[] }>;
  health: { title: string; lead: string; items: PolicyTerm[] };
  contact: { title: string; lead: string; form: string };
}

export const privacyWording = defineContent<PrivacyWording>("privacy", {
  description:
    "What {company} keeps when you send a message, a review or an order request, why, for how long, who sees it, how health details are handled, and how to get a copy or have it deleted.",
  intro:
    "This page explains what {company} keeps when you use this website, why, where and for how long, who sees it, and how to get a copy or have it deleted. In short: we keep what you send us through our forms and very little else, we use it only to answer you and to make your cushion, and we never sell it.",
  sections: [
    {
      id: "what-we-collect",
      title: "What we collect, form by form",
      paragraphs: [
        "We collect only what you type or choose in our forms, and the time each one arrives. When we answer a message or an order request, our email to you, or a note of our phone call, is kept with it, so whoever helps you next knows what was said; it is deleted with it.",
      ],
      items: [
        {
          term: "Contact form",
          detail:
            "Your name, email address, phone number if you give it, the topic, your message, your answer to \u201cHow did you hear about us?\u201d if you give one, and when you agreed to this policy. We use it to answer you.",
        },
        {
          term: "Review form",
          detail:
            "Your name, email address, rating, review, the optional line about you (such as \u201cManual chair user\u201d), the tags you choose, whether you wrote it yourself or someone wrote it with you or for you, and your answer to \u201cHow did you hear about us?\u201d if you give one. We use the email address only to check that you are a customer and, if we need to, to ask you about your review; it is never published. If we publish your review, your name, rating, words, the line about you, the tags and who wrote it are public.",
        },
        {
          term: "Order request",
          detail:
            "The name and location of the person who will use the cushion, and who filled in the form for them, if someone did. The email address and phone number of the person we should contact about the order: the cushion user's, or your own if you fill in the form for someone else. Their wheelchair and seat measurements, current cushion and daily sitting hours. Where they feel discomfort, how sensitive their skin is and what matters most to them. Their choices of pad, cover and controller, any notes, the answer to \u201cHow did you hear about us?\u201d if one is given, and when the policy and the medical notice were agreed to. We use it to prepare the cushion and to contact you about it.",
        },
        {
          term: "Anything that looks automated",
          detail:
            "When a form looks as if a program rather than a person sent it, we keep it apart with the reasons (for example, a hidden field that only programs fill in was filled in), never publish or deliver it, and delete it after {spam-days} unless a member of staff finds it was sent by a person.",
        },
      ],
    },
    {
      id: "without-a-form",
      title: "What is kept without a form",
      paragraphs: [],
      items: [
        {
          term: "Your IP address",
          detail:
            "Your device's network (IP) address is used to limit how many forms and sign-in attempts can come from one connection. It is kept in those counters for two days at most, and never stored with anything you send.",
        },
        {
          term: "Cookies",
          detail:
            "{cookies} With JavaScript on, your browser's local storage also keeps the theme (\u201caquila-theme\u201d), so the page can switch without a reload. There are no analytics, advertising or tracking cookies, and the site loads no scripts, fonts or trackers from other companies {hosted-form-exception}.",
        },
        {
          term: "Your browser tab",
          detail:
            "While you fill in the order form with JavaScript on, your answers are kept in that browser tab so that reloading the page does not lose them, until you send them or close the tab. Nothing leaves your device until you send it.",
        },
        {
          term: "Counts of visits",
          detail:
            "The website counts, per day, how many times each of its pages was viewed, how many visits began from a search engine, a social network, an email, another website (its name only, such as \u201cGoogle\u201d or \u201cexample.org\u201d), a link with campaign tags (utm_source, utm_medium, utm_campaign) or nowhere; how many people reached each step of the order form; and how many forms were sent. That is all it keeps: totals for a day, with nothing that could tell who viewed a page or link one visit to another. No cookie, no identifier, no network address, no browser details and no \u201cfingerprint\u201d is used or kept for it, and no other company receives it. The counting happens on our own servers as the pages are sent (for the pages our web server sends from its disk, it notes the time, the page, the name of the site the visit came from and the campaign tags, which the counting reads within seconds; that note is deleted within two days); the order form, with JavaScript on, tells our server only the number of the step you reached. Programs are not counted, and neither is anyone whose browser sends Global Privacy Control or Do Not Track. The daily totals are kept for {count-months}.",
        },
        {
          term: "Logs",
          detail:
            "The site's logs record each page asked for, its status and how long it took; not your IP address and not what you typed.",
        },
      ],
    },
    {
      id: "where",
      title: "Where it is kept and who sees it",
      paragraphs: [
        "Everything you send is stored in the website's own database, on the servers that run this site, before we tell you it was sent.",
        "Only {company} staff with their own admin account can read it, after signing in. Every change they make to a review, a message or a request is recorded.",
        "{staff-email}",
        "{copies}",
        "Published reviews are public: the name, rating, words, the line about the writer, the tags, who wrote it and our reply. Email addresses, phone numbers and the details in messages and order requests are never published.",
      ],
      items: [],
    },
    {
      id: "never-sold",
      title: "We never sell it or share it",
      paragraphs: [
        "We never sell your information and never use it for advertising. We use it only to answer you, to prepare and deliver your cushion, to moderate and publish the reviews you ask us to publish, and to keep the site safe from automated abuse.",
        "We do not share it with third parties. {sharing}",
      ],
      items: [],
    },
    {
      id: "how-long",
      title: "How long we keep it",
      paragraphs: ["Each day the site deletes what has reached the end of its period:"],
      items: [
        {
          term: "A contact message",
          detail: "Until we have answered it, then until {message-months} after it arrived.",
        },
        { term: "An order request", detail: "Until it is closed, then until {order-months} after it arrived." },
        {
          term: "A review we did not publish",
          detail:
            "{review-months} after our decision. Only a count of it is kept, so the figures on the reviews page stay complete.",
        },
        {
          term: "A published review",
          detail:
            "While it is published. The email address given with it is erased {review-months} after it was published.",
        },
        { term: "Anything held as automated", detail: "{spam-days} after it arrived." },
        { term: "IP-address counters", detail: "Two days at most." },
        { term: "Daily counts of visits", detail: "{count-months}; they say nothing about any person." },
      ],
    },
    {
      id: "your-choices",
      title: "Get a copy, correct it or delete it",
      paragraphs: [
        "You can ask us for a copy of everything we keep about you, ask us to correct it, or ask us to delete it. Tell us the email address you used with us. We check that the request comes from that address, then:",
      ],
      items: [
        {
          term: "A copy",
          detail:
            "We send you everything we keep for that address (messages, reviews, order requests and anything held as automated) as a file.",
        },
        {
          term: "A correction",
          detail:
            "We correct what is wrong. We do not change the words of a published review; we can take it down instead.",
        },
        {
          term: "Deletion",
          detail:
            "We delete all of it from our database at once, and staff delete the notification emails about it {deletion-copies}. A published review is taken down; the reviews page then counts it only as removed at the writer's request. Our record of the deletion says how many items were deleted, not what they said or your address.",
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      paragraphs: ["When we change this policy, we change the date at the top of this page."],
      items: [],
    },
  ],
  health: {
    title: "Consumer health data",
    lead: "Some of what you send us is about your health. The order form asks about sitting hours, discomfort, skin sensitivity and notes, and a message or a review may mention a condition. We treat all of it as consumer health data, under the same rules as everything above, and these too:",
    items: [
      {
        term: "Where it comes from",
        detail: "From you, or from a caregiver, family member or clinician who fills in a form for you.",
      },
      {
        term: "Why we collect it",
        detail:
          "Only to answer you, to prepare and set up your cushion, and to publish a review you asked us to publish. We do not use it for anything else.",
      },
      {
        term: "Who receives it",
        detail:
          "Only the members of our staff whose work is answering messages and order requests, each with their own account, signing in with a password and a code from their phone; staff who look after reviews cannot open them, and every time someone opens an order request or a message, or exports a list, our records name who and when. The fitting and health details of an order request never leave our database, not even by email. {health-email} {health-copies} We never sell consumer health data and share it with no one else.",
      },
      {
        term: "Your consent",
        detail:
          "You give it by sending a form that says so. You can withdraw it at any time: we then stop using what you sent and delete it.",
      },
      {
        term: "Your rights",
        detail:
          "You can ask whether we keep health data about you, get a copy of it, and have it deleted, as described under \u201cGet a copy, correct it or delete it\u201d.",
      },
      {
        term: "If we say no",
        detail:
          "If we decline a request, we tell you why. You can ask us to look at it again by replying to our answer. If you are still not satisfied, you can contact the attorney general of the state where you live; in Washington, the Washington State Office of the Attorney General.",
      },
    ],
  },
  contact: {
    title: "How to ask",
    lead: "Send a message with the topic \u201cPrivacy and My Data\u201d, email us, or call. We reply within {reply-time} and complete the request within {request-time}.",
    form: "Send a privacy request",
  },
});

export interface PolicyBlock {
  id: string;
  title: string;
  paragraphs: string[];
  /** A list under the paragraphs: a term and what it means. */
  items?: PolicyTerm[];
}

function months(n: number) {
  return `${n} month${n === 1 ? "" : "s"}`;
}

function days(n: number) {
  return `${n} day${n === 1 ? "" : "s"}`;
}

/** What staff emails carry, as this deployment sends them. */
function staffEmailSentence(facts: PrivacyFacts): string {
  if (facts.staffEmail === "off") return "Staff read what you send in the website's admin; no email is sent about it.";
  if (facts.staffEmail === "link") {
    return "When something arrives, our staff get an email that gives the sender's name, what arrived (a message and its topic, a review and its rating, or an order request and its reference) and a link to the website's admin. What you wrote, your contact details and any health details stay in our database.";
  }
  return "When something arrives, our staff get an email with your message or review and your contact details, so they can reply quickly. The fitting and health details of an order request are never sent by email.";
}

/** Copies sent to another service, as this deployment sends them. */
function forwardSentences(facts: PrivacyFacts): string[] {
  const orderCopy =
    "who asked and how to reach them (name, email address, phone number and location), never the chair, seat or health details";
  if (facts.forwardsMessages) {
    return [
      "A copy of each contact message (your name, email address, phone number and message) and of each new review is also sent to the service the company uses to manage its messages, which keeps it for the company, under the company's instructions.",
      ...(facts.forwardsOrders ? [`For an order request, that copy carries only ${orderCopy}.`] : []),
    ];
  }
  if (facts.forwardsOrders)
    return [
      `A copy of each order request, with ${orderCopy}, is also sent to the service the company uses to manage its orders, which keeps it for the company, under the company's instructions.`,
    ];
  return [];
}

/** The other companies that handle what you send, for us, as this deployment is set up. */
function processors(facts: PrivacyFacts): string[] {
  return [
    ...(facts.staffEmail !== "off" ? ["the email provider that carries our staff notifications"] : []),
    ...(facts.forwardsMessages || facts.forwardsOrders
      ? ["the service that manages our messages, which receives the copies described above"]
      : []),
    ...(facts.hostedOrderForm
      ? [
          "the company that runs the hosted order form the order page also offers: if you use that form instead of ours, what you type there is kept by that company under its own terms",
        ]
      : []),
  ];
}

function sharingSentence(facts: PrivacyFacts): string {
  const others = processors(facts);
  if (others.length === 0) return "No other company handles it.";
  return `The only other ${others.length === 1 ? "company that handles" : "companies that handle"} it, for us, ${others.length === 1 ? "is" : "are"}: ${others.join("; ")}.`;
}

/** Every cookie the site sets, from its declaration (lib/cookies.ts): name, purpose and how long it lasts. */
function cookieList(): string {
  return Object.values(siteCookies)
    .map((cookie) => `\u201c${cookie.name}\u201d ${cookie.purpose}, ${cookie.lasts}.`)
    .join(" ");
}

/**
 * What each marker says on this site: a text, or for {copies} a list of sentences (a paragraph
 * each where the marker is a paragraph of its own). A text that may be empty starts with what
 * joins it to the words before it, if anything, so a marker is written as a word of its own.
 */
function markerValues(facts: PrivacyFacts): Record<PrivacyMarker, string | readonly string[]> {
  const r = facts.retention;
  const forwards = facts.forwardsMessages || facts.forwardsOrders;
  return {
    company: company.name,
    "message-months": months(r.messageMonths),
    "order-months": months(r.orderMonths),
    "review-months": months(r.reviewMonths),
    "spam-days": days(r.spamDays),
    "count-months": months(keptCountMonths),
    "reply-time": company.emailResponse,
    "request-time": dataRequestTime.text,
    cookies: cookieList(),
    "staff-email": staffEmailSentence(facts),
    copies: forwardSentences(facts),
    sharing: sharingSentence(facts),
    "hosted-form-exception": facts.hostedOrderForm
      ? ", except the hosted order form the order page also offers, which comes from the company that runs it"
      : "",
    "deletion-copies": forwards ? "and ask the service that manages our messages to delete its copies" : "",
    "health-email":
      facts.staffEmail === "full"
        ? "Staff notification emails quote messages and reviews, which may mention your health."
        : "",
    "health-copies": facts.forwardsMessages
      ? "A copy of a message or review that mentions your health also goes to the service that manages our messages, as described above."
      : "",
  };
}

type MarkerValues = ReturnType<typeof markerValues>;

// A marker with the one space an editor writes before it, which goes when the marker says nothing
// or starts with punctuation ("companies {hosted-form-exception}." reads "companies." or
// "companies, except …").
const spacedMarker = new RegExp(` ?${markerPattern.source}`, "g");
const joinsWithoutSpace = /^[,.;:!?)]/;

/** `text` with each marker replaced by what it says on this site; an unknown one stays as written. */
function fill(text: string, values: MarkerValues): string {
  return text
    .replace(spacedMarker, (written, name: string) => {
      if (!Object.hasOwn(values, name)) return written;
      const value = values[name as PrivacyMarker];
      const said = typeof value === "string" ? value : value.join(" ");
      const space = written.startsWith(" ") && said !== "" && !joinsWithoutSpace.test(said) ? " " : "";
      return space + said;
    })
    .trim();
}

/**
 * The paragraphs as the page draws them: a paragraph that is only {copies} becomes a paragraph per
 * sentence it says, and one that says nothing on this site is left out.
 */
function fillParagraphs(paragraphs: readonly string[], values: MarkerValues): string[] {
  return paragraphs
    .flatMap((paragraph) => {
      const alone = /^\{([^{}\n]*)\}$/.exec(paragraph);
      const value = alone && Object.hasOwn(values, alone[1]!) ? values[alone[1] as PrivacyMarker] : undefined;
      return Array.isArray(value) ? value : [fill(paragraph, values)];
    })
    .filter((paragraph) => paragraph !== "");
}

function fillTerms(items: readonly PolicyTerm[], values: MarkerValues): PolicyTerm[] {
  return items.map((item) => ({ term: fill(item.term, values), detail: fill(item.detail, values) }));
}

/** The policy as this site states it: the published wording, with each marker replaced by what this site does. */
export function privacyPolicy(facts: PrivacyFacts) {
  const values = markerValues(facts);
  const wording = privacyWording;
  return {
    title: "Privacy Policy",
    description: fill(wording.description, values),
    intro: fill(wording.intro, values),
    blocks: wording.sections.map((section): PolicyBlock => {
      const items = fillTerms(section.items, values);
      return {
        id: section.id,
        title: fill(section.title, values),
        paragraphs: fillParagraphs(section.paragraphs, values),
        ...(items.length > 0 ? { items } : {}),
      };
    }),

    /** The consumer-health-data section: its own heading and anchor, linked from every page's footer. */
    health: {
      id: privacyPageAnchors.health,
      title: fill(wording.health.title, values),
      lead: fill(wording.health.lead, values),
      items: fillTerms(wording.health.items, values),
    },

    contact: {
      id: privacyPageAnchors.howToAsk,
      title: fill(wording.contact.title, values),
      lead: fill(wording.contact.lead, values),
      form: fill(wording.contact.form, values),
    },
  };
}
