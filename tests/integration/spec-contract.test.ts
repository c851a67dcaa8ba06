import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "#db/client.server";
import { testDialects } from "#db/test-databases";
import { type ServerProcess, startServerProcess } from "./server-process";
import { orderMessages, specMessage, specOrder, specReview } from "../support/spec-messages";

/**
 * The calls of docs/requirements.md §5, as an outside client makes them: the built server,
 * their JSON bodies exactly as listed (no start time, no extra field, no Origin header), and
 * every effect proven through another path: the admin API, the public API and the database.
 *
 * | Method | Path                                   | Payload                                             |
 * | GET    | /api/testimonials                      | none                                                |
 * | POST   | /api/testimonials                      | name, email, rating, quote, context, tags, honeypot |
 * | POST   | /api/admin/login                       | password                                            |
 * | POST   | /api/admin/testimonials                | password                                            |
 * | DELETE | /api/admin/testimonials/{id}           | password                                            |
 * | PATCH  | /api/admin/testimonials/{id}/approve   | password                                            |
 * | POST   | /api/auth/login                        | username, password                                  |
 * and the contact message of §5.5: name, email, phone, topic, message, consent, honeypot;
 * and the order request of §5.6 (firstName … medicalDisclaimer, honeypot, formStartTime).
 */
const password = "Spec-Contract-Passw0rd";

/** The review and the contact message of docs/requirements.md §5, field for field (tests/support/spec-messages.ts). */
const review = specReview;
const message = specMessage;

/**
 * The order request of docs/requirements.md §3.4, field for field and in its order
 * (tests/support/spec-messages.ts); formStartTime is added when sent.
 */
const order = specOrder;

interface Row {
  id: string;
  name: string;
  quote: string;
  approved: boolean;
}

