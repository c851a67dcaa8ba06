/**
 * Every company fact the site states, in one place. Pages read from here and never repeat a
 * phone number, an email or a claim. Values the company still has to supply are marked with
 * `placeholder` and listed by `npm run content:check`.
 */

import { defineContent } from "./live";

export interface Placeholder {
  placeholder: true;
  /** What the company needs to supply before launch. */
  todo: string;
}

export const company = defineContent("company", {
  name: "Aquila",
  productName: "SofTech",
  productFullName: "SofTech alternating-pressure cushion system",
  tagline: "Take Control of your Healing",
  founded: 1999,
  /** How many people use the cushion, as the company states it. */
  usersWorldwide: "1000+",
  newOwnership: 2025,
  phone: {
    display: "866-7AQUILA (727-8452)",
    /** The dialable form, for tel: links. */
    dial: "+18667278452",
  },
  hours: {
    short: "Mon–Fri, 9 a.m.–5 p.m. ET",
    long: "Monday–Friday, 9 a.m.–5 p.m. Eastern Time",
  },
  /**
   * The same hours for the business calendar (app/lib/business-calendar.server.ts), which dates
   * every reply promise: the company's time zone, open weekdays (0 is Sunday), opening and closing
   * hours, and days the office is closed beyond the US federal holidays ("YYYY-MM-DD").
   */
  businessHours: {
    timeZone: "America/New_York",
    openDays: [1, 2, 3, 4, 5],
    opens: 9,
    closes: 17,
    closedDays: [] as readonly string[],
  },
  emailResponse: "1-2 business days",
  productResponse: "within 1 business day",
  consultationWithin: "24 hours",
} as const);

/** The support email is configuration (SITE_EMAIL); the root loader provides it to every page. */
export const defaultSupportEmail = "support@aquila.example";

export interface Regulatory {
  /** What the device is, as regulators class it. */
  classification: string;
  /** Its clearances and approvals, in the order the product page lists them. */
  clearances: string[];
}

/**
 * The cushion's regulatory status (docs/requirements.md §2.1), edited in the admin. Other items'
 * first wording states it in words of its own (the about page's history, the FAQ, the home page's
 * clinical evidence); those stay as their editors write them.
 */
export const regulatory = defineContent<Regulatory>("regulatory", {
  classification: "Class II medical device",
  clearances: ["FDA-cleared", "CE marked", "Clinician approved"],
});

/** What comes with every cushion, and how it travels: stated on /paying, the FAQ and the order page. */
export const commitments = defineContent("commitments", {
  guaranteeDays: 30,
  warrantyMonths: 18,
  shipping: {
    ground: "by ground carrier within the U.S., which takes 3-5 business days",
    expedited: "1-day and 2-day expedited shipping",
    abroad: "to select countries outside the U.S.",
  },
  reconfiguration: "for a fee, quoted at your consultation",
} as const);

/**
 * How the cushion is paid for (docs/requirements.md §2.1): it is durable medical equipment with a billing
 * code; the company does not bill insurance, dealers do. The code itself is the company's to
 * supply; until then the pages say how to ask for it, never a guess.
 */
export const coverage = defineContent<{
  equipmentClass: string;
  billingCode: { code: string | null } & Partial<Placeholder>;
}>("coverage", {
  equipmentClass: "durable medical equipment (DME)",
  billingCode: {
    code: null,
    placeholder: true,
    todo: "The SofTech system's insurance billing code; /paying shows it to dealers and users.",
  },
});

/** The medical disclaimer at the foot of every page (docs/requirements.md §2.3), edited in the admin. */
export const disclaimer = defineContent("disclaimer", {
  text: "The SofTech system is not intended to diagnose, treat, cure or prevent any disease. Individual experiences vary; talk to your clinician about your own care.",
});

export const credit = defineContent<{ label: string; href: string } & Partial<Placeholder>>("credit", {
  label: "Website by the Aquila web team",
  href: "/about",
  placeholder: true,
  todo: "Name and link of the web developer to credit under the footer.",
});
