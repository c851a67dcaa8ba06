import { type Insertable, type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrationProvider } from "#db/migrations";
import type { ContactMessageTable, Database } from "#db/schema";
import { createTestDatabase, testDialects } from "#db/test-databases";
import { useTestDatabase } from "~/lib/test-database";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { contactTopics } from "~/content/contact";
import { deliveryKinds } from "~/deliveries.server";
import { deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { claimDueItem } from "~/lib/outbox/queue.server";
import { storeContactMessage } from "./store.server";
import { ContactFormSchema } from "./schema";
import { startSmtp } from "../../../tests/support/mail";

setLogLevel("silent");

/**
 * The form refuses a name of more than one line, but a row stored before it did may hold one: the
 * header-injection attempt below is such a row, and its email must still be safe.
 */
const input = {
  ...ContactFormSchema.parse({
    name: "Ana Example",
    email: "ana@example.com",
    phone: "555-0100",
    topic: "repair",
    message: "My controller light blinks twice; could you help me book a repair?",
    consent: "on",
  }),
  name: "Ana Example\r\nBcc: intruder@example.com",
};

describe.each(testDialects)("contact messages on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  afterEach(async () => {
    resetMailer();
    await database().db.deleteFrom("outbox").execute();
    await database().db.deleteFrom("contact_messages").execute();
  });

  it("has a database CHECK on the topic that agrees with the one list of topics", async () => {
    for (const topic of contactTopics) await storeContactMessage({ ...input, topic: topic.value }, new Date(), []);
    const stored = await database().db.selectFrom("contact_messages").select("topic").execute();
    expect(stored.map((m) => m.topic).sort()).toEqual(contactTopics.map((t) => t.value).sort());
    await expect(storeContactMessage({ ...input, topic: "billing" as never }, new Date(), [])).rejects.toThrow();
  });

  it("stores the message exactly as sent (trimmed) with consent time, and queues its delivery with it", async () => {
    const id = await storeContactMessage(input, new Date("2026-01-02T03:04:05Z"), ["email"]);
    const stored = await database()
      .db.selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: input.name,
      email: "ana@example.com",
      phone: "555-0100",
      topic: "repair",
      message: input.message,
      consent: 1,
      consent_at: "2026-01-02T03:04:05.000Z",
      status: "new",
    });
    const outbox = await database().db.selectFrom("outbox").selectAll().where("ref_id", "=", id).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: "email", status: "pending", kind: "message" });
  });

  it("stores nothing at all when queueing its delivery fails", async () => {
    // The outbox refuses an unknown channel, so the second statement of the transaction fails.
    await expect(storeContactMessage(input, new Date(), ["email", "carrier-pigeon" as never])).rejects.toThrow();
    expect(await database().db.selectFrom("contact_messages").selectAll().execute()).toEqual([]);
    expect(await database().db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("marks a message stored only when no channel is configured", async () => {
    const id = await storeContactMessage(input, new Date(), []);
    const outbox = await database().db.selectFrom("outbox").selectAll().where("ref_id", "=", id).execute();
    expect(outbox.map((o) => [o.channel, o.status])).toEqual([["none", "stored_only"]]);
    expect(await claimDueItem()).toBeUndefined();
  });

  it("with STAFF_EMAIL_CONTENT=full, emails staff through SMTP with the message, and no header can be injected", async () => {
    const smtp = await startSmtp();
    try {
      const config = parseConfig({
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        STAFF_EMAIL: "staff@aquila.example",
        SITE_URL: "https://www.aquila.example",
        STAFF_EMAIL_CONTENT: "full",
      });
      const id = await storeContactMessage(input, new Date(), ["email"]);
      expect(await deliverDue(deliveryKinds, config)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail?.to).toEqual(["staff@aquila.example"]);
      const headers = (mail?.raw.split("\r\n\r\n")[0] ?? "").replace(/\r\n[ \t]+/g, " ");
      const unfolded = headers;
      expect(unfolded).toMatch(
        /^Subject: \[Aquila contact\] Request a Repair from Ana Example Bcc: intruder@example.com$/m,
      );
      expect(unfolded).toMatch(/^Reply-To: ana@example.com$/m);
      expect(unfolded).not.toMatch(/^Bcc:/m);
      expect(mail?.raw).toContain("My controller light blinks twice");
      expect(mail?.raw).toContain(`/admin/messages/${id}`);
      const row = await database()
        .db.selectFrom("outbox")
        .selectAll()
        .where("ref_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
    } finally {
      await smtp.close();
    }
  });

  it("retries after the mail server was down, then delivers once", async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    const config = parseConfig({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(port),
      STAFF_EMAIL: "staff@aquila.example",
    });
    const id = await storeContactMessage(input, new Date(), ["email"]);
    let clock = Date.now();
    expect(await deliverDue(deliveryKinds, config, () => new Date(clock))).toBe(1);
    let row = await database().db.selectFrom("outbox").selectAll().where("ref_id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toBeTruthy();
    // Not due again until its backoff has passed.
    expect(await deliverDue(deliveryKinds, config, () => new Date(clock))).toBe(0);

    resetMailer();
    const again = await startSmtp(port);
    try {
      clock += 31_000;
      expect(await deliverDue(deliveryKinds, config, () => new Date(clock))).toBe(1);
      expect(again.received).toHaveLength(1);
      row = await database().db.selectFrom("outbox").selectAll().where("ref_id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(await deliverDue(deliveryKinds, config, () => new Date(clock + 3_600_000))).toBe(0);
      expect(again.received).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it("after a crash mid-send, the claimed item is retried once its lease ends, and never claimed twice at once", async () => {
    const id = await storeContactMessage(input, new Date(), ["email"]);
    const now = new Date();
    const first = await claimDueItem(now);
    expect(first?.ref_id).toBe(id);
    // Another instance (or this one after a restart) finds nothing while the lease holds…
    expect(await claimDueItem(now)).toBeUndefined();
    // …and takes it over once the lease has run out.
    const later = await claimDueItem(new Date(now.getTime() + 61_000));
    expect(later?.id).toBe(first?.id);
  });
});

describe.each(testDialects)("migration 0009 on %s", (dialect) => {
  const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: migrationProvider });
  const message: Insertable<ContactMessageTable> = {
    id: "m-1",
    name: "Ann",
    email: "ann@example.com",
    phone: null,
    topic: "repair",
    message: "Kept as it was.",
    consent: 1,
    consent_at: "2026-01-01T00:00:00.000Z",
    received_at: "2026-01-01T00:00:00.000Z",
    status: "handled",
    handled_at: "2026-01-02T00:00:00.000Z",
  };

  it("keeps every message through the new topics, down to 0008 (a new topic kept as General Inquiry) and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = database.db;
      expect((await migrator(db).migrateTo("0008_review_ledger")).error).toBeUndefined();
      await db.insertInto("contact_messages").values(message).execute();
      await expect(
        db
          .insertInto("contact_messages")
          .values({ ...message, id: "m-2", topic: "accessibility" })
          .execute(),
      ).rejects.toThrow();
      // What a process killed between committing and recording leaves behind, then the real run.
      await (
        await migrationProvider.getMigrations()
      )["0009_contact_topics_accessibility_privacy"]?.up(db as Kysely<unknown>);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("contact_messages").selectAll().execute()).toEqual([
        {
          ...message,
          spam_signals: null,
          reply_due_at: null,
          reply_late_at: null,
          assigned_to: null,
          first_reply_at: null,
          first_reply_by: null,
          reply_minutes: null,
          heard_from: null,
          reply_token: null,
          answer_due_at: null,
          answer_late_at: null,
        },
      ]);
      await db
        .insertInto("contact_messages")
        .values({ ...message, id: "m-2", topic: "accessibility" })
        .execute();
      expect((await migrator(db).migrateTo("0008_review_ledger")).error).toBeUndefined();
      expect(await db.selectFrom("contact_messages").selectAll().orderBy("id").execute()).toEqual([
        message,
        { ...message, id: "m-2", topic: "general" },
      ]);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom("contact_messages").select("id").execute()).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
