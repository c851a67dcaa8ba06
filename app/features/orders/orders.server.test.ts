import { type Kysely, Migrator, NO_MIGRATIONS, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, outboxKinds } from "#db/schema";
import { migrationProvider } from "#db/migrations";
import { createTestDatabase, testDialects } from "#db/test-databases";
import { deliveryKinds } from "~/deliveries.server";
import { type Config, parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { type DeliveryKinds, deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { maxAttempts } from "~/lib/outbox/queue.server";
import { useTestDatabase } from "~/lib/test-database";
import { discomfortAreaChoices, priorityChoices, referencePattern } from "./fields";
import { OrderRequestSchema } from "./schema";
import { orderChannels, storeOrder, submitOrder } from "./store.server";
import { staffNoticeFields } from "./delivery.server";
import { completeOrderForm } from "../../../tests/support/orders";
import { readMail, startForward, startSmtp } from "../../../tests/support/mail";

setLogLevel("silent");

/**
 * A request whose fitting and health details are all distinctive, so a test can prove none of
 * them leaves the database in an email or a forward.
 */
const health = {
  wheelchairType: "power",
  seatWidth: "17.25",
  seatDepth: "19.75",
  currentCushion: "CUSHION-XYZ foam",
  dailySittingHours: "over-12",
  discomfortAreas: ["sitting-bones", "thighs", "lower-back"],
  sensitivityLevel: "medium",
  priorities: ["long-day-comfort", "stability"],
  padSize: "custom",
  coverType: "easy-clean",
  controllerPlacement: "portable",
  medicalNotes: "MEDNOTE-XYZ: a healed pressure sore on the left side",
};

const form = (extra: Record<string, unknown> = {}) => ({
  ...completeOrderForm,
  ...health,
  honeypot: "",
  formStartTime: Date.now() - 10_000,
  ...extra,
});

const input = OrderRequestSchema.parse(form());

/** Every value and label of the health and fitting details sent above, in any letter case. */
const healthWords = [
  "CUSHION-XYZ",
  "MEDNOTE-XYZ",
  "pressure sore",
  "17.25",
  "19.75",
  "Power wheelchair",
  "over-12",
  "More than 12 hours",
  ...health.discomfortAreas,
  ...health.discomfortAreas.map((v) => discomfortAreaChoices.find((c) => c.value === v)?.label ?? v),
  "Tailbone",
  "medium",
  "long-day-comfort",
  "stability",
  ...health.priorities.map((v) => priorityChoices.find((c) => c.value === v)?.label ?? v),
  "A different size or shape",
  "easy-clean",
  "Easy-clean cover",
  "portable",
  "sensitivity",
  "discomfort",
];

/**
 * The health words found in `text`. A measurement such as 17.25 counts only standing alone, not
 * inside a longer number (a timestamp or a message id that happens to hold the same digits).
 */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return healthWords.filter((word) => {
    const wanted = word.toLowerCase();
    if (!/^\d/.test(wanted)) return lower.includes(wanted);
    const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(?<![\\d.])${escaped}(?![\\d])`).test(lower);
  });
}

describe.each(testDialects)("order requests on %s", (dialect) => {
  let ip = 0;
  const database = useTestDatabase(dialect);
  const rows = {
    orders: () => database().db.selectFrom("order_requests").selectAll().execute(),
    outbox: () => database().db.selectFrom("outbox").selectAll().orderBy("kind").orderBy("channel").execute(),
  };
  beforeEach(async () => {
    ip++;
    for (const table of ["outbox", "order_requests", "spam", "audit_log", "rate_limits"] as const)
      await database().db.deleteFrom(table).execute();
  });
  afterEach(() => resetMailer());

  const smtpAndForward = (smtpPort: number, forwardUrl: string, staffEmailContent: "link" | "full" = "full"): Config =>
    parseConfig({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtpPort),
      STAFF_EMAIL: "staff@aquila.example",
      SITE_URL: "https://www.aquila.example",
      ORDER_FORWARD_URL: forwardUrl,
      STAFF_EMAIL_CONTENT: staffEmailContent,
    });

  it("stores the request and its staff notice and receipt together, each on its channel", async () => {
    const config = parseConfig({ SMTP_HOST: "127.0.0.1", ORDER_FORWARD_URL: "https://forms.example/orders" });
    const { id, reference } = await storeOrder(input, { config, now: new Date("2026-03-04T05:06:07Z") });
    expect(reference).toMatch(referencePattern);
    const [order, ...others] = await rows.orders();
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      id,
      reference,
      first_name: "Rosa",
      email: "rosa@example.com",
      wheelchair_type: "power",
      seat_width_in: 17.25,
      seat_depth_in: 19.75,
      current_cushion: "CUSHION-XYZ foam",
      medical_notes: health.medicalNotes,
      sensitivity_level: "medium",
      submitted_by_name: null,
      privacy_consent_at: "2026-03-04T05:06:07.000Z",
      medical_disclaimer_at: "2026-03-04T05:06:07.000Z",
      received_at: "2026-03-04T05:06:07.000Z",
      status: "new",
    });
    expect(JSON.parse(order?.discomfort_areas ?? "[]")).toEqual(health.discomfortAreas);
    expect(JSON.parse(order?.priorities ?? "[]")).toEqual(health.priorities);
    const outbox = await rows.outbox();
    expect(outbox.map((o) => [o.kind, o.channel, o.status, o.ref_id])).toEqual([
      ["order", "email", "pending", id],
      ["order", "forward", "pending", id],
      ["order-receipt", "email", "pending", id],
    ]);
  });

  it("queues no receipt without SMTP, and records a request as stored only when no channel is configured", async () => {
    const forwardOnly = parseConfig({ CONTACT_FORWARD_URL: "https://forms.example/contact" });
    expect(orderChannels(forwardOnly)).toEqual(["forward"]);
    const first = await storeOrder(input, { config: forwardOnly });
    const second = await storeOrder(input, { config: parseConfig({}) });
    expect(first.reference).not.toBe(second.reference);
    const outbox = await rows.outbox();
    expect(outbox.filter((o) => o.ref_id === first.id).map((o) => [o.kind, o.channel])).toEqual([["order", "forward"]]);
    expect(outbox.filter((o) => o.ref_id === second.id).map((o) => [o.kind, o.channel, o.status])).toEqual([
      ["order", "none", "stored_only"],
    ]);
  });

  it("stores nothing at all when queueing a delivery fails inside the transaction", async () => {
    // The database refuses the last statement of the transaction (the receipt), after the order
    // and its staff notices were written.
    if (dialect === "sqlite") {
      await sql`create trigger refuse_receipt before insert on outbox when new.kind = 'order-receipt' begin select raise(abort, 'receipt refused'); end`.execute(
        database().db,
      );
    } else {
      await sql`create function refuse_receipt() returns trigger language plpgsql as $$ begin raise exception 'receipt refused'; end $$`.execute(
        database().db,
      );
      await sql`create trigger refuse_receipt before insert on outbox for each row when (new.kind = 'order-receipt') execute function refuse_receipt()`.execute(
        database().db,
      );
    }
    try {
      const config = parseConfig({ SMTP_HOST: "127.0.0.1", ORDER_FORWARD_URL: "https://forms.example/orders" });
      await expect(storeOrder(input, { config })).rejects.toThrow(/receipt refused/);
      expect(await rows.orders()).toEqual([]);
      expect(await rows.outbox()).toEqual([]);
    } finally {
      await sql`drop trigger refuse_receipt${dialect === "postgres" ? sql` on outbox` : sql``}`.execute(database().db);
      if (dialect === "postgres") await sql`drop function refuse_receipt()`.execute(database().db);
    }
    // And the same statement succeeds once the database takes it again.
    await storeOrder(input, { config: parseConfig({ SMTP_HOST: "127.0.0.1" }) });
    expect((await rows.outbox()).map((o) => o.kind)).toEqual(["order", "order-receipt"]);
  });

  it("queues three receipts a day for one mailbox however it is spelled, counting none for a request that was not stored", async () => {
    const config = parseConfig({ SMTP_HOST: "127.0.0.1" });
    const receipts = async () => (await rows.outbox()).filter((o) => o.kind === "order-receipt").length;
    await expect(
      database()
        .db.transaction()
        .execute(async (trx) => {
          await storeOrder({ ...input, email: "rosa@example.com" }, { config }, trx);
          throw new Error("the caller's transaction fails");
        }),
    ).rejects.toThrow("the caller's transaction fails");
    for (const email of ["rosa@example.com", "Rosa@Example.COM", "rosa+cushion@example.com"])
      await storeOrder({ ...input, email }, { config });
    expect(await receipts()).toBe(3);
    const fourth = await storeOrder({ ...input, email: "ROSA+again@example.com" }, { config });
    expect(await receipts()).toBe(3);
    expect((await rows.outbox()).filter((o) => o.ref_id === fourth.id).map((o) => o.kind)).toEqual(["order"]);
    // Another mailbox has its own count, and the table holds no address.
    await storeOrder({ ...input, email: "rosa.other@example.com" }, { config });
    expect(await receipts()).toBe(4);
    const keys = (await database().db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys.filter((key) => key.includes("rosa"))).toEqual([]);
  });

  it("with STAFF_EMAIL_CONTENT=full, tells staff how to reach the requester by email and forward, with no health or fitting detail, and sends a receipt with the reference", async () => {
    const smtp = await startSmtp();
    const forward = await startForward();
    try {
      const config = smtpAndForward(smtp.port, forward.url);
      const { id, reference } = await storeOrder(
        OrderRequestSchema.parse(
          form({ submittedBy: "other", submitterName: "Dr Lee", submitterRelationship: "clinician" }),
        ),
        { config },
      );
      expect(await deliverDue(deliveryKinds, config)).toBe(3);
      expect((await rows.outbox()).map((o) => [o.kind, o.channel, o.status])).toEqual([
        ["order", "email", "sent"],
        ["order", "forward", "sent"],
        ["order-receipt", "email", "sent"],
      ]);

      const staffMail = smtp.received.find((m) => m.to.includes("staff@aquila.example"));
      const receipt = smtp.received.find((m) => m.to.includes("rosa@example.com"));
      expect(smtp.received).toHaveLength(2);
      expect(staffMail?.to).toEqual(["staff@aquila.example"]);
      expect(receipt?.to).toEqual(["rosa@example.com"]);

      const notice = readMail(staffMail?.raw ?? "");
      expect(notice.headers).toMatch(new RegExp(`^Subject: \\[Aquila order\\] ${reference} from Rosa Example$`, "m"));
      expect(notice.headers).toMatch(/^Reply-To: rosa@example.com$/m);
      expect(notice.text).toContain(`Reference: ${reference}`);
      expect(notice.text).toContain("Phone: 555-010-0199");
      expect(notice.text).toContain("Filled in by: Dr Lee (clinician or therapist)");
      expect(notice.text).toContain(`https://www.aquila.example/admin/orders/${id}`);
      expect(leaks(notice.text)).toEqual([]);
      expect(leaks(notice.headers)).toEqual([]);

      expect(forward.bodies).toHaveLength(1);
      const posted = forward.bodies[0] ?? {};
      expect(Object.keys(posted).sort()).toEqual(["kind", ...staffNoticeFields].sort());
      expect(posted).toMatchObject({
        kind: "order",
        id,
        reference,
        firstName: "Rosa",
        lastName: "Example",
        email: "rosa@example.com",
        zipCode: "43004",
      });
      expect(leaks(JSON.stringify(posted))).toEqual([]);

      const mail = readMail(receipt?.raw ?? "");
      expect(mail.headers).toMatch(new RegExp(`^Subject: Your Aquila order request ${reference}$`, "m"));
      expect(mail.text).toContain(`its reference is ${reference}`);
      expect(mail.text).toContain("What happens next");
      expect(leaks(mail.text)).toEqual([]);
      expect(leaks(mail.headers)).toEqual([]);
    } finally {
      await smtp.close();
      await forward.close();
    }
  });

  it("refuses an outbox row of a kind it does not know at the database", async () => {
    const at = new Date().toISOString();
    await expect(
      sql`insert into outbox (id, kind, ref_id, channel, status, attempts, next_attempt_at, created_at) values ('x-1', 'gift-card', 'r-1', 'forward', 'pending', 0, ${at}, ${at})`.execute(
        database().db,
      ),
    ).rejects.toThrow();
    expect(await rows.outbox()).toEqual([]);
  });

  /** The rest of the attempts the one row is allowed after its first, each once its backoff has passed. */
  async function attemptUntilGivenUp(kinds: DeliveryKinds, config: Config) {
    let clock = Date.now() + 3_600_001;
    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      expect(await deliverDue(kinds, config, () => new Date(clock))).toBe(1);
      const [row] = await rows.outbox();
      expect(row?.status, `after attempt ${attempt}`).toBe(attempt < maxAttempts ? "pending" : "failed");
      expect(row).toMatchObject({ attempts: attempt, sent_at: null });
      clock += 3_600_001;
    }
    expect(await deliverDue(kinds, config, () => new Date(clock))).toBe(0);
  }

  it("never marks sent a row whose kind has no handler: it is a failed attempt, then given up", async () => {
    const forward = await startForward();
    try {
      const config = parseConfig({ ORDER_FORWARD_URL: forward.url });
      await storeOrder(input, { config });
      // A release whose registry lacks a kind another release (or a rolled-back one) wrote.
      const { order: _missing, ...known } = deliveryKinds;
      const withoutOrders = known as unknown as DeliveryKinds;
      expect(await deliverDue(withoutOrders, config)).toBe(1);
      const [row] = await rows.outbox();
      expect(row).toMatchObject({ kind: "order", status: "pending", attempts: 1, sent_at: null });
      expect(row?.last_error).toContain('no delivery handler for kind "order"');
      await attemptUntilGivenUp(withoutOrders, config);
      expect(forward.bodies).toEqual([]);
    } finally {
      await forward.close();
    }
  });

  /** The name PostgreSQL gave the outbox's CHECK on kind. */
  async function kindCheck(): Promise<string> {
    const result = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(
      database().db,
    );
    expect(result.rows).toHaveLength(1);
    return result.rows[0]?.conname ?? "";
  }

  it("never marks sent a row a newer release wrote with a kind this one does not know", async () => {
    // The newer release's schema allows its new kind; this release's registry has no handler.
    const check = dialect === "postgres" ? await kindCheck() : "";
    if (dialect === "sqlite") await sql`pragma ignore_check_constraints = on`.execute(database().db);
    else await sql`alter table outbox drop constraint ${sql.id(check)}`.execute(database().db);
    try {
      const at = new Date().toISOString();
      await sql`insert into outbox (id, kind, ref_id, channel, status, attempts, next_attempt_at, created_at) values ('x-1', 'gift-card', 'r-1', 'forward', 'pending', 0, ${at}, ${at})`.execute(
        database().db,
      );
      const config = parseConfig({ ORDER_FORWARD_URL: "http://127.0.0.1:9/never" });
      expect(await deliverDue(deliveryKinds, config)).toBe(1);
      const [row] = await rows.outbox();
      expect(row).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
      expect(row?.last_error).toContain('no delivery handler for kind "gift-card"');
      await attemptUntilGivenUp(deliveryKinds, config);
    } finally {
      await database().db.deleteFrom("outbox").execute();
      if (dialect === "sqlite") await sql`pragma ignore_check_constraints = off`.execute(database().db);
      else
        await sql`alter table outbox add constraint ${sql.id(check)} check (kind in (${sql.join(outboxKinds.map((kind) => sql.lit(kind)))}))`.execute(
          database().db,
        );
    }
  });

  it("never marks sent a delivery whose order is no longer in the database", async () => {
    const smtp = await startSmtp();
    const forward = await startForward();
    try {
      const config = smtpAndForward(smtp.port, forward.url);
      const { id } = await storeOrder(input, { config });
      await database().db.deleteFrom("order_requests").where("id", "=", id).execute();
      expect(await deliverDue(deliveryKinds, config)).toBe(3);
      const outbox = await rows.outbox();
      expect(outbox.map((o) => [o.kind, o.channel, o.status])).toEqual([
        ["order", "email", "pending"],
        ["order", "forward", "pending"],
        ["order-receipt", "email", "pending"],
      ]);
      for (const row of outbox) expect(row.last_error).toContain(`${id} it delivers is not in the database`);
      expect(smtp.received).toEqual([]);
      expect(forward.bodies).toEqual([]);
    } finally {
      await smtp.close();
      await forward.close();
    }
  });

  it("gives a reference for a stored request, and field errors with nothing stored for an invalid one", async () => {
    const result = await submitOrder(form(), `198.51.100.${ip}`);
    expect(result).toMatchObject({ ok: true, held: false });
    const reference = result.ok ? result.reference : "";
    expect(reference).toMatch(referencePattern);
    expect((await rows.orders()).map((o) => o.reference)).toEqual([reference]);

    const invalid = await submitOrder(
      form({ email: "nope", seatWidth: "40", discomfortAreas: [] }),
      `198.51.100.${ip}`,
    );
    expect(invalid).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        email: "Please enter a valid email address",
        seatWidth: "Enter a seat width between 10 and 30 inches",
        discomfortAreas: "Please select at least one area",
      },
    });
    expect(await rows.orders()).toHaveLength(1);
  });
});

