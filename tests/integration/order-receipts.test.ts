import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { readMail, startSmtp } from "../support/mail";
import { bidiControls, broken } from "../support/one-line";
import { specOrder } from "../support/spec-messages";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * What an order request makes the site send to the address typed in it, as an outside client
 * sees it: the built server with a real SMTP server behind it, the order payload of
 * docs/requirements.md §5.6 posted to /api/orders. The confirmation carries the reference and fixed text, nothing the
 * visitor typed, and an address gets a few a day however it is spelled; the requests themselves
 * are stored and reach staff every time (docs/requirements.md §4.2).
 */

/**
 * The order payload of docs/requirements.md §5.6, field for field, with typed text an attacker would
 * want mailed to someone.
 */
const order = {
  ...specOrder,
  firstName: "WIN-A-PRIZE",
  lastName: "Claim it at prize.example",
  email: "relay.target@example.com",
  phone: "CALL 0800-PRIZE-99",
  country: "TYPED-COUNTRY",
  state: "TYPED-STATE",
  zipCode: "TYPED-ZIP",
  seatWidth: "18.25",
  seatDepth: "16.75",
  currentCushion: "TYPED-CUSHION",
  medicalNotes: "TYPED-NOTES",
};

/** Everything the visitor typed that a mail to their address could carry. */
const typedText = ["WIN-A-PRIZE", "prize.example", "0800-PRIZE-99", "relay.target", "TYPED-", "18.25", "16.75"];

