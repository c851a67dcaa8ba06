import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { setLogLevel } from "~/lib/logger.server";
import { submitContact } from "./submit.server";

setLogLevel("silent");

const form = (extra: Record<string, unknown> = {}) => ({
  name: "Ana",
  email: "ana@example.com",
  topic: "general",
  message: "Could you send me a brochure?",
  consent: "on",
  website: "",
  startedAt: String(Date.now() - 10_000),
  ...extra,
});

describe.each(testDialects)("contact submission on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let ip = 0;
  beforeEach(async () => {
    ip++;
    await database().db.deleteFrom("outbox").execute();
    await database().db.deleteFrom("contact_messages").execute();
  });
  const count = async () => (await database().db.selectFrom("contact_messages").selectAll().execute()).length;

  const spam = async () => database().db.selectFrom("spam").selectAll().execute();
  const queued = async () => database().db.selectFrom("outbox").selectAll().where("kind", "=", "message").execute();

  it("stores a valid message and queues its delivery", async () => {
    expect(await submitContact(form(), `10.0.0.${ip}`)).toMatchObject({ ok: true, held: false });
    expect(await count()).toBe(1);
    expect(await queued()).toHaveLength(1);
  });

  it("keeps a filled honeypot as spam, with its reason, and answers success: nothing reaches the inbox or delivery", async () => {
    await database().db.deleteFrom("spam").execute();
    const result = await submitContact(form({ website: "https://spam.example" }), `10.0.0.${ip}`);
    expect(result).toMatchObject({ ok: true, held: true });
    expect(await count()).toBe(0);
    expect(await queued()).toHaveLength(0);
    const [held] = await spam();
    expect(held).toMatchObject({ kind: "message", id: result.ok ? result.id : "" });
    expect(JSON.parse(held?.reasons ?? "[]").map((r: { code: string }) => r.code)).toEqual(["honeypot"]);
    // Kept as sent, so "Not spam" can parse it again with the same schema.
    expect(JSON.parse(held?.payload ?? "{}")).toMatchObject({
      name: "Ana",
      email: "ana@example.com",
      message: "Could you send me a brochure?",
    });
  });

  it("takes a one-second fill (autofill, voice input) or no start time at all as a person", async () => {
    expect(await submitContact(form({ startedAt: String(Date.now() - 200) }), `10.0.0.${ip}`)).toMatchObject({
      ok: true,
      held: false,
    });
    expect(await submitContact(form({ startedAt: undefined }), `10.0.3.${ip}`)).toMatchObject({
      ok: true,
      held: false,
    });
    expect(await count()).toBe(2);
  });

  it("sends a fast fill that also carries links to the inbox, marked with its reasons, never to the spam store", async () => {
    await database().db.deleteFrom("spam").execute();
    const message = "Cheap offers at https://a.example and https://b.example today";
    expect(await submitContact(form({ startedAt: String(Date.now() - 100), message }), `10.0.4.${ip}`)).toMatchObject({
      ok: true,
      held: false,
    });
    expect(await spam()).toHaveLength(0);
    const [stored] = await database().db.selectFrom("contact_messages").select("spam_signals").execute();
    expect(JSON.parse(stored?.spam_signals ?? "[]").map((r: { code: string }) => r.code)).toEqual([
      "too-fast",
      "links",
    ]);
    expect(await queued()).toHaveLength(1);
  });

  it("stores a message with no signal unmarked", async () => {
    await submitContact(form(), `10.0.6.${ip}`);
    expect(await database().db.selectFrom("contact_messages").select("spam_signals").execute()).toEqual([
      { spam_signals: null },
    ]);
  });

  it("validates before any spam check: a bot's invalid post gets its field errors", async () => {
    const result = await submitContact(
      form({ website: "x", email: "nope", startedAt: String(Date.now()) }),
      `10.0.5.${ip}`,
    );
    expect(result).toMatchObject({ ok: false, status: 400, errors: { email: "Please enter a valid email address" } });
  });

  it("refuses invalid input with every field's message and stores nothing", async () => {
    const result = await submitContact(
      form({ name: " ", email: "x", topic: "", message: "hi", consent: undefined }),
      `10.0.0.${ip}`,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        name: "Name is required",
        email: "Please enter a valid email address",
        topic: "Please select a topic",
        message: "Message must be at least 10 characters",
        consent: "You must agree to the privacy policy",
      },
    });
    expect(await count()).toBe(0);
  });

  it("limits one address to five posts in ten minutes, whatever they contain", async () => {
    const address = `10.0.1.${ip}`;
    for (let i = 0; i < 5; i++) expect((await submitContact(form(), address)).ok).toBe(true);
    const sixth = await submitContact(form(), address);
    expect(sixth).toMatchObject({ ok: false, status: 429, problem: "rate-limited" });
    expect(sixth.ok === false && sixth.retryAfter).toBeGreaterThan(0);
    expect(await count()).toBe(5);
    expect((await submitContact(form(), `10.0.2.${ip}`)).ok).toBe(true);
  });
});
