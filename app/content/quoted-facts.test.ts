import { afterEach, describe, expect, it } from "vitest";
import { contactPage, contactSearch } from "./contact";
import { heroClaims, keyFigures } from "./home";
import { initialContent, readChangedContent, setContentSource } from "./live";
import { contentItems } from "./items";
import { orderPage, orderSteps } from "./order";
import { factItem, factLabel } from "./quoted-fact-labels";
import { factNames, withFacts, withFactsAnd } from "./quoted-facts";
import { trustSignals } from "./trust-band";

afterEach(() => setContentSource(undefined));

describe("texts that quote company facts", () => {
  it("write in each fact as the company facts hold it when the text is written", () => {
    expect(withFacts("Within {emailResponse}; {hours}; a call within {consultationWithin}.")).toBe(
      "Within 1-2 business days; Monday–Friday, 9 a.m.–5 p.m. Eastern Time; a call within 24 hours.",
    );
    const company = initialContent("company") as Record<string, unknown>;
    readChangedContent({ company: { ...company, emailResponse: "1 business day" } });
    expect(withFacts("Within {emailResponse}.")).toBe("Within 1 business day.");
  });

  it("write in the company's name, year, users, guarantee, warranty and classification as their items hold them", () => {
    const text =
      "{companyName} since {founded}, {usersWorldwide} users, {guaranteeDays} days, {warrantyMonths} months, a {classification}";
    expect(withFacts(text)).toBe("Aquila since 1999, 1000+ users, 30 days, 18 months, a Class II medical device");
    readChangedContent({
      company: {
        ...(initialContent("company") as object),
        name: "Aquila Medical",
        founded: 2001,
        usersWorldwide: "2000+",
      },
      commitments: { ...(initialContent("commitments") as object), guaranteeDays: 45, warrantyMonths: 24 },
      regulatory: { ...(initialContent("regulatory") as object), classification: "Class I medical device" },
    });
    expect(withFacts(text)).toBe(
      "Aquila Medical since 2001, 2000+ users, 45 days, 24 months, a Class I medical device",
    );
  });

  it("draw the contact page's badges and response time as before they were content, and follow the facts", () => {
    expect([contactPage.badges.email, contactPage.badges.phone].map(withFacts)).toEqual([
      "Email response in 1-2 business days",
      "Phone support Monday–Friday, 9 a.m.–5 p.m. Eastern Time",
    ]);
    expect(withFacts(contactPage.responseTime)).toBe("We reply to messages within 1-2 business days.");
    const company = initialContent("company") as Record<string, unknown>;
    readChangedContent({ company: { ...company, emailResponse: "1 business day" } });
    expect(withFacts(contactPage.badges.email)).toBe("Email response in 1 business day");
    expect(withFacts(contactPage.responseTime)).toBe("We reply to messages within 1 business day.");
    expect(contactSearch().description).toMatch(/we reply within 1 business day\.$/);
    // An editor's rewording is read as published, with the fact still written in.
    readChangedContent({
      company: { ...company, emailResponse: "1 business day" },
      contact: {
        ...(initialContent("contact") as object),
        responseTime: "Answers within {emailResponse}, often sooner.",
      },
    });
    expect(withFacts(contactPage.responseTime)).toBe("Answers within 1 business day, often sooner.");
  });

  it("draw the order page's consultation step as before it was content, and follow the promised time", () => {
    expect(withFacts(orderSteps[1]!.body)).toBe(
      "We contact you within 24 hours to talk through your needs, your chair and your options.",
    );
    const company = initialContent("company") as Record<string, unknown>;
    readChangedContent({ company: { ...company, consultationWithin: "one business day" } });
    expect(withFacts(orderSteps[1]!.body)).toMatch(/^We contact you within one business day to/);
  });

  it("draw the order page's introduction as before it was content, and follow the promised time", () => {
    expect(orderPage.title).toBe("Request Your Custom Aquila Pad");
    expect(withFacts(orderPage.intro)).toBe(
      "Every SofTech cushion is built for the person who sits on it. Tell us about yourself and an expert will be in touch within 24 hours.",
    );
    const company = initialContent("company") as Record<string, unknown>;
    readChangedContent({ company: { ...company, name: "Aquila Health", consultationWithin: "one business day" } });
    expect(withFacts(orderPage.intro)).toMatch(/an expert will be in touch within one business day\.$/);
    // The company's name in the heading is free wording: it stays as the item holds it.
    expect(orderPage.title).toBe("Request Your Custom Aquila Pad");
  });

  it("draw the home page's claims and figures as before they were content, and follow the facts", () => {
    expect(heroClaims().at(-1)).toBe("1000+ users worldwide");
    expect(keyFigures().map((figure) => [figure.value, figure.unit, figure.label])).toEqual([
      ["60", "seconds", "About this often, the air cells cycle, all day"],
      ["24–30", "hours", "Of use on one charge; it recharges in 3-4 hours"],
      ["18", "months", "Manufacturer warranty"],
      ["30", "days", "Satisfaction guarantee"],
      ["1000+", undefined, "Users worldwide"],
      ["1999", undefined, "The year Aquila was founded"],
    ]);
    readChangedContent({
      company: { ...(initialContent("company") as object), usersWorldwide: "2000+", founded: 2001 },
      commitments: { ...(initialContent("commitments") as object), warrantyMonths: 24, guaranteeDays: 45 },
    });
    expect(heroClaims().at(-1)).toBe("2000+ users worldwide");
    expect(keyFigures().map((figure) => figure.value)).toEqual(["60", "24–30", "24", "45", "2000+", "2001"]);
  });

  it("draw the trust band as before it was content, and follow the facts and the billing code", () => {
    const lines = () => trustSignals().map((signal) => [signal.mark, signal.title, signal.detail]);
    expect(lines()).toEqual([
      ["shield", "FDA-cleared", "Class II medical device"],
      ["check", "CE marked", undefined],
      ["code", "Insurance coded", "Ask us for the billing code"],
      ["bulb", "Two active patents", "Patented technology"],
      ["calendar", "18-month warranty", "From the manufacturer"],
      ["return", "30-day guarantee", "Satisfaction guarantee"],
    ]);
    expect(trustSignals()[1]).not.toHaveProperty("detail");
    readChangedContent({
      commitments: { ...(initialContent("commitments") as object), warrantyMonths: 24, guaranteeDays: 45 },
      coverage: { ...(initialContent("coverage") as object), billingCode: { code: "E0000" } },
      regulatory: { ...(initialContent("regulatory") as object), classification: "Class I medical device" },
    });
    expect(lines().map(([, title, detail]) => [title, detail].filter(Boolean).join(": "))).toEqual([
      "FDA-cleared: Class I medical device",
      "CE marked",
      "Insurance coded: Billing code E0000",
      "Two active patents: Patented technology",
      "24-month warranty: From the manufacturer",
      "45-day guarantee: Satisfaction guarantee",
    ]);
  });

  it("write a field's own name only where its value is given, and a fact's as the facts hold it", () => {
    expect(withFactsAnd("Code {billingCode} since {founded}", { billingCode: "E0000" })).toBe("Code E0000 since 1999");
    expect(withFacts("Code {billingCode}")).toBe("Code {billingCode}");
  });

  it("leave a name that is no fact as typed (the schema refuses it before it is published)", () => {
    expect(withFacts("Fax {fax} or write within {emailResponse}")).toBe("Fax {fax} or write within 1-2 business days");
  });
});

describe("what the admin calls each fact", () => {
  it("names, for every fact, an item an editor can open", () => {
    const titles = new Set(contentItems.map((item) => item.title));
    for (const name of factNames) {
      expect(titles, name).toContain(factItem(name));
      expect(factLabel(name), name).not.toBe("");
    }
  });
});
