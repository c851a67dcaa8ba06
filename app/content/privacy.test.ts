import { describe, expect, it } from "vitest";
import { parseConfig, privacyFacts } from "~/lib/config.server";
import { privacyPolicy } from "./privacy";

/** The policy says what this deployment does: the words follow the configuration. */
function policyFor(env: Record<string, string>) {
  return privacyPolicy(privacyFacts(parseConfig(env)));
}

function where(env: Record<string, string>) {
  return (
    policyFor(env)
      .blocks.find((block) => block.id === "where")
      ?.paragraphs.join(" ") ?? ""
  );
}

/** Everything the page says, as one text. */
function whole(env: Record<string, string>) {
  const policy = policyFor(env);
  return JSON.stringify(policy);
}

describe("the privacy policy's words", () => {
  it("say what staff emails carry: nothing sent, a name and a link, or the message itself", () => {
    expect(where({})).toContain("no email is sent about it");
    expect(where({ SMTP_HOST: "mail.example" })).toContain("gives the sender's name, what arrived");
    expect(where({ SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" })).toContain(
      "an email with your message or review and your contact details",
    );
    expect(where({ SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" })).toContain(
      "fitting and health details of an order request are never sent by email",
    );
  });

  it("say when copies are forwarded to another service, and what an order's copy leaves out", () => {
    expect(where({})).not.toContain("also sent to the service");
    expect(where({ CONTACT_FORWARD_URL: "https://forms.example/in" })).toContain(
      "is also sent to the service the company uses to manage its messages",
    );
    expect(where({ CONTACT_FORWARD_URL: "https://forms.example/in" })).toContain(
      "never the chair, seat or health details",
    );
  });

  it("with an order forward alone, say a copy of each order request is sent, without its health details", () => {
    const text = where({ ORDER_FORWARD_URL: "https://forms.example/orders" });
    expect(text).toContain("A copy of each order request, with who asked and how to reach them");
    expect(text).toContain("never the chair, seat or health details");
    expect(text).not.toContain("contact message");
  });

  it("never say no other company handles the data when one does, in the sharing and the health-data sections alike", () => {
    expect(whole({})).toContain("No other company handles it.");
    const forwarding = whole({ SMTP_HOST: "mail.example", CONTACT_FORWARD_URL: "https://forms.example/in" });
    expect(forwarding).not.toContain("No other company handles it.");
    expect(forwarding).toContain("the email provider that carries our staff notifications");
    expect(forwarding).toContain("the service that manages our messages");
    expect(forwarding).toContain(
      "A copy of a message or review that mentions your health also goes to the service that manages our messages",
    );
    expect(forwarding).toContain("ask the service that manages our messages to delete its copies");
    const hosted = whole({ ORDER_FORM_URL: "https://forms.example/order" });
    expect(hosted).toContain("the company that runs the hosted order form");
    expect(hosted).toContain("except the hosted order form the order page also offers");
    expect(whole({})).not.toContain("hosted order form");
  });

  it("state the configured periods", () => {
    const policy = privacyPolicy(
      privacyFacts(
        parseConfig({
          MESSAGE_RETENTION_MONTHS: "1",
          ORDER_RETENTION_MONTHS: "36",
          REVIEW_RETENTION_MONTHS: "6",
          SPAM_RETENTION_DAYS: "7",
        }),
      ),
    );
    const howLong =
      policy.blocks.find((block) => block.id === "how-long")?.items?.map((item) => `${item.term}: ${item.detail}`) ??
      [];
    expect(howLong).toContain("A contact message: Until we have answered it, then until 1 month after it arrived.");
    expect(howLong).toContain("An order request: Until it is closed, then until 36 months after it arrived.");
    expect(howLong).toContain(
      "A review we did not publish: 6 months after our decision. Only a count of it is kept, so the figures on the reviews page stay complete.",
    );
    expect(howLong).toContain("Anything held as automated: 7 days after it arrived.");
  });
});
