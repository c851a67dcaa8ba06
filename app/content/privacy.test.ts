import { describe, expect, it } from "vitest";
import { parseConfig, privacyFacts } from "~/lib/config.server";
import { privacyPolicy } from "./privacy";

/** The policy says what this deployment does: the words follow the configuration. */
function where(env: Record<string, string>) {
  const policy = privacyPolicy(privacyFacts(parseConfig(env)));
  return policy.blocks.find((block) => block.id === "where")?.paragraphs.join(" ") ?? "";
}

describe("the privacy policy's words", () => {
  it("say what staff emails carry: nothing sent, a name and a link, or the message itself", () => {
    expect(where({})).toContain("no email is sent about it");
    expect(where({ SMTP_HOST: "mail.example" })).toContain("gives only the sender's name and a link");
    expect(where({ SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" })).toContain("an email with your message or review and your contact details");
    expect(where({ SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" })).toContain("fitting and health details of an order request are never sent by email");
  });

  it("say when copies are forwarded to another service, and what an order's copy leaves out", () => {
    expect(where({})).not.toContain("also sent to the service");
    expect(where({ CONTACT_FORWARD_URL: "https://forms.example/in" })).toContain("is also sent to the service the company uses to manage its messages");
    expect(where({ CONTACT_FORWARD_URL: "https://forms.example/in" })).toContain("never the chair, seat or health details");
  });

  it("state the configured periods", () => {
    const policy = privacyPolicy(privacyFacts(parseConfig({ MESSAGE_RETENTION_MONTHS: "1", ORDER_RETENTION_MONTHS: "36", REVIEW_RETENTION_MONTHS: "6", SPAM_RETENTION_DAYS: "7" })));
    const howLong = policy.blocks.find((block) => block.id === "how-long")?.items?.map((item) => `${item.term}: ${item.detail}`) ?? [];
    expect(howLong).toContain("A contact message: Until we have answered it, then until 1 month after it arrived.");
    expect(howLong).toContain("An order request: Until it is closed, then until 36 months after it arrived.");
    expect(howLong).toContain("A review we did not publish: 6 months after our decision. Only a count of it is kept, so the figures on the reviews page stay complete.");
    expect(howLong).toContain("Anything held as automated: 7 days after it arrived.");
  });
});
