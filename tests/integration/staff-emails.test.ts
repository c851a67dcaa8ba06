import { afterEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { deliveryKinds } from "~/deliveries.server";
import { storeContactMessage } from "~/features/contact/store.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { createReview } from "~/features/reviews/store.server";
import { ReviewSchema } from "~/features/reviews/schema";
import { parseConfig } from "~/lib/config.server";
import type { SpamReason } from "~/lib/forms";
import { setLogLevel } from "~/lib/logger.server";
import { deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { useTestDatabase } from "~/lib/test-database";
import { readMail, startSmtp } from "../support/mail";
import { completeOrderForm } from "../support/orders";

setLogLevel("silent");

/**
 * Staff emails carry no health details by default: each kind of submission is sent with a
 * distinctive value in every field a visitor types, and the staff email that goes out through a
 * real SMTP server holds none of them, only the name and a link to the record in the admin.
 */
const typed = {
  contact: {
    name: "Nadia Quill",
    email: "typed.contact@example.com",
    phone: "555-777-0101",
    topic: "support",
    message: "TYPED-MESSAGE my pressure sore on the left hip is worse after long days",
    consent: "on",
  },
  review: {
    name: "Ruth Quill",
    email: "typed.review@example.com",
    rating: 8,
    quote: "TYPED-QUOTE since my spinal cord injury this cushion keeps my skin whole",
    context: "TYPED-CONTEXT Portland, T4 paraplegia",
    tags: ["comfort"],
  },
  order: {
    ...completeOrderForm,
    submittedBy: "other",
    submitterName: "TYPED-SUBMITTER Lee",
    submitterRelationship: "clinician",
    firstName: "Omar",
    lastName: "Quill",
    email: "typed.order@example.com",
    phone: "555-777-0303",
    country: "TYPED-COUNTRY",
    state: "TYPED-STATE",
    zipCode: "TYPEDZIP9",
    seatWidth: "17.25",
    seatDepth: "19.75",
    currentCushion: "TYPED-CUSHION gel",
    medicalNotes: "TYPED-NOTES stage 2 ulcer, sacrum",
  },
};

/** Every value a visitor typed, apart from the names an email may carry. */
const typedValues = {
  contact: [typed.contact.email, typed.contact.phone, typed.contact.message, "TYPED-MESSAGE"],
  review: [typed.review.email, typed.review.quote, typed.review.context, "TYPED-QUOTE", "TYPED-CONTEXT"],
  order: [
    typed.order.email,
    typed.order.phone,
    "TYPED-SUBMITTER",
    "TYPED-COUNTRY",
    "TYPED-STATE",
    "TYPEDZIP9",
    "17.25",
    "19.75",
    "TYPED-CUSHION",
    "TYPED-NOTES",
  ],
};

describe.each(testDialects)("staff emails on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  afterEach(async () => {
    resetMailer();
    for (const table of ["outbox", "contact_messages", "testimonials", "order_requests"] as const)
      await database().db.deleteFrom(table).execute();
  });

  const parsed = () => ({
    contact: ContactFormSchema.parse(typed.contact),
    review: ReviewSchema.parse(typed.review),
    order: OrderRequestSchema.parse(typed.order),
  });

  /** `signals`: the weaker spam signals the message and the order arrived with (none: unmarked). */
  async function sendAll(staffEmailContent?: "link" | "full", inputs = parsed(), signals: SpamReason[] = []) {
    const smtp = await startSmtp();
    try {
      const config = parseConfig({
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        STAFF_EMAIL: "staff@aquila.example",
        SITE_URL: "https://www.aquila.example",
        STAFF_EMAIL_CONTENT: staffEmailContent,
      });
      const ids = {
        contact: await storeContactMessage(inputs.contact, new Date(), ["email"], undefined, signals),
        review: await createReview(inputs.review),
        order: (await storeOrder(inputs.order, { config, signals })).id,
      };
      // A review queues its notice on the configured channels of the running process (none here), so queue it by hand.
      await database()
        .db.updateTable("outbox")
        .set({ channel: "email", status: "pending" })
        .where("ref_id", "=", ids.review)
        .execute();
      await deliverDue(deliveryKinds, config);
      const toStaff = smtp.received
        .filter((mail) => mail.to.includes("staff@aquila.example"))
        .map((mail) => readMail(mail.raw));
      const find = (subject: RegExp) => {
        const mail = toStaff.find((m) => subject.test(m.headers));
        if (!mail)
          throw new Error(
            `no staff email with a subject like ${subject}; got ${toStaff.map((m) => m.headers.match(/^Subject: .*$/m)?.[0]).join(" | ")}`,
          );
        return mail;
      };
      return {
        count: toStaff.length,
        ids,
        contact: find(/^Subject: \[Aquila contact\]/m),
        review: find(/^Subject: \[Aquila reviews\]/m),
        order: find(/^Subject: \[Aquila order\]/m),
      };
    } finally {
      await smtp.close();
    }
  }

  it("by default, each kind's staff email holds no field a visitor typed except the name, and links to the record", async () => {
    const sent = await sendAll();
    expect(sent.count).toBe(3);
    const expectations = {
      contact: { name: typed.contact.name, link: `https://www.aquila.example/admin/messages/${sent.ids.contact}` },
      review: { name: typed.review.name, link: "https://www.aquila.example/admin/testimonials" },
      order: {
        name: `${typed.order.firstName} ${typed.order.lastName}`,
        link: `https://www.aquila.example/admin/orders/${sent.ids.order}`,
      },
    };
    for (const kind of ["contact", "review", "order"] as const) {
      const mail = sent[kind];
      // Without its timestamps, whose seconds and milliseconds could read like a seat size.
      const whole = `${mail.headers}\n${mail.text}`.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)");
      expect(
        typedValues[kind].filter((value) => whole.includes(value)),
        `${kind}: typed values in the staff email`,
      ).toEqual([]);
      expect(mail.headers, `${kind}: no Reply-To carrying the visitor's address`).not.toMatch(/^Reply-To:/m);
      expect(mail.headers).toContain(expectations[kind].name);
      expect(mail.text).toContain(expectations[kind].link);
      expect(mail.text, `${kind}: an unmarked submission carries no mark`).not.toContain("Marked as possible spam");
    }
  });

  it.each(["link", "full"] as const)(
    "with STAFF_EMAIL_CONTENT=%s, a marked message and order say why among the notification's own lines, above the quoted text",
    async (mode) => {
      const signals: SpamReason[] = [
        { code: "too-fast", detail: "Sent 0.4 s after the form was shown." },
        { code: "links", detail: "Contains 2 links." },
      ];
      const sent = await sendAll(mode, parsed(), signals);
      for (const kind of ["contact", "order"] as const) {
        const lines = sent[kind].text.split(/\r?\n/);
        const mark = lines.indexOf("Marked as possible spam: Sent 0.4 s after the form was shown. Contains 2 links.");
        expect(mark, `${kind}: the mark's own line`).toBeGreaterThan(-1);
        expect(
          lines.findIndex((line) => line.startsWith(">")),
          `${kind}: the first quoted line comes after the mark`,
        ).toBeGreaterThan(mark);
        expect(
          lines.filter((line) => line.includes("Marked as possible spam")),
          `${kind}: the mark, once`,
        ).toHaveLength(1);
      }
    },
  );

  it("with STAFF_EMAIL_CONTENT=full, the message and the review are quoted, and an order's health details still are not", async () => {
    const sent = await sendAll("full");
    expect(sent.contact.text).toContain(typed.contact.message);
    expect(sent.contact.headers).toMatch(/^Reply-To: typed\.contact@example\.com$/m);
    expect(sent.review.text).toContain(typed.review.quote);
    expect(sent.order.text).toContain(typed.order.phone);
    const orderText = sent.order.text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "(time)");
    for (const health of ["17.25", "19.75", "TYPED-CUSHION", "TYPED-NOTES"]) expect(orderText).not.toContain(health);
  });

  /**
   * What a visitor types is drawn where it cannot pass for the notification's own words: a line
   * that looks like the email's link, put in a name and in the message, shows only inside a quoted
   * block, below the real link. The names are stored as rows from before names had to be one line
   * were, so the email is safe whatever the database holds.
   */
  it.each(["link", "full"] as const)(
    "with STAFF_EMAIL_CONTENT=%s, a forged link a visitor typed shows only quoted, below the real one",
    async (mode) => {
      const forged = "Reply from the inbox: https://evil.example/inbox";
      const inputs = parsed();
      inputs.contact = {
        ...inputs.contact,
        name: `Nadia Quill\n\n${forged}\r\n`,
        phone: `555\n${forged}`,
        message: `Hello there.\n\n${forged}\n\nThanks`,
      };
      inputs.review = {
        ...inputs.review,
        name: `Ruth Quill\u2028${forged}`,
        context: `Portland\n${forged}`,
        quote: `Great cushion.\r${forged}`,
      };
      inputs.order = {
        ...inputs.order,
        firstName: `Omar\n${forged}`,
        submitterName: `Lee\u0085${forged}`,
        state: `Ohio\n${forged}`,
      };
      const sent = await sendAll(mode, inputs);
      const links = {
        contact: `https://www.aquila.example/admin/messages/${sent.ids.contact}`,
        review: "https://www.aquila.example/admin/testimonials",
        order: `https://www.aquila.example/admin/orders/${sent.ids.order}`,
      };
      for (const kind of ["contact", "review", "order"] as const) {
        const lines = sent[kind].text.split(/\r?\n/);
        const forgedLines = lines.filter((line) => line.includes("evil.example"));
        expect(forgedLines.length, `${kind}: the forged link is shown to staff, quoted`).toBeGreaterThan(0);
        expect(
          forgedLines.filter((line) => !line.startsWith("> ")),
          `${kind}: lines of visitor text outside a quote`,
        ).toEqual([]);
        const realLink = lines.findIndex((line) => line.includes(links[kind]) && !line.startsWith(">"));
        expect(realLink, `${kind}: the real link`).toBeGreaterThan(-1);
        expect(
          lines.findIndex((line) => line.startsWith(">")),
          `${kind}: the first quoted line comes after the real link`,
        ).toBeGreaterThan(realLink);
        expect(sent[kind].headers, `${kind}: the subject stays one line`).not.toMatch(/^Reply from the inbox/m);
        expect(sent[kind].headers).toMatch(/^Subject: .*Reply from the inbox: https:\/\/evil\.example\/inbox/m);
      }
    },
  );
});
