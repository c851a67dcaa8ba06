import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../db/test-databases";
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

  it("stores a valid message", async () => {
    expect(await submitContact(form(), `10.0.0.${ip}`)).toEqual({ ok: true });
    expect(await count()).toBe(1);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    expect(await submitContact(form({ website: "https://spam.example" }), `10.0.0.${ip}`)).toEqual({ ok: true });
    expect(await count()).toBe(0);
  });

  it("answers a form sent faster than a person could like a success and stores nothing", async () => {
    expect(await submitContact(form({ startedAt: String(Date.now() - 200) }), `10.0.0.${ip}`)).toEqual({ ok: true });
    expect(await submitContact(form({ startedAt: undefined }), `10.0.0.${ip}`)).toEqual({ ok: true });
    expect(await count()).toBe(0);
  });

  it("refuses invalid input with every field's message and stores nothing", async () => {
    const result = await submitContact(form({ name: " ", email: "x", topic: "", message: "hi", consent: undefined }), `10.0.0.${ip}`);
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
