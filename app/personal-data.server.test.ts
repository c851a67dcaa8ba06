import { existsSync, readFileSync } from "node:fs";
import SQLite from "#db/sqlite-driver.mjs";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { createAccount } from "~/features/auth/account-creation.server";
import { storeContactMessage } from "~/features/contact/store.server";
import { setMessageStatus } from "~/features/contact/inbox.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { setOrderStatus } from "~/features/orders/admin.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { createReview, declineReview, publishReview } from "~/features/reviews/store.server";
import { getReviewLedger } from "~/features/reviews/ledger.server";
import { ReviewSchema } from "~/features/reviews/schema";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import {
  addressKey,
  dataRequestsFor,
  erasePersonalData,
  exportPersonalData,
  findPersonalData,
  purgeExpiredData,
} from "~/lib/personal-data.server";
import { holdAsSpam } from "~/lib/spam.server";
import type { Staff } from "~/lib/staff";
import { db as appDb } from "~/lib/db.server";
import { useTestDatabase } from "~/lib/test-database";
import { completeOrderForm } from "../tests/support/orders";
import { personalDataSources } from "./personal-data.server";
import { testHashParams } from "../tests/support/hash-params";

setLogLevel("silent");

/** Email configured, so every record queues a delivery row (an order two: the notice and the receipt). */
const withEmail = parseConfig({ SMTP_HOST: "127.0.0.1", STAFF_EMAIL: "staff@aquila.example" });

const words = {
  review: "WORDS-REVIEW the cushion kept my sacrum from breaking down",
  message: "WORDS-MESSAGE I have a stage 2 pressure injury; which cover?",
  notes: "WORDS-NOTES recent flap surgery on the left ischium",
};

/** A held submission's id; these tests never fill the store. */
async function hold(...args: Parameters<typeof holdAsSpam>): Promise<string> {
  const id = await holdAsSpam(...args);
  if (!id) throw new Error("the spam store is full");
  return id;
}

/** One of every kind for `email`, stored the way the site stores them. */
async function storeEverything(email: string, name = "Ana Example") {
  const review = await createReview(
    ReviewSchema.parse({ name, email, rating: 9, quote: words.review, tags: ["comfort"] }),
  );
  await appDb()
    .updateTable("outbox")
    .set({ channel: "email", status: "pending" })
    .where("ref_id", "=", review)
    .execute();
  const message = await storeContactMessage(
    ContactFormSchema.parse({ name, email, topic: "product", message: words.message, consent: "on" }),
    new Date(),
    ["email"],
  );
  const order = (
    await storeOrder(
      OrderRequestSchema.parse({ ...completeOrderForm, firstName: name, email, medicalNotes: words.notes }),
      { config: withEmail },
    )
  ).id;
  const spam = await hold(
    "message",
    { name, email, topic: "general", message: "Cheap pills", consent: "on" },
    [{ code: "honeypot", detail: "filled" }],
    1000,
  );
  return { review, message, order, spam };
}

