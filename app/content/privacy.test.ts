import { afterEach, describe, expect, it } from "vitest";
import { parseConfig, privacyFacts } from "~/lib/config.server";
import { initialContent, setContentSource } from "./live";
import { privacyPolicy, type PrivacyWording } from "./privacy";

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

describe("the privacy policy's wording, as an editor changes it", () => {
  afterEach(() => setContentSource(undefined));

  /** The page as drawn with `wording` published in place of the initial one. */
  function publishedAs(wording: PrivacyWording) {
    setContentSource({ read: (key) => (key === "privacy" ? wording : undefined), changed: () => undefined });
  }

  function edited(change: (wording: PrivacyWording) => void): PrivacyWording {
    const wording = JSON.parse(JSON.stringify(initialContent("privacy"))) as PrivacyWording;
    change(wording);
    return wording;
  }

  /** Every text of the policy as drawn, for what no text may hold. */
  const texts = (value: unknown): string[] =>
    typeof value === "string" ? [value] : typeof value === "object" && value ? Object.values(value).flatMap(texts) : [];

  const section = (policy: ReturnType<typeof policyFor>, id: string) => policy.blocks.find((block) => block.id === id)!;

  const noEmail = "Staff read what you send in the website's admin; no email is sent about it.";
  const linkEmail =
    /^When something arrives, our staff get an email that gives the sender's name, .* stay in our database\./;
  const fullEmail =
    /^When something arrives, our staff get an email with your message or review .* never sent by email\./;
  const onlyOther = (who: string) => `The only other company that handles it, for us, is: ${who}.`;
  const byEmail = onlyOther("the email provider that carries our staff notifications");
  const byService = onlyOther("the service that manages our messages, which receives the copies described above");
  const copiesDeleted = "Deleted on request and ask the service that manages our messages to delete its copies;";

  /** Each configuration, with what the rewritten wording below must then say. */
  const variants: Array<
    [string, Record<string, string>, { periods: string; emails: string | RegExp; sharing: string; deletion: string }]
  > = [
    [
      "the defaults",
      {},
      {
        periods: "24 months, orders 24 months",
        emails: noEmail,
        sharing: "No other company handles it.",
        deletion: "Deleted on request; spam after 30 days.",
      },
    ],
    [
      "staff emails with a link",
      { SMTP_HOST: "mail.example" },
      {
        periods: "24 months, orders 24 months",
        emails: linkEmail,
        sharing: byEmail,
        deletion: "Deleted on request; spam after 30 days.",
      },
    ],
    [
      "staff emails in full",
      { SMTP_HOST: "mail.example", STAFF_EMAIL_CONTENT: "full" },
      {
        periods: "24 months, orders 24 months",
        emails: fullEmail,
        sharing: byEmail,
        deletion: "Deleted on request; spam after 30 days.",
      },
    ],
    [
      "messages forwarded",
      { CONTACT_FORWARD_URL: "https://forms.example/in" },
      {
        periods: "24 months, orders 24 months",
        emails: noEmail,
        sharing: byService,
        deletion: `${copiesDeleted} spam after 30 days.`,
      },
    ],
    [
      "orders forwarded",
      { ORDER_FORWARD_URL: "https://forms.example/orders" },
      {
        periods: "24 months, orders 24 months",
        emails: noEmail,
        sharing: byService,
        deletion: `${copiesDeleted} spam after 30 days.`,
      },
    ],
    [
      "a hosted order form",
      { ORDER_FORM_URL: "https://forms.example/order" },
      {
        periods: "24 months, orders 24 months",
        emails: noEmail,
        sharing: onlyOther(
          "the company that runs the hosted order form the order page also offers: if you use that form instead of ours, what you type there is kept by that company under its own terms",
        ),
        deletion: "Deleted on request; spam after 30 days.",
      },
    ],
    [
      "other periods",
      {
        MESSAGE_RETENTION_MONTHS: "1",
        ORDER_RETENTION_MONTHS: "36",
        REVIEW_RETENTION_MONTHS: "6",
        SPAM_RETENTION_DAYS: "7",
      },
      {
        periods: "1 month, orders 36 months",
        emails: noEmail,
        sharing: "No other company handles it.",
        deletion: "Deleted on request; spam after 7 days.",
      },
    ],
  ];

  it.each(variants)("with %s, state what the configuration says, as written first or rewritten", (_name, env, says) => {
    expect(texts(policyFor(env)).filter((text) => /[{}]/.test(text))).toEqual([]);
    publishedAs(
      edited((wording) => {
        wording.intro = "{company} wrote this. Messages stay {message-months}, orders {order-months}.";
        wording.sections.push({
          id: "in-short",
          title: "In short at {company}",
          paragraphs: ["{staff-email}", "{sharing}", "Deleted on request {deletion-copies}; spam after {spam-days}."],
          items: [{ term: "Reviews", detail: "{review-months}, counts {count-months}." }],
        });
      }),
    );
    const policy = policyFor(env);
    expect(texts(policy).filter((text) => /[{}]|\s\s/.test(text))).toEqual([]);
    expect(policy.intro).toBe(`Aquila wrote this. Messages stay ${says.periods}.`);
    const inShort = section(policy, "in-short");
    expect(inShort.title).toBe("In short at Aquila");
    const [emails, sharing, deletion] = inShort.paragraphs;
    expect(emails).toEqual(typeof says.emails === "string" ? says.emails : expect.stringMatching(says.emails));
    expect(sharing).toBe(says.sharing);
    expect(deletion).toBe(says.deletion);
    expect(inShort.items).toEqual([
      { term: "Reviews", detail: `${env.REVIEW_RETENTION_MONTHS ?? 12} months, counts 25 months.` },
    ]);
  });

  it("state each rewritten marker as the configuration says", () => {
    publishedAs(
      edited((wording) => {
        wording.intro = "Messages stay {message-months}, orders {order-months}, spam {spam-days}.";
        wording.sections.push({
          id: "in-short",
          title: "In short",
          paragraphs: [
            "{staff-email} {sharing}",
            "Deleted on request {deletion-copies}.",
            "Loads nothing {hosted-form-exception}.",
          ],
          items: [
            { term: "Reviews", detail: "{review-months}; counts {count-months}. {health-email} {health-copies} End." },
          ],
        });
      }),
    );
    const plain = policyFor({});
    expect(plain.intro).toBe("Messages stay 24 months, orders 24 months, spam 30 days.");
    expect(section(plain, "in-short").paragraphs).toEqual([
      "Staff read what you send in the website's admin; no email is sent about it. No other company handles it.",
      "Deleted on request.",
      "Loads nothing.",
    ]);
    expect(section(plain, "in-short").items).toEqual([
      { term: "Reviews", detail: "12 months; counts 25 months. End." },
    ]);

    const everything = policyFor({
      SMTP_HOST: "mail.example",
      STAFF_EMAIL_CONTENT: "full",
      CONTACT_FORWARD_URL: "https://forms.example/in",
      ORDER_FORM_URL: "https://forms.example/order",
      MESSAGE_RETENTION_MONTHS: "1",
      ORDER_RETENTION_MONTHS: "36",
      REVIEW_RETENTION_MONTHS: "6",
      SPAM_RETENTION_DAYS: "1",
    });
    expect(everything.intro).toBe("Messages stay 1 month, orders 36 months, spam 1 day.");
    const [emails, deleted, loads] = section(everything, "in-short").paragraphs;
    expect(emails).toMatch(/^When something arrives, our staff get an email with your message or review/);
    expect(emails).toContain(
      "reply quickly. The fitting and health details of an order request are never sent by email. The only other companies that handle it, for us, are: the email provider",
    );
    expect(emails).toContain("the company that runs the hosted order form");
    expect(deleted).toBe("Deleted on request and ask the service that manages our messages to delete its copies.");
    expect(loads).toBe(
      "Loads nothing, except the hosted order form the order page also offers, which comes from the company that runs it.",
    );
    expect(section(everything, "in-short").items![0]!.detail).toBe(
      "6 months; counts 25 months. Staff notification emails quote messages and reviews, which may mention your health. A copy of a message or review that mentions your health also goes to the service that manages our messages, as described above. End.",
    );
  });

  it("expand a paragraph that is only {copies} into a paragraph per copy sent: none, one or two", () => {
    publishedAs(
      edited((wording) => {
        const where = wording.sections.find((entry) => entry.id === "where")!;
        where.paragraphs = ["Before.", "{copies}", "After."];
      }),
    );
    const paragraphs = (env: Record<string, string>) => section(policyFor(env), "where").paragraphs;
    expect(paragraphs({})).toEqual(["Before.", "After."]);
    const orders = paragraphs({ ORDER_FORWARD_URL: "https://forms.example/orders" });
    expect(orders).toHaveLength(3);
    expect(orders[1]).toMatch(/^A copy of each order request, with who asked/);
    const both = paragraphs({ CONTACT_FORWARD_URL: "https://forms.example/in" });
    expect(both).toHaveLength(4);
    expect(both[1]).toMatch(/^A copy of each contact message/);
    expect(both[2]).toMatch(/^For an order request, that copy carries only who asked/);
  });

  it("leave out a paragraph that says nothing on this site, and keep a marker inside a sentence in it", () => {
    publishedAs(
      edited((wording) => {
        const where = wording.sections.find((entry) => entry.id === "where")!;
        where.paragraphs = ["{health-email}", "Copies: {copies}", "Done."];
      }),
    );
    expect(section(policyFor({}), "where").paragraphs).toEqual(["Copies:", "Done."]);
    const forwarded = section(policyFor({ CONTACT_FORWARD_URL: "https://forms.example/in" }), "where").paragraphs;
    expect(forwarded).toHaveLength(2);
    expect(forwarded[0]).toMatch(
      /^Copies: A copy of each contact message .*\. For an order request, that copy carries only/,
    );
  });
});