describe.each(testDialects)("the calls of requirements.md §5 on %s", (dialect) => {
  let server: ServerProcess;
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  let cookie = "";

  beforeAll(async () => {
    let url: string;
    if (dialect === "postgres") {
      const adminUrl = process.env.TEST_DATABASE_URL ?? "";
      const name = `aquila_contract_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      url = target.toString();
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    } else {
      url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-contract-")), "site.sqlite");
    }
    // The real defaults for fill time and rate limits: the clients of §5 send no start time.
    server = await startServerProcess({ DATABASE_URL: url, ADMIN_PASSWORD: password });
    database = createDatabase(url);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await dropDatabase();
  });

  const call = async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(route, server.url), {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json: json as Record<string, unknown>, headers: response.headers };
  };
  const staff = () => ({ Cookie: cookie });
  const adminList = async () =>
    ((await call("POST", "/api/admin/testimonials", { password }, staff())).json.testimonials ?? []) as Row[];
  const publicList = async () => ((await call("GET", "/api/testimonials")).json.testimonials ?? []) as Row[];
  const rows = (table: "testimonials" | "contact_messages" | "spam" | "outbox" | "order_requests") =>
    database.db.selectFrom(table).selectAll().execute();

  it("POST /api/admin/login {password}: a wrong password is refused, the right one opens a session", async () => {
    expect((await call("POST", "/api/admin/login", { password: "not the password" })).status).toBe(401);
    expect((await call("POST", "/api/admin/login", {})).status).toBe(400);
    const signedIn = await call("POST", "/api/admin/login", { password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ user: { username: "admin" } });
    cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^aquila_session=/);
  });

  it("POST /api/auth/login {username, password}: answers a user object with a username", async () => {
    const answer = await call("POST", "/api/auth/login", { username: "admin", password });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ user: { username: "admin" } });
    expect((await call("POST", "/api/auth/login", { username: "admin", password: "wrong password" })).status).toBe(401);
    const empty = await call("POST", "/api/auth/login", { username: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ username: "Username is required", password: "Password is required" });
  });

  it("POST /api/admin/testimonials {password}: without a session the password alone opens nothing", async () => {
    expect((await call("POST", "/api/admin/testimonials", { password })).status).toBe(401);
    expect((await call("POST", "/api/admin/testimonials", { password }, staff())).status).toBe(200);
  });

  it("POST /api/testimonials with the §5.2 payload: 201, stored pending, listed for staff, not public", async () => {
    const before = (await rows("testimonials")).length;
    const sent = await call("POST", "/api/testimonials", review);
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ ok: true });
    const stored = (await rows("testimonials")).filter((r) => r.quote === review.quote);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: review.name,
      email: review.email,
      rating: 9,
      context: review.context,
      approved: 0,
    });
    expect(JSON.parse(stored[0]?.tags ?? "[]")).toEqual(review.tags);
    expect((await rows("testimonials")).length).toBe(before + 1);
    expect((await adminList()).find((t) => t.quote === review.quote)).toMatchObject({ approved: false });
    expect((await publicList()).some((t) => t.quote === review.quote)).toBe(false);
  });

  it.each([
    ["rating 11", { rating: 11 }, "rating"],
    ["rating 0", { rating: 0 }, "rating"],
    ["an empty quote", { quote: "" }, "quote"],
    ["an empty name", { name: "" }, "name"],
    ["a bad email", { email: "nope" }, "email"],
    ["an unknown tag", { tags: ["free-money"] }, "tags"],
    ["rating true", { rating: true }, "rating"],
    ['rating "0x8"', { rating: "0x8" }, "rating"],
    ['rating "1e1"', { rating: "1e1" }, "rating"],
  ])(
    "POST /api/testimonials with %s: 400 with a field error, nothing stored, whatever the honeypot says",
    async (_, change, field) => {
      const before = { reviews: (await rows("testimonials")).length, spam: (await rows("spam")).length };
      for (const honeypot of ["", "filled by a bot"]) {
        const answer = await call("POST", "/api/testimonials", { ...review, ...change, honeypot });
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.json.errors as object)).toEqual([field]);
      }
      expect({ reviews: (await rows("testimonials")).length, spam: (await rows("spam")).length }).toEqual(before);
    },
  );

  it("POST /api/testimonials missing fields entirely: requirements.md §3.1's messages, not a library's", async () => {
    const answer = await call("POST", "/api/testimonials", { rating: 5 });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual({
      name: "Name is required",
      email: "Email is required",
      quote: "Your review is required",
    });
    expect(answer.json.error).toBe("Please fill in all required fields");
  });

  it("JSON lists sent as a single string are refused with 400 and a field message, and nothing is stored", async () => {
    const quote = `Tags as text ${Date.now()}: should not be stored.`;
    const answer = await call("POST", "/api/testimonials", { ...review, quote, tags: "comfort" });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual({ tags: "tags must be a list" });
    expect((await rows("testimonials")).find((r) => r.quote === quote)).toBeUndefined();
    const email = `areas-as-text-${Date.now()}@example.com`;
    const refused = await call("POST", "/api/orders", { ...order, email, discomfortAreas: "tailbone" });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ discomfortAreas: "discomfortAreas must be a list" });
    expect((await rows("order_requests")).find((r) => r.email === email)).toBeUndefined();
  });

  it("POST /api/testimonials as a form with repeated tags keeps every tag; null for the optional context is empty", async () => {
    const quote = `Form-encoded ${Date.now()}: light enough to travel with.`;
    const form = new URLSearchParams([
      ["name", "Form Sender"],
      ["email", "form@example.com"],
      ["rating", "6"],
      ["quote", quote],
      ["tags", "comfort"],
      ["tags", "travel"],
    ]);
    const response = await fetch(new URL("/api/testimonials", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(response.status).toBe(201);
    const stored = (await rows("testimonials")).find((r) => r.quote === quote);
    expect(JSON.parse(stored?.tags ?? "[]")).toEqual(["comfort", "travel"]);
    const nullContext = `Null context ${Date.now()}: fine on long days.`;
    expect((await call("POST", "/api/testimonials", { ...review, quote: nullContext, context: null })).status).toBe(
      201,
    );
    expect((await rows("testimonials")).find((r) => r.quote === nullContext)?.context).toBeNull();
    for (const id of (await adminList()).filter((t) => t.quote === quote || t.quote === nullContext).map((t) => t.id)) {
      expect((await call("DELETE", `/api/admin/testimonials/${id}`, undefined, staff())).status).toBe(200);
    }
  });

  it("PATCH /api/admin/testimonials/{id}/approve {password}: the review is public", async () => {
    const id = (await adminList()).find((t) => t.quote === review.quote)?.id ?? "";
    const published = await call("PATCH", `/api/admin/testimonials/${id}/approve`, { password }, staff());
    expect(published.status).toBe(200);
    expect((await publicList()).find((t) => t.quote === review.quote)).toMatchObject({ id, name: review.name });
    expect((await publicList()).find((t) => t.id === id)).not.toHaveProperty("email");
    expect(
      (await database.db.selectFrom("testimonials").select("approved").where("id", "=", id).executeTakeFirst())
        ?.approved,
    ).toBe(1);
    expect((await call("PATCH", `/api/admin/testimonials/${id}/approve`, { password })).status).toBe(401);
  });

  it("GET /api/testimonials: approved reviews with the computed summary", async () => {
    const answer = await call("GET", "/api/testimonials");
    expect(answer.status).toBe(200);
    expect(answer.json.summary).toEqual({ count: 1, average: 9 });
    expect(answer.json.testimonials).toEqual([
      expect.objectContaining({
        name: review.name,
        rating: 9,
        quote: review.quote,
        context: review.context,
        tags: review.tags,
        verified: false,
      }),
    ]);
  });

  it("DELETE /api/admin/testimonials/{id} {password}: gone from the public list, the admin list and the database", async () => {
    const id = (await adminList()).find((t) => t.quote === review.quote)?.id ?? "";
    const ledger = async () =>
      (await call("GET", "/api/testimonials")).json.ledger as {
        received: number;
        notPublished: number;
        reasons: Array<{ reason: string | null; count: number }>;
      };
    const before = await ledger();
    expect((await call("DELETE", `/api/admin/testimonials/${id}`, { password }, staff())).status).toBe(200);
    // Still counted as received, as deleted without a recorded reason (requirements.md §5.3: the body has none).
    const after = await ledger();
    expect(after.received).toBe(before.received);
    expect(after.notPublished).toBe(before.notPublished + 1);
    expect(after.reasons.find((r) => r.reason === null)?.count).toBe(
      (before.reasons.find((r) => r.reason === null)?.count ?? 0) + 1,
    );
    expect((await publicList()).some((t) => t.id === id)).toBe(false);
    expect((await adminList()).some((t) => t.id === id)).toBe(false);
    expect(
      await database.db.selectFrom("testimonials").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await call("DELETE", `/api/admin/testimonials/${id}`, { password }, staff())).status).toBe(404);
  });

  it("POST /api/testimonials with the honeypot filled: answered like a success, kept as spam, never in moderation", async () => {
    const quote = "Buy followers now, limited offer.";
    const answer = await call("POST", "/api/testimonials", { ...review, quote, honeypot: "http://bot.example" });
    expect(answer.status).toBe(201);
    expect((await adminList()).some((t) => t.quote === quote)).toBe(false);
    const held = (await rows("spam")).filter((r) => r.kind === "review" && JSON.parse(r.payload).quote === quote);
    expect(held).toHaveLength(1);
    expect(JSON.parse(held[0]?.reasons ?? "[]")[0]).toMatchObject({ code: "honeypot" });
  });

  it("POST /api/contact with the contact payload: 201, in the inbox with its delivery queued", async () => {
    const sent = await call("POST", "/api/contact", message);
    expect(sent.status).toBe(201);
    const stored = (await rows("contact_messages")).filter((r) => r.message === message.message);
    expect(stored).toEqual([
      expect.objectContaining({
        name: message.name,
        email: message.email,
        phone: message.phone,
        topic: "product",
        consent: 1,
        status: "new",
      }),
    ]);
    const deliveries = (await rows("outbox")).filter((r) => r.kind === "message" && r.ref_id === stored[0]?.id);
    expect(deliveries).toHaveLength(1);
  });

  it("POST /api/orders with the order payload: 201 with a reference, stored with its delivery queued", async () => {
    const sent = await call("POST", "/api/orders", { ...order, formStartTime: Date.now() - 10_000 });
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({
      ok: true,
      reference: expect.stringMatching(/^AQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
    });
    const stored = (await rows("order_requests")).filter((r) => r.reference === sent.json.reference);
    expect(stored).toEqual([
      expect.objectContaining({
        first_name: order.firstName,
        last_name: order.lastName,
        email: order.email,
        phone: order.phone,
        country: order.country,
        state: order.state,
        zip_code: order.zipCode,
        wheelchair_type: "power",
        seat_width_in: 18,
        seat_depth_in: 16,
        current_cushion: order.currentCushion,
        daily_sitting_hours: "8-12",
        sensitivity_level: "high",
        pad_size: "match-seat",
        cover_type: "easy-clean",
        controller_placement: "right",
        medical_notes: order.medicalNotes,
        status: "new",
      }),
    ]);
    expect(JSON.parse(stored[0]?.discomfort_areas ?? "[]")).toEqual(order.discomfortAreas);
    expect(JSON.parse(stored[0]?.priorities ?? "[]")).toEqual(order.priorities);
    const deliveries = (await rows("outbox")).filter((r) => r.ref_id === stored[0]?.id);
    expect(deliveries.map((d) => d.kind)).toContain("order");
    expect(deliveries.every((d) => d.kind === "order" || d.kind === "order-receipt")).toBe(true);
  });

  it("POST /api/orders with an empty body: 400 with every section-5 message, nothing stored", async () => {
    const before = (await rows("order_requests")).length;
    for (const body of [{}, Object.fromEntries(Object.keys(order).map((field) => [field, ""]))]) {
      const answer = await call("POST", "/api/orders", body);
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual(orderMessages);
    }
    expect((await rows("order_requests")).length).toBe(before);
  });

  it("POST /api/orders with the honeypot filled: answered with a reference, kept as spam, no order and no delivery", async () => {
    const before = { orders: (await rows("order_requests")).length, outbox: (await rows("outbox")).length };
    const email = "bot-order@example.com";
    const answer = await call("POST", "/api/orders", {
      ...order,
      email,
      honeypot: "http://bot.example",
      formStartTime: Date.now() - 10_000,
    });
    expect(answer.status).toBe(201);
    expect(answer.json.reference).toMatch(/^AQ-/);
    expect({ orders: (await rows("order_requests")).length, outbox: (await rows("outbox")).length }).toEqual(before);
    const held = (await rows("spam")).filter((r) => r.kind === "order" && JSON.parse(r.payload).email === email);
    expect(held).toHaveLength(1);
    expect(JSON.parse(held[0]?.payload ?? "{}").reference).toBe(answer.json.reference);
  });

  it("GET on a call that only takes a POST, PATCH or DELETE: 405 naming what is allowed", async () => {
    for (const [route, allow] of [
      ["/api/contact", "POST"],
      ["/api/orders", "POST"],
      ["/api/admin/login", "POST"],
      ["/api/auth/login", "POST"],
      ["/api/admin/testimonials", "POST"],
    ] as const) {
      const answer = await call("GET", route);
      expect(answer.status, route).toBe(405);
      expect(answer.headers.get("allow"), route).toBe(allow);
    }
  });

  it("POST /api/contact with fields missing or null: the §3.3 messages; null for the optional phone is empty", async () => {
    const empty = await call("POST", "/api/contact", {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
      topic: "Please select a topic",
      message: "Message must be at least 10 characters",
      consent: "You must agree to the privacy policy",
    });
    const text = `No phone ${Date.now()}, please email me back.`;
    expect((await call("POST", "/api/contact", { ...message, phone: null, message: text })).status).toBe(201);
    expect((await rows("contact_messages")).find((r) => r.message === text)?.phone).toBeNull();
  });

  it("POST /api/contact invalid: 400 with the field messages of requirements.md §3.3, nothing stored", async () => {
    const before = (await rows("contact_messages")).length;
    const answer = await call("POST", "/api/contact", {
      ...message,
      name: "",
      email: "x",
      topic: "",
      message: "short",
      consent: false,
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
      topic: "Please select a topic",
      message: "Message must be at least 10 characters",
      consent: "You must agree to the privacy policy",
    });
    expect((await rows("contact_messages")).length).toBe(before);
  });

  it("POST /api/contact with the honeypot filled: answered like a success, kept as spam, nothing in the inbox or outbox", async () => {
    const text = "Cheap pills, visit us today please.";
    const before = { messages: (await rows("contact_messages")).length, outbox: (await rows("outbox")).length };
    expect((await call("POST", "/api/contact", { ...message, message: text, honeypot: "bot" })).status).toBe(201);
    expect({ messages: (await rows("contact_messages")).length, outbox: (await rows("outbox")).length }).toEqual(
      before,
    );
    expect(
      (await rows("spam")).filter((r) => r.kind === "message" && JSON.parse(r.payload).message === text),
    ).toHaveLength(1);
  });

  it("past the per-address limit (5 in 10 minutes): 429 with Retry-After and a message, and that post is not stored", async () => {
    let answer = await call("POST", "/api/contact", { ...message, message: "Filling up the limit, one of several." });
    for (let i = 0; i < 6 && answer.status !== 429; i++)
      answer = await call("POST", "/api/contact", { ...message, message: `Filling up the limit, number ${i}.` });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer.json).toMatchObject({
      ok: false,
      problem: "rate-limited",
      error: expect.stringContaining("Please wait a few minutes"),
    });
    const refused = { ...message, message: "This one arrives after the limit." };
    expect((await call("POST", "/api/contact", refused)).status).toBe(429);
    expect((await rows("contact_messages")).some((r) => r.message === refused.message)).toBe(false);
    // The page's own form shares the limit and says when to try again too.
    const page = await fetch(new URL("/contact", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Page Form",
        email: "page@example.com",
        topic: "general",
        message: "Sent from the page after the limit.",
        consent: "on",
      }),
    });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("Too many messages were sent from your connection just now");
  });
});
