import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { specMessage, specOrder, specReview } from "../support/spec-messages";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * A client that cannot tell whether its POST arrived (a timeout, a dropped connection) sends it
 * again with the same Idempotency-Key, and must get the first answer back with nothing stored
 * twice; one that sends no key gets the behaviour of docs/requirements.md §5 unchanged (spec-contract.test.ts).
 * Every effect is counted in the database the built server writes.
 */
/** The order payload of docs/requirements.md §5.6, as a client sends it. */
const order = { ...specOrder, medicalNotes: "" };

const review = { ...specReview, tags: ["comfort"] };
const message = specMessage;

describe.each(testDialects)("an Idempotency-Key on the JSON API, on %s", (dialect) => {
  let server: ServerProcess;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // A rate limit high enough that only the key, never the limit, keeps a repeat from being stored.
    // Behind a trusted proxy, as deployed, so that two clients can be told apart by their addresses.
    server = await startServerProcess({ DATABASE_URL: database.url, FORM_RATE_LIMIT: "1000", TRUST_PROXY: "loopback" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const post = async (route: string, body: unknown, key?: string, from?: string) => {
    const response = await fetch(new URL(route, server.url), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(key === undefined ? {} : { "Idempotency-Key": key }),
        ...(from === undefined ? {} : { "X-Forwarded-For": from }),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const ordersFrom = async (email: string) =>
    (await database.db.selectFrom("order_requests").select("reference").where("email", "=", email).execute()).map(
      (r) => r.reference,
    );

  it("the same order sent twice with one key is stored once, and both answers carry its reference", async () => {
    const body = { ...order, email: "twice@example.com", formStartTime: Date.now() - 10_000 };
    const first = await post("/api/orders", body, "order-twice-1");
    const second = await post("/api/orders", body, "order-twice-1");
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    expect(await ordersFrom("twice@example.com")).toEqual([first.json.reference]);
  });

  it("the same order sent ten times at the same moment with one key is stored once, and every answer is the same", async () => {
    const body = { ...order, email: "ten@example.com", formStartTime: Date.now() - 10_000 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post("/api/orders", body, "order-ten-at-once")));
    const stored = await ordersFrom("ten@example.com");
    expect(stored).toHaveLength(1);
    // Each either replays the outcome or is told the first is still in progress, never a second order.
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.json.error).toMatch(/in progress/i);
      else expect(answer).toEqual({ status: 201, json: { ok: true, reference: stored[0] } });
    }
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
  });

  it("a key is scoped to its endpoint, and each endpoint replays its own first answer", async () => {
    const reviewBody = { ...review, quote: "Replayed once, stored once: the cushion review." };
    const messageBody = { ...message, message: "Replayed once, stored once: the contact message." };
    expect(await post("/api/testimonials", reviewBody, "shared-key")).toMatchObject({ status: 201 });
    expect(await post("/api/testimonials", reviewBody, "shared-key")).toMatchObject({ status: 201 });
    expect(await post("/api/contact", messageBody, "shared-key")).toEqual({ status: 201, json: { ok: true } });
    expect(await post("/api/contact", messageBody, "shared-key")).toEqual({ status: 201, json: { ok: true } });
    expect(
      await database.db.selectFrom("testimonials").select("id").where("quote", "=", reviewBody.quote).execute(),
    ).toHaveLength(1);
    expect(
      await database.db
        .selectFrom("contact_messages")
        .select("id")
        .where("message", "=", messageBody.message)
        .execute(),
    ).toHaveLength(1);
  });

  it("a validation refusal is replayed as it was, and stores nothing", async () => {
    const first = await post("/api/orders", { ...order, firstName: "" }, "refused-once");
    expect(first.status).toBe(400);
    expect(await post("/api/orders", { ...order, firstName: "" }, "refused-once")).toEqual(first);
  });

  it("a used key with a different body is refused with 422, and the second body is not stored", async () => {
    const body = { ...order, email: "first-body@example.com", formStartTime: Date.now() - 10_000 };
    expect((await post("/api/orders", body, "reused-key")).status).toBe(201);
    const other = await post("/api/orders", { ...body, email: "second-body@example.com" }, "reused-key");
    expect(other.status).toBe(422);
    expect(other.json.error).toMatch(/Idempotency-Key/);
    expect(await ordersFrom("second-body@example.com")).toEqual([]);
  });

  it("another client's earlier use of a key neither refuses nor answers a request: it is stored, and each retry replays its own", async () => {
    const mine = { ...order, email: "first-client@example.com", formStartTime: Date.now() - 10_000 };
    const theirs = { ...order, email: "second-client@example.com", formStartTime: Date.now() - 10_000 };
    const first = await post("/api/orders", mine, "guessable-key-1", "203.0.113.10");
    expect(first.status).toBe(201);
    // A stranger sends the same key: another body is stored as a request of its own, not a 422…
    const stranger = await post("/api/orders", theirs, "guessable-key-1", "203.0.113.20");
    expect(stranger.status).toBe(201);
    expect(stranger.json.reference).not.toBe(first.json.reference);
    expect(await ordersFrom("second-client@example.com")).toEqual([stranger.json.reference]);
    // …and the same body is a new request too, never told the first client's reference.
    const copy = await post("/api/orders", mine, "guessable-key-1", "203.0.113.30");
    expect(copy.status).toBe(201);
    expect(copy.json.reference).not.toBe(first.json.reference);
    // Each client's retry answers its own first outcome and stores nothing more.
    expect(await post("/api/orders", mine, "guessable-key-1", "203.0.113.10")).toEqual(first);
    expect(await post("/api/orders", theirs, "guessable-key-1", "203.0.113.20")).toEqual(stranger);
    expect((await ordersFrom("first-client@example.com")).sort()).toEqual(
      [first.json.reference, copy.json.reference].sort(),
    );
    expect(await ordersFrom("second-client@example.com")).toHaveLength(1);
    // The first client sending another body under its own key is still its own mistake.
    expect((await post("/api/orders", theirs, "guessable-key-1", "203.0.113.10")).status).toBe(422);
    // The stored key does not hold the client's address.
    const stored = await database.db.selectFrom("idempotency_keys").select("key").execute();
    expect(stored.filter((row) => row.key.endsWith(":guessable-key-1"))).toHaveLength(3);
    expect(stored.some((row) => row.key.includes("203.0.113"))).toBe(false);
  });

  it.each([
    ["too long", "k".repeat(201)],
    ["with a tab", "tab\tinside"],
    ["not printable ASCII", "clé-1"],
  ])("a malformed key (%s) is refused with 400 and nothing is stored", async (_, key) => {
    const email = `malformed-${key.length}@example.com`;
    const answer = await fetch(new URL("/api/orders", server.url), {
      method: "POST",
      // fetch refuses a header value outside Latin-1, so the key is sent as its UTF-8 bytes.
      headers: { "Content-Type": "application/json", "Idempotency-Key": Buffer.from(key, "utf8").toString("latin1") },
      body: JSON.stringify({ ...order, email, formStartTime: Date.now() - 10_000 }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/Idempotency-Key/);
    expect(await ordersFrom(email)).toEqual([]);
  });

  it("without a key, the same order sent twice is stored twice, as requirements.md §5's clients expect", async () => {
    const body = { ...order, email: "no-key@example.com", formStartTime: Date.now() - 10_000 };
    const first = await post("/api/orders", body);
    const second = await post("/api/orders", body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.json.reference).not.toBe(second.json.reference);
    expect(await ordersFrom("no-key@example.com")).toHaveLength(2);
  });
});
