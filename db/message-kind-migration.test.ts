import { type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { createTestDatabase, testDialects } from "./test-databases";

/** The tables 0026 renames in, as they were before it: a message's kind was `contact`. */
type Before = Omit<Database, "outbox" | "spam" | "form_counts"> & {
  outbox: Omit<Database["outbox"], "kind"> & { kind: string };
  spam: Omit<Database["spam"], "kind"> & { kind: string };
  form_counts: Omit<Database["form_counts"], "form"> & { form: string };
};

const at = "2026-03-02T10:00:00.000Z";

const delivery = (id: string, kind: string, ref: string) => ({
  id,
  kind,
  ref_id: ref,
  channel: "email" as const,
  status: "pending" as const,
  attempts: 0,
  next_attempt_at: at,
  locked_until: null,
  last_error: null,
  created_at: at,
  sent_at: null,
});

const held = (id: string, kind: string) => ({
  id,
  kind,
  payload: JSON.stringify({ name: `Sender ${id}` }),
  reasons: "[]",
  received_at: at,
});

const count = (form: string, event: string, n: number) => ({ day: "2026-03-02", form, event, count: n });

describe.each(testDialects)("migration 0026 (a message's one key) on %s", (dialect) => {
  const migrator = (db: Kysely<Before>) => new Migrator({ db, provider: migrationProvider });
  const kinds = async (db: Kysely<Before>) => ({
    outbox: (await db.selectFrom("outbox").select(["id", "kind", "ref_id"]).orderBy("id").execute()).map((r) =>
      [r.id, r.kind, r.ref_id].join(" "),
    ),
    spam: (await db.selectFrom("spam").select(["id", "kind", "payload"]).orderBy("id").execute()).map((r) =>
      [r.id, r.kind, JSON.parse(r.payload).name].join(" "),
    ),
    counts: (await db.selectFrom("form_counts").selectAll().orderBy("form").orderBy("event").execute()).map((r) =>
      [r.form, r.event, r.count].join(" "),
    ),
  });
  const refused = async (db: Kysely<Before>, kind: string) => {
    await expect(
      db
        .insertInto("outbox")
        .values(delivery("o-x", kind, "m-x"))
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto("spam").values(held("s-x", kind)).execute()).rejects.toThrow();
  };

  it("reads the outbox, spam and counts stored under contact as message, keeps every other row, and goes down and up again", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = database.db as unknown as Kysely<Before>;
      expect((await migrator(db).migrateTo("0025_audit_publish")).error).toBeUndefined();
      await sql`insert into contact_messages (id, name, email, topic, message, consent, consent_at, received_at, status)
        values ('m-1', 'Ann', 'ann@example.com', 'general', 'Hello', 1, ${at}, ${at}, 'new')`.execute(db);
      await db
        .insertInto("lead_replies")
        .values({
          id: "r-1",
          message_id: "m-1",
          order_id: null,
          kind: "email",
          outcome: null,
          to_address: "ann@example.com",
          subject: "Your message",
          body: "Thank you.",
          account_id: "a-1",
          account_name: "lead",
          created_at: at,
        })
        .execute();
      await db
        .insertInto("outbox")
        .values([
          delivery("o-1", "contact", "m-1"),
          delivery("o-2", "review", "t-1"),
          delivery("o-3", "order", "q-1"),
          delivery("o-4", "order-receipt", "q-1"),
          delivery("o-5", "reply", "r-1"),
          delivery("o-6", "digest", "d-1"),
        ])
        .execute();
      await db
        .insertInto("spam")
        .values([held("s-1", "contact"), held("s-2", "review"), held("s-3", "order")])
        .execute();
      await db
        .insertInto("form_counts")
        .values([
          count("contact", "stored", 3),
          count("contact", "heard:dealer", 2),
          // A count already under the new key for the same day and event is added to, not lost.
          count("message", "stored", 1),
          count("order", "stored", 4),
          count("order", "step-1", 9),
          count("review", "stored", 5),
        ])
        .execute();
      const before = await kinds(db);

      // What a process killed between committing and recording leaves behind, then the real run.
      await (await migrationProvider.getMigrations())["0026_message_kind"]?.up(db as Kysely<unknown>);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      const after = await kinds(db);
      expect(after).toEqual({
        outbox: [
          "o-1 message m-1",
          "o-2 review t-1",
          "o-3 order q-1",
          "o-4 order-receipt q-1",
          "o-5 reply r-1",
          "o-6 digest d-1",
        ],
        spam: ["s-1 message Sender s-1", "s-2 review Sender s-2", "s-3 order Sender s-3"],
        counts: ["message heard:dealer 2", "message stored 4", "order step-1 9", "order stored 4", "review stored 5"],
      });
      // The rebuilt tables take the new key and refuse the old one.
      await refused(db, "contact");
      await db
        .insertInto("outbox")
        .values(delivery("o-7", "message", "m-1"))
        .execute();
      await db.insertInto("spam").values(held("s-4", "message")).execute();
      await db.deleteFrom("outbox").where("id", "=", "o-7").execute();
      await db.deleteFrom("spam").where("id", "=", "s-4").execute();

      expect((await migrator(db).migrateTo("0025_audit_publish")).error).toBeUndefined();
      const down = await kinds(db);
      expect(down.outbox).toEqual(before.outbox);
      expect(down.spam).toEqual(before.spam);
      // The count added up while going up stays added up going down.
      expect(down.counts).toEqual([
        "contact heard:dealer 2",
        "contact stored 4",
        "order step-1 9",
        "order stored 4",
        "review stored 5",
      ]);
      await refused(db, "message");

      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      expect(await kinds(db)).toEqual(after);

      // A reply deleted still takes its delivery with it: the trigger survived both rebuilds.
      await db.deleteFrom("lead_replies").where("id", "=", "r-1").execute();
      expect((await kinds(db)).outbox).not.toContain("o-5 reply r-1");
      expect((await kinds(db)).outbox).toHaveLength(5);
    } finally {
      await database.drop();
    }
  });
});
