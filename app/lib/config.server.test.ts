import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, privacyFacts, renderFingerprint } from "./config.server";

describe("configuration", () => {
  it("starts with nothing configured", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("./data/aquila.sqlite");
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.siteEmail).toMatch(/@aquila\.example$/);
    expect(config.smtp).toBeUndefined();
  });

  it("names every variable that is wrong", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "seventy", SITE_URL: "not a url", SITE_EMAIL: "nobody" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("SITE_URL");
    expect(message).toContain("SITE_EMAIL");
  });

  it("keeps only the origin of SITE_URL", () => {
    expect(parseConfig({ SITE_URL: "https://www.example.com/some/path" }).siteUrl).toBe("https://www.example.com");
  });

  it("refuses a short admin password", () => {
    expect(() => parseConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });

  it("trusts no proxy unless told, and then only the hops or addresses it names", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
  });

  it("refuses to trust every hop, which let a client choose its own address", () => {
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true .*no longer accepted/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "nginx" })).toThrow(/TRUST_PROXY/);
  });

  it("keeps each kind of submission for its own period, orders as long as messages unless told", () => {
    expect(parseConfig({}).retention).toEqual({ messageMonths: 24, orderMonths: 24, reviewMonths: 12, spamDays: 30 });
    expect(parseConfig({ MESSAGE_RETENTION_MONTHS: "6" }).retention.orderMonths).toBe(6);
    expect(
      parseConfig({
        MESSAGE_RETENTION_MONTHS: "6",
        ORDER_RETENTION_MONTHS: "36",
        REVIEW_RETENTION_MONTHS: "3",
        SPAM_RETENTION_DAYS: "7",
      }).retention,
    ).toEqual({
      messageMonths: 6,
      orderMonths: 36,
      reviewMonths: 3,
      spamDays: 7,
    });
    expect(() => parseConfig({ SPAM_RETENTION_DAYS: "0" })).toThrow(/SPAM_RETENTION_DAYS/);
    expect(() => parseConfig({ REVIEW_RETENTION_MONTHS: "forever" })).toThrow(/REVIEW_RETENTION_MONTHS/);
  });

  it("sends staff a name and a link unless STAFF_EMAIL_CONTENT=full, and refuses anything else", () => {
    expect(parseConfig({}).staffEmailContent).toBe("link");
    expect(parseConfig({ STAFF_EMAIL_CONTENT: "full" }).staffEmailContent).toBe("full");
    expect(() => parseConfig({ STAFF_EMAIL_CONTENT: "everything" })).toThrow(/STAFF_EMAIL_CONTENT/);
  });

  it("renders the privacy page again when what it states changes: a period, what staff emails carry, a forward", () => {
    const base = parseConfig({});
    expect(privacyFacts(base)).toEqual({
      retention: base.retention,
      staffEmail: "off",
      forwardsMessages: false,
      forwardsOrders: false,
      hostedOrderForm: false,
    });
    expect(privacyFacts(parseConfig({ SMTP_HOST: "mail.example" })).staffEmail).toBe("link");
    for (const changed of [
      { REVIEW_RETENTION_MONTHS: "6" },
      { SMTP_HOST: "mail.example" },
      { SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" },
      { CONTACT_FORWARD_URL: "https://forms.example/in" },
      { ORDER_FORM_URL: "https://forms.example/order" },
    ]) {
      expect(renderFingerprint(parseConfig(changed)), JSON.stringify(changed)).not.toBe(renderFingerprint(base));
    }
    // What the page does not state does not render it again.
    expect(renderFingerprint(parseConfig({ STAFF_EMAIL: "staff@aquila.example" }))).toBe(renderFingerprint(base));
  });
});