describe.each(testDialects)("personal data by email address on %s", (dialect) => {
  let staff: Staff;
  const database = useTestDatabase(dialect, async () => {
    staff = {
      accountId: await createAccount("privacy-staff", "long enough password", "moderator", {
        hashParams: testHashParams,
      }),
      username: "privacy-staff",
    };
  });
  const db = () => database().db;
  beforeEach(async () => {
    for (const table of [
      "spam",
      "outbox",
      "testimonials",
      "review_removals",
      "contact_messages",
      "order_requests",
      "audit_log",
      "rate_limits",
    ] as const)
      await db().deleteFrom(table).execute();
  });

  const idsOf = (found: Awaited<ReturnType<typeof findPersonalData>>) =>
    Object.fromEntries(found.kinds.map((k) => [k.kind, k.records.map((r) => r.id)]));

  it("finds every kind of record for an address, whatever its case and spaces, with their deliveries, and nothing of anyone else's", async () => {
    const ana = await storeEverything("ana@example.com");
    // Addresses that only look alike: another domain, a longer local part, a different one.
    await storeEverything("ana@example.co", "Other One");
    await storeEverything("xana@example.com", "Other Two");
    await storeEverything("bob@example.com", "Bob");

    const found = await findPersonalData(personalDataSources, "  ANA@Example.com ");
    expect(found.email).toBe("ana@example.com");
    expect(idsOf(found)).toEqual({
      reviews: [ana.review],
      messages: [ana.message],
      orders: [ana.order],
      spam: [ana.spam],
    });
    expect(found.total).toBe(4);
    const deliveries = Object.fromEntries(found.kinds.map((k) => [k.kind, k.deliveries.map((d) => [d.kind, d.refId])]));
    expect(deliveries).toEqual({
      reviews: [["review", ana.review]],
      messages: [["message", ana.message]],
      orders: [
        ["order", ana.order],
        ["order-receipt", ana.order],
      ],
      spam: [],
    });
    // The list staff read says what each record is, never what the person wrote.
    const summaries = found.kinds.flatMap((k) => k.records.map((r) => r.summary)).join(" | ");
    for (const text of Object.values(words)) expect(summaries).not.toContain(text.slice(0, 12));

    expect((await findPersonalData(personalDataSources, "nobody@example.com")).total).toBe(0);
  });

  it("exports every stored field of every record, and records who exported how many, not the address", async () => {
    const ana = await storeEverything("ana@example.com");
    const file = (await exportPersonalData(
      staff,
      personalDataSources,
      "ana@example.com",
      new Date("2026-11-23T10:00:00Z"),
    )) as Record<string, unknown>;
    expect(file).toMatchObject({ email: "ana@example.com", exportedAt: "2026-11-23T10:00:00.000Z" });
    expect(file.reviews).toEqual([
      expect.objectContaining({
        id: ana.review,
        quote: words.review,
        tags: ["comfort"],
        deliveries: [expect.objectContaining({ kind: "review", channel: "email" })],
      }),
    ]);
    expect(file.messages).toEqual([expect.objectContaining({ id: ana.message, message: words.message })]);
    expect(file.orders).toEqual([
      expect.objectContaining({ id: ana.order, medical_notes: words.notes, discomfort_areas: ["tailbone", "hips"] }),
    ]);
    expect(file.spam).toEqual([
      expect.objectContaining({
        id: ana.spam,
        kind: "message",
        payload: expect.objectContaining({ email: "ana@example.com" }),
      }),
    ]);

    const audit = await db().selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "export-personal-data",
      target_type: "data_request",
      // A digest of the address, so the person's page lists the request; never the address itself.
      target_id: addressKey("ana@example.com"),
      username: "privacy-staff",
    });
    expect(audit[0]?.target_id).toMatch(/^[0-9a-f]{32}$/);
    expect(await dataRequestsFor("ANA@example.com")).toEqual([
      { what: "A copy exported", by: "privacy-staff", at: audit[0]?.at },
    ]);
    expect(audit[0]?.detail).toBe("reviews: 1, messages: 1, order requests: 1, spam: 1; deliveries: 4");
  });

  it("deletes everything for an address in one step, leaves others alone, keeps the ledger's counts, and audits it without the content", async () => {
    const ana = await storeEverything("Ana@Example.com");
    const bob = await storeEverything("bob@example.com", "Bob");
    await publishReview(staff, ana.review);
    const before = await getReviewLedger();

    const seen = await findPersonalData(personalDataSources, "ana@example.com");
    expect(seen.total).toBe(4);
    const result = await erasePersonalData(staff, personalDataSources, "ana@example.com", seen.fingerprint);
    expect(result).toEqual({ ok: true, erased: { reviews: 1, messages: 1, orders: 1, spam: 1 }, deliveries: 4 });

    expect((await findPersonalData(personalDataSources, "ana@example.com")).total).toBe(0);
    for (const [table, id] of [
      ["testimonials", ana.review],
      ["contact_messages", ana.message],
      ["order_requests", ana.order],
      ["spam", ana.spam],
    ] as const) {
      expect(await db().selectFrom(table).select("id").where("id", "=", id).execute(), table).toEqual([]);
    }
    expect(
      await db()
        .selectFrom("outbox")
        .select("id")
        .where("ref_id", "in", [ana.review, ana.message, ana.order])
        .execute(),
    ).toEqual([]);
    expect(idsOf(await findPersonalData(personalDataSources, "bob@example.com"))).toEqual({
      reviews: [bob.review],
      messages: [bob.message],
      orders: [bob.order],
      spam: [bob.spam],
    });

    // The published review is gone but still counted: received, and not published at the writer's request.
    const after = await getReviewLedger();
    expect(after.received).toBe(before.received);
    expect(after.published).toBe(before.published - 1);
    expect(after.reasons).toContainEqual({ reason: "reviewer-request", count: 1 });

    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "erase-personal-data").execute();
    expect(audit).toHaveLength(1);
    const line = JSON.stringify(audit[0]);
    expect(audit[0]?.detail).toBe("reviews: 1, messages: 1, order requests: 1, spam: 1; deliveries: 4");
    for (const secret of [
      "ana@example.com",
      "Ana@Example.com",
      "Ana Example",
      words.review,
      words.message,
      words.notes,
    ])
      expect(line).not.toContain(secret);
  });

  it("deletes nothing when the records are not the ones staff saw, even if there are as many", async () => {
    const ana = await storeEverything("ana@example.com");
    const seen = await findPersonalData(personalDataSources, "ana@example.com");
    // After staff looked, one record went and another arrived: the same count, other records.
    await db().deleteFrom("spam").where("id", "=", ana.spam).execute();
    const arrived = await hold("review", { name: "Ana", email: "ana@example.com" }, [], 1000);
    const result = await erasePersonalData(staff, personalDataSources, "ana@example.com", seen.fingerprint);
    expect(result).toEqual({ ok: false, changed: true, total: 4 });
    expect(idsOf(await findPersonalData(personalDataSources, "ana@example.com"))).toEqual({
      reviews: [ana.review],
      messages: [ana.message],
      orders: [ana.order],
      spam: [arrived],
    });
    expect(await db().selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("keeps a declined review counted under its own reason when its writer's data is deleted", async () => {
    const ana = await storeEverything("ana@example.com");
    await declineReview(staff, ana.review, "offensive", null);
    const before = await getReviewLedger();
    const seen = await findPersonalData(personalDataSources, "ana@example.com");
    expect((await erasePersonalData(staff, personalDataSources, "ana@example.com", seen.fingerprint)).ok).toBe(true);
    const after = await getReviewLedger();
    expect(after.reasons).toEqual(before.reasons);
    expect(after.received).toBe(before.received);
  });

  it("rolls back everything when another request removes a record while the deletion runs", async () => {
    const ana = await storeEverything("ana@example.com");
    const seen = await findPersonalData(personalDataSources, "ana@example.com");
    // A source whose record vanished between finding and deleting (another instance released it from spam).
    const racing = { ...personalDataSources, spam: { ...personalDataSources.spam, erase: async () => 0 } };
    expect(await erasePersonalData(staff, racing, "ana@example.com", seen.fingerprint)).toEqual({
      ok: false,
      changed: true,
      total: 4,
    });
    expect(idsOf(await findPersonalData(personalDataSources, "ana@example.com"))).toEqual({
      reviews: [ana.review],
      messages: [ana.message],
      orders: [ana.order],
      spam: [ana.spam],
    });
    expect(
      await db()
        .selectFrom("outbox")
        .select("id")
        .where("ref_id", "in", [ana.review, ana.message, ana.order])
        .execute(),
    ).toHaveLength(4);
    expect(await db().selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("applies each kind's retention period: old records go, with their deliveries; recent and open ones stay", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const config = parseConfig({
      MESSAGE_RETENTION_MONTHS: "24",
      ORDER_RETENTION_MONTHS: "12",
      REVIEW_RETENTION_MONTHS: "6",
      SPAM_RETENTION_DAYS: "30",
    });
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    // Decisions are dated now by the app; these move them back in time, as if made long ago.
    const backdate = async (table: "testimonials", id: string, column: "declined_at" | "approved_at", at: Date) =>
      db()
        .updateTable(table)
        .set({ [column]: at.toISOString() })
        .where("id", "=", id)
        .execute();

    const message = async (days: number, handled: boolean) => {
      const id = await storeContactMessage(
        ContactFormSchema.parse({
          name: "M",
          email: `m${days}${handled}@example.com`,
          topic: "general",
          message: words.message,
          consent: "on",
        }),
        daysAgo(days),
        ["email"],
      );
      if (handled) await setMessageStatus(staff, id, "handled");
      return id;
    };
    const order = async (days: number, closed: boolean) => {
      const { id } = await storeOrder(
        OrderRequestSchema.parse({ ...completeOrderForm, email: `o${days}${closed}@example.com` }),
        { config: withEmail, now: daysAgo(days) },
      );
      if (closed) await setOrderStatus(staff, id, "closed");
      return id;
    };
    const review = async (state: "declined" | "published" | "pending", decidedDaysAgo: number) => {
      const id = await createReview(
        ReviewSchema.parse({
          name: "R",
          email: `r-${state}-${decidedDaysAgo}@example.com`,
          rating: 7,
          quote: words.review,
          tags: [],
        }),
        daysAgo(decidedDaysAgo + 5),
      );
      if (state === "declined") {
        await declineReview(staff, id, "off-topic", null);
        await backdate("testimonials", id, "declined_at", daysAgo(decidedDaysAgo));
      }
      if (state === "published") {
        await publishReview(staff, id);
        await backdate("testimonials", id, "approved_at", daysAgo(decidedDaysAgo));
      }
      return id;
    };

    const gone = {
      message: await message(800, true),
      order: await order(400, true),
      declined: await review("declined", 200),
      spam: await hold("review", { name: "S", email: "s@example.com" }, [], 1000, daysAgo(31)),
    };
    const kept = {
      recentHandledMessage: await message(700, true),
      oldOpenMessage: await message(800, false),
      recentClosedOrder: await order(300, true),
      oldOpenOrder: await order(400, false),
      recentDeclined: await review("declined", 150),
      oldPending: await review("pending", 400),
      recentSpam: await hold("review", { name: "S", email: "s2@example.com" }, [], 1000, daysAgo(29)),
    };
    const oldPublished = await review("published", 200);
    const recentPublished = await review("published", 150);
    const ledgerBefore = await getReviewLedger();

    const removed = await purgeExpiredData(personalDataSources, config, now);
    expect(removed).toEqual({ reviews: 2, messages: 1, orders: 1, spam: 1 });

    const exists = async (table: "contact_messages" | "order_requests" | "testimonials" | "spam", id: string) =>
      (await db().selectFrom(table).select("id").where("id", "=", id).execute()).length === 1;
    expect(await exists("contact_messages", gone.message)).toBe(false);
    expect(await exists("order_requests", gone.order)).toBe(false);
    expect(await exists("testimonials", gone.declined)).toBe(false);
    expect(await exists("spam", gone.spam)).toBe(false);
    expect(
      await db()
        .selectFrom("outbox")
        .select("id")
        .where("ref_id", "in", [gone.message, gone.order, gone.declined])
        .execute(),
    ).toEqual([]);

    expect(await exists("contact_messages", kept.recentHandledMessage)).toBe(true);
    expect(await exists("contact_messages", kept.oldOpenMessage)).toBe(true);
    expect(await exists("order_requests", kept.recentClosedOrder)).toBe(true);
    expect(await exists("order_requests", kept.oldOpenOrder)).toBe(true);
    expect(await exists("testimonials", kept.recentDeclined)).toBe(true);
    expect(await exists("testimonials", kept.oldPending)).toBe(true);
    expect(await exists("spam", kept.recentSpam)).toBe(true);

    // A published review stays published; only the address given with it is erased, once it is old.
    const published = await db()
      .selectFrom("testimonials")
      .select(["id", "email", "approved", "quote"])
      .where("id", "in", [oldPublished, recentPublished])
      .execute();
    expect(published.find((r) => r.id === oldPublished)).toMatchObject({ email: "", approved: 1, quote: words.review });
    expect(published.find((r) => r.id === recentPublished)?.email).toBe("r-published-150@example.com");

    // The deleted review is still counted, under the reason it was not published for.
    const ledgerAfter = await getReviewLedger();
    expect(ledgerAfter.received).toBe(ledgerBefore.received);
    expect(ledgerAfter.reasons).toEqual(ledgerBefore.reasons);

    // Run again, nothing more goes.
    expect(await purgeExpiredData(personalDataSources, config, now)).toEqual({
      reviews: 0,
      messages: 0,
      orders: 0,
      spam: 0,
    });
  });
});

// PostgreSQL keeps a deleted row's bytes until VACUUM reuses its space; what its files hold is the
// database administrator's to manage (docs/decisions/015). The embedded file is ours.
describe("personal data in the embedded SQLite file", () => {
  let staff: Staff;
  const database = useTestDatabase("sqlite", async () => {
    staff = {
      accountId: await createAccount("privacy-staff", "long enough password", "moderator", {
        hashParams: testHashParams,
      }),
      username: "privacy-staff",
    };
  });

  it("leaves no trace of what it deleted in the SQLite file", async () => {
    await storeEverything("trace@example.com");
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(appDb());
    const file = () =>
      [database().url, `${database().url}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString("latin1"))
        .join("");
    expect(file()).toContain(words.notes);
    const seen = await findPersonalData(personalDataSources, "trace@example.com");
    expect((await erasePersonalData(staff, personalDataSources, "trace@example.com", seen.fingerprint)).ok).toBe(true);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(appDb());
    const after = file();
    for (const secret of ["trace@example.com", words.review, words.message, words.notes])
      expect(after, secret).not.toContain(secret);
  });

  it("holds the write lock from its first statement, so another connection's write waits instead of breaking it", async () => {
    await storeEverything("locked@example.com");
    const seen = await findPersonalData(personalDataSources, "locked@example.com");
    // Another instance on the same file, writing while the deletion is between its reads and its
    // deletes. Without the lock taken first, that write would commit and the deletion would then
    // fail with "database is locked" (its read snapshot is stale); with it, the other write waits.
    const other = new SQLite(database().url);
    other.pragma("busy_timeout = 0");
    let otherWrite = "not tried";
    const racing = {
      ...personalDataSources,
      spam: {
        ...personalDataSources.spam,
        async find(email: string, from: Parameters<typeof personalDataSources.spam.find>[1]) {
          try {
            other.prepare("insert into rate_limits (key, window_start, count) values ('other-instance', 0, 1)").run();
            otherWrite = "committed";
          } catch (error) {
            otherWrite = (error as { code?: string }).code ?? String(error);
          }
          return personalDataSources.spam.find(email, from);
        },
      },
    };
    try {
      expect((await erasePersonalData(staff, racing, "locked@example.com", seen.fingerprint)).ok).toBe(true);
      expect(otherWrite).toBe("SQLITE_BUSY");
    } finally {
      other.close();
    }
  });
});