async function until<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last saw ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDialects)("order requests and the mail they cause, on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase(dialect);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      STAFF_EMAIL: "staff@aquila.example",
      SITE_URL: "https://www.aquila.example",
      // Several requests from this one test client are not a burst of spam here.
      FORM_RATE_LIMIT: "100",
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await smtp?.close();
  });

  const post = async (route: string, body: Record<string, unknown>) => {
    const response = await fetch(new URL(route, server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      json: (await response.json()) as { reference?: string; errors?: Record<string, string> },
    };
  };
  const placeOrder = async (email: string) => {
    const answer = await post("/api/orders", { ...order, email, formStartTime: Date.now() - 10_000 });
    expect(answer.status).toBe(201);
    return answer.json.reference ?? "";
  };
  const mailTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => readMail(mail.raw));
  const staffNotices = (reference: string) =>
    mailTo("staff@aquila.example").filter((mail) => mail.headers.includes(reference));
  const receiptsTo = (address: string) =>
    mailTo(address).filter((mail) => /^Subject: Your Aquila order request/m.test(mail.headers));

  it("confirms a request with its reference and fixed text, and nothing the visitor typed", async () => {
    const reference = await placeOrder(order.email);
    const [receipt] = await until(
      "the receipt",
      () => receiptsTo(order.email),
      (mails) => mails.length === 1,
    );
    expect(receipt?.headers).toMatch(new RegExp(`^Subject: Your Aquila order request ${reference}$`, "m"));
    expect(receipt?.text).toContain(reference);
    expect(receipt?.text).toContain("What happens next");
    const body = receipt?.text ?? "";
    expect(
      typedText.filter((text) => body.includes(text)),
      "typed text in the receipt",
    ).toEqual([]);
    expect(
      typedText.filter((text) => (receipt?.headers.match(/^Subject: .*$/m)?.[0] ?? "").includes(text)),
      "typed text in the subject",
    ).toEqual([]);
  });

  it("sends an address three confirmations a day however it is spelled; the fourth request is stored and reaches staff, without one", async () => {
    // An address of its own, so the count starts at nothing whatever else ran.
    const spellings = [
      "limit.target@example.com",
      "Limit.Target@Example.com",
      " limit.target+again@example.com ",
      "LIMIT.TARGET+third@EXAMPLE.COM",
    ];
    const references: string[] = [];
    for (const email of spellings) references.push(await placeOrder(email));
    const fourth = references[3] ?? "";
    await until(
      "every staff notice",
      () => references.map((r) => staffNotices(r).length),
      (counts) => counts.every((n) => n === 1),
    );

    const stored = await database.db
      .selectFrom("order_requests")
      .select(["id", "reference"])
      .where("reference", "=", fourth)
      .execute();
    expect(stored).toHaveLength(1);
    // The mail server has the notice a moment before the worker records it as sent.
    const deliveries = await until(
      "the staff notice recorded as sent",
      () =>
        database.db
          .selectFrom("outbox")
          .select(["kind", "status"])
          .where("ref_id", "=", stored[0]?.id ?? "")
          .execute(),
      (rows) => rows.every((row) => row.status === "sent"),
    );
    expect(deliveries).toEqual([{ kind: "order", status: "sent" }]);

    // Every receipt that was queued has gone by now: three, for the first three spellings.
    await until(
      "no delivery left",
      () => database.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute(),
      (rows) => rows.length === 0,
    );
    const receipts = smtp.received.filter(
      (mail) =>
        mail.to.join().toLowerCase().includes("limit.target") &&
        /^Subject: Your Aquila order request/m.test(readMail(mail.raw).headers),
    );
    expect(receipts.map((mail) => mail.to.join().toLowerCase()).sort()).toEqual([
      "limit.target+again@example.com",
      "limit.target@example.com",
      "limit.target@example.com",
    ]);
    expect(receipts.some((mail) => mail.raw.includes(fourth))).toBe(false);

    // The log says a receipt was held back, never to whom.
    expect(server.output()).toContain(`"reference":"${fourth}"`);
    expect(server.output().toLowerCase()).not.toContain("limit.target");
    expect(server.output().toLowerCase()).not.toContain("relay.target");
  });

  it("refuses a name or phone of more than one line with that field's message, and stores nothing", async () => {
    const forged = "Jane\nReply from the inbox: https://evil.example";
    const countOf = async (table: "order_requests" | "contact_messages" | "testimonials") =>
      (await database.db.selectFrom(table).select("id").execute()).length;
    const before = {
      orders: await countOf("order_requests"),
      messages: await countOf("contact_messages"),
      reviews: await countOf("testimonials"),
    };

    const orderAnswer = await post("/api/orders", {
      ...order,
      email: "one.line@example.com",
      firstName: forged,
      phone: "614-555-0100\r\nBcc: x@example.com",
      formStartTime: Date.now() - 10_000,
    });
    expect(orderAnswer.status).toBe(400);
    expect(orderAnswer.json.errors).toEqual({
      firstName: "Please enter the first name on one line",
      phone: "Please enter the phone number on one line",
    });

    const message = {
      name: forged,
      email: "one.line@example.com",
      phone: "555-0100",
      topic: "product",
      message: "Which cushion size fits a 16 inch seat?",
      consent: true,
      honeypot: "",
    };
    const contactAnswer = await post("/api/contact", message);
    expect(contactAnswer.status).toBe(400);
    expect(contactAnswer.json.errors).toEqual({ name: "Please enter the name on one line" });

    const review = {
      name: forged,
      email: "one.line@example.com",
      rating: 9,
      quote: "Comfortable all day.",
      context: "Ohio",
      tags: ["comfort"],
      honeypot: "",
    };
    const reviewAnswer = await post("/api/testimonials", review);
    expect(reviewAnswer.status).toBe(400);
    expect(reviewAnswer.json.errors).toEqual({ name: "Please enter the name on one line" });

    expect({
      orders: await countOf("order_requests"),
      messages: await countOf("contact_messages"),
      reviews: await countOf("testimonials"),
    }).toEqual(before);
  });

  it.each(Object.entries(bidiControls))(
    "refuses a name with %s, which would show the rest of it in another order, and stores nothing",
    async (_, character) => {
      const name = broken("Jane Reyes", character);
      const countOf = async (table: "order_requests" | "contact_messages" | "testimonials") =>
        (await database.db.selectFrom(table).select("id").execute()).length;
      const before = [
        await countOf("order_requests"),
        await countOf("contact_messages"),
        await countOf("testimonials"),
      ];
      const orderAnswer = await post("/api/orders", {
        ...order,
        email: "bidi@example.com",
        lastName: name,
        formStartTime: Date.now() - 10_000,
      });
      expect(orderAnswer.status).toBe(400);
      expect(orderAnswer.json.errors).toEqual({ lastName: "Please enter the last name on one line" });
      const contactAnswer = await post("/api/contact", {
        name,
        email: "bidi@example.com",
        topic: "product",
        message: "Which cushion size fits a 16 inch seat?",
        consent: true,
        honeypot: "",
      });
      expect(contactAnswer.status).toBe(400);
      expect(contactAnswer.json.errors).toEqual({ name: "Please enter the name on one line" });
      const reviewAnswer = await post("/api/testimonials", {
        name,
        email: "bidi@example.com",
        rating: 9,
        quote: "Comfortable all day.",
        context: "Ohio",
        tags: ["comfort"],
        honeypot: "",
      });
      expect(reviewAnswer.status).toBe(400);
      expect(reviewAnswer.json.errors).toEqual({ name: "Please enter the name on one line" });
      expect([
        await countOf("order_requests"),
        await countOf("contact_messages"),
        await countOf("testimonials"),
      ]).toEqual(before);
    },
  );
});
