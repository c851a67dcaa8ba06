import { afterEach, describe, expect, it } from "vitest";
import { claimsForReview } from "./claims";
import { contentItem } from "./items";
import { initialContent, readChangedContent, setContentSource } from "./live";

afterEach(() => setContentSource(undefined));

/**
 * Each claim a fresh site makes, word for word, by where visitors read it. A review is of one
 * exact wording (app/content/checklist.server.ts), so a claim worded differently from the same
 * content would lose the reviews owners have made.
 */
const freshClaims: Array<[where: string, texts: string[]]> = [
  ["tagline: home page, footer", ["Take Control of your Healing"]],
  ["home page headline", ["Engineered to Heal. Customized for You."]],
  ["home page button", ["See How It Heals"]],
  [
    "home page list under the headline",
    [
      "Fully automatic",
      "Custom programmed",
      "Built for real life",
      "Proven technology",
      "Trusted solutions",
      "Endless customization",
      "Insurance coded",
      "1000+ users worldwide",
    ],
  ],
  [
    "home page, about page, product page, FAQ",
    ["Class II medical device", "FDA-cleared", "CE marked", "Clinician approved"],
  ],
  [
    "home page, clinical evidence",
    [
      "Proven technology you can trust",
      "The SofTech system is a regulated medical device, built on patented technology and approved by clinicians.",
    ],
  ],
  [
    "case studies page",
    [
      "Pressure Sore Healing: 94% healing improvement (completed)",
      "Prevention Efficacy: 87% prevention rate (completed)",
      "User Satisfaction: 95% satisfaction rate (ongoing)",
    ],
  ],
  ["home page, FAQ, paying for SofTech page", ["30-day satisfaction guarantee", "18-month manufacturer warranty"]],
  [
    "trust band: home, product and order pages",
    [
      "FDA-cleared: Class II medical device",
      "CE marked",
      "Insurance coded: Ask us for the billing code",
      "Two active patents: Patented technology",
      "18-month warranty: From the manufacturer",
      "30-day guarantee: Satisfaction guarantee",
    ],
  ],
  [
    "home page, figures",
    [
      "60 seconds: About this often, the air cells cycle, all day",
      "24–30 hours: Of use on one charge; it recharges in 3-4 hours",
      "18 months: Manufacturer warranty",
      "30 days: Satisfaction guarantee",
      "1000+: Users worldwide",
      "1999: The year Aquila was founded",
    ],
  ],
  [
    "footer of every page",
    [
      "The SofTech system is not intended to diagnose, treat, cure or prevent any disease. Individual experiences vary; talk to your clinician about your own care.",
    ],
  ],
];

describe("the claims for the company's review", () => {
  it("are, on a fresh site, the wordings the site has always stated, where it stated them", () => {
    expect(claimsForReview().map(({ where, text }) => [where, text])).toEqual(
      freshClaims.flatMap(([where, texts]) => texts.map((text) => [where, text])),
    );
  });

  it("each name the content item an editor changes it in (docs/requirements.md §7.13)", () => {
    for (const claim of claimsForReview()) {
      expect(claim.item, claim.text).toBeTypeOf("string");
      expect(contentItem(claim.item), `${claim.text}: ${claim.item}`).toBeDefined();
    }
  });

  it("follow the facts they state when those facts' items change", () => {
    readChangedContent({
      commitments: { ...(initialContent("commitments") as object), warrantyMonths: 24 },
      coverage: { ...(initialContent("coverage") as object), billingCode: { code: "E0000" } },
      company: { ...(initialContent("company") as object), usersWorldwide: "2000+" },
    });
    const texts = claimsForReview().map((claim) => claim.text);
    for (const text of [
      "24-month manufacturer warranty",
      "24-month warranty: From the manufacturer",
      "24 months: Manufacturer warranty",
      "Insurance coded: Billing code E0000",
      "2000+ users worldwide",
      "2000+: Users worldwide",
    ])
      expect(texts).toContain(text);
    expect(texts.filter((text) => /\b18\b|1000\+|Ask us/.test(text))).toEqual([]);
  });

  it("read an editor's published wording, with the facts it quotes written in", () => {
    const figures = initialContent("key-figures") as Array<Record<string, unknown>>;
    readChangedContent({
      "hero-claims": ["Automatic, all day", "Trusted by {usersWorldwide}"],
      "key-figures": [{ ...figures[2], label: "Months of warranty from {companyName}" }],
      disclaimer: { text: "Not a treatment. Ask your clinician." },
    });
    const claims = claimsForReview();
    expect(claims.filter((claim) => claim.item === "hero-claims").map((claim) => claim.text)).toEqual([
      "Automatic, all day",
      "Trusted by 1000+",
    ]);
    expect(claims.filter((claim) => claim.item === "key-figures").map((claim) => claim.text)).toEqual([
      "18 months: Months of warranty from Aquila",
    ]);
    expect(claims.at(-1)).toEqual({
      text: "Not a treatment. Ask your clinician.",
      where: "footer of every page",
      item: "disclaimer",
    });
  });
});