/** The outbox and spam store as they were before 0026, when a message's kind was `contact`. */
type Before0026 = Omit<Database, "outbox" | "spam"> & {
  outbox: Omit<Database["outbox"], "kind"> & { kind: string };
  spam: Omit<Database["spam"], "kind"> & { kind: string };
};
const before0026 = (db: Kysely<Database>) => db as unknown as Kysely<Before0026>;

describe.each(testDialects)("migration 0007 on %s", (dialect) => {
  const migrator = (db: Kysely<Before0026>) => new Migrator({ db, provider: migrationProvider });
  const at = "2026-01-02T03:04:05.000Z";
  const outboxRows = [
    {
      id: "o-1",
      kind: "contact",
      ref_id: "c-1",
      channel: "email",
      status: "sent",
      attempts: 1,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: at,
      sent_at: at,
    },
    {
      id: "o-2",
      kind: "review",
      ref_id: "t-1",
      channel: "forward",
      status: "pending",
      attempts: 3,
      next_attempt_at: at,
      locked_until: at,
      last_error: "forward answered 502",
      created_at: at,
      sent_at: null,
    },
    {
      id: "o-3",
      kind: "contact",
      ref_id: "c-2",
      channel: "none",
      status: "stored_only",
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    },
  ] as const;
  const spamRows = [
    {
      id: "s-1",
      kind: "review",
      payload: '{"name":"Bot"}',
      reasons: '[{"code":"honeypot","detail":"filled"}]',
      received_at: at,
    },
    { id: "s-2", kind: "contact", payload: '{"message":"Cheap"}', reasons: "[]", received_at: at },
  ] as const;

  /** Up to 0007 and no further: later migrations have tests of their own. */
  async function upTo0007(db: Kysely<Before0026>) {
    const { error, results } = await migrator(db).migrateTo("0007_order_requests");
    if (error) throw error;
    return results?.map((r) => r.migrationName) ?? [];
  }

  async function expectRowsKept(db: Kysely<Before0026>) {
    expect(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).toEqual(outboxRows);
    expect(await db.selectFrom("spam").selectAll().orderBy("id").execute()).toEqual(spamRows);
  }

  it("keeps the outbox and spam rows written before it, down to 0006 and up again, twice", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = before0026(database.db);
      expect((await migrator(db).migrateTo("0007_order_requests")).error).toBeUndefined();
      for (let round = 0; round < 2; round++) {
        const down = await migrator(db).migrateTo("0006_sign_in_failures");
        expect(down.error).toBeUndefined();
        expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([
          ["0007_order_requests", "Down", "Success"],
        ]);
        await db.deleteFrom("outbox").execute();
        await db.deleteFrom("spam").execute();
        await db.insertInto("outbox").values(outboxRows).execute();
        await db.insertInto("spam").values(spamRows).execute();
        expect(await upTo0007(db)).toEqual(["0007_order_requests"]);
        await expectRowsKept(db);
        // The rebuilt tables take the new kinds and still refuse unknown ones.
        await db
          .insertInto("outbox")
          .values({ ...outboxRows[0], id: "o-4", kind: "order-receipt" })
          .execute();
        await db
          .insertInto("spam")
          .values({ ...spamRows[0], id: "s-3", kind: "order" })
          .execute();
        await expect(
          db
            .insertInto("outbox")
            .values({ ...outboxRows[0], id: "o-5", kind: "gift-card" as never })
            .execute(),
        ).rejects.toThrow();
        await expect(
          db
            .insertInto("spam")
            .values({ ...spamRows[0], id: "s-4", kind: "gift-card" as never })
            .execute(),
        ).rejects.toThrow();
        await expect(
          db
            .insertInto("outbox")
            .values({ ...outboxRows[0], id: "o-1" })
            .execute(),
        ).rejects.toThrow();
        await db.deleteFrom("outbox").where("id", "=", "o-4").execute();
        await db.deleteFrom("spam").where("id", "=", "s-3").execute();
      }
    } finally {
      await database.drop();
    }
  });

  it("keeps them when a database made before 0007 is brought up to date", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = before0026(database.db);
      expect((await migrator(db).migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      const up = await migrator(db).migrateTo("0006_sign_in_failures");
      expect(up.error).toBeUndefined();
      await db.insertInto("outbox").values(outboxRows).execute();
      await db.insertInto("spam").values(spamRows).execute();
      expect(await upTo0007(db)).toEqual(["0007_order_requests"]);
      await expectRowsKept(db);
    } finally {
      await database.drop();
    }
  });

  it("changes nothing when it fails partway, and runs once the cause is gone", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = before0026(database.db);
      expect((await migrator(db).migrateTo("0006_sign_in_failures")).error).toBeUndefined();
      await db.insertInto("outbox").values(outboxRows).execute();
      await db.insertInto("spam").values(spamRows).execute();
      // A table in the way of its last step: the order table and the outbox are rebuilt by then.
      await sql`create table spam_next (id text)`.execute(db);
      await expect(upTo0007(db)).rejects.toThrow();
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain("order_requests");
      expect(tables.map((t) => t.name)).not.toContain("outbox_next");
      await expectRowsKept(db);
      await expect(
        db
          .insertInto("outbox")
          .values({ ...outboxRows[0], id: "o-4", kind: "order" })
          .execute(),
      ).rejects.toThrow();

      await sql`drop table spam_next`.execute(db);
      expect(await upTo0007(db)).toEqual(["0007_order_requests"]);
      await expectRowsKept(db);
    } finally {
      await database.drop();
    }
  });

  it("runs again after its changes were committed but not yet recorded as done", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = before0026(database.db);
      expect((await migrator(db).migrateTo("0006_sign_in_failures")).error).toBeUndefined();
      await db.insertInto("outbox").values(outboxRows).execute();
      await db.insertInto("spam").values(spamRows).execute();
      const migration = (await migrationProvider.getMigrations())["0007_order_requests"];
      // What a process killed between the two leaves behind.
      await migration?.up(db as Kysely<unknown>);
      expect(await upTo0007(db)).toEqual(["0007_order_requests"]);
      await expectRowsKept(db);
      await migration?.down?.(db as Kysely<unknown>);
      expect((await migrator(db).migrateTo("0006_sign_in_failures")).error).toBeUndefined();
      await expectRowsKept(db);
    } finally {
      await database.drop();
    }
  });
});
