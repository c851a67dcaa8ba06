import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { responseFigureTexts } from "~/content/replies";
import { defineLeadKind, type LeadColumns, type LeadFilter } from "~/lib/lead-kind";
import { setLogLevel } from "~/lib/logger.server";
import { dateUndatedLeads } from "~/lib/reply-promises.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { assignLead } from "./assign.server";
import { computeFigures, publicFigures, staffFigures } from "./figures.server";
import { countOpenLeads, exportLeadsCsv, leadsDb, listLeads, parseLeadFilter } from "./leads.server";
import { countOverdue, waitingLeads } from "./queue.server";
import { draftReply, recordCall, retryReply, threadOf } from "./replies.server";

setLogLevel("silent");

/**
 * A kind of lead the site does not have, defined here and nowhere else: a callback request with a
 * table of its own. The shared list, filter, export, today's work, its overdue count,
 * assignment, replies, the first-reply stamp, the response figures and due times serve it without
 * a line of theirs naming it, which is what makes a new kind its own folder, one entry in
 * app/lead-kinds.server.ts and the migration that stores it.
 */
interface CallbackRow extends LeadColumns {
  name: string;
  email: string;
  phone: string;
  best_time: "morning" | "afternoon";
}

interface CallbackFilter extends LeadFilter {
  when?: string;
}

const callbacks = defineLeadKind<CallbackRow, CallbackFilter>({
  kind: "callback",
  label: "Callback request",
  table: "callback_requests",
  entity: "callback_request",
  path: "/admin/callbacks",
  outbox: [],
  statuses: ["new", "called"],
  reopened: () => ({ status: "new" }),
  listColumns: [
    "id",
    "name",
    "best_time",
    "received_at",
    "status",
    "spam_signals",
    "reply_due_at",
    "reply_late_at",
    "first_reply_at",
  ],
  parseFilter: (params) => ({ when: ["morning", "afternoon"].find((w) => w === params.get("when")) }),
  narrow: (eb, filter) => (filter.when ? eb("best_time", "=", filter.when) : undefined),
  titleColumns: ["name", "best_time"],
  title: (row) => `${row.name} — call back in the ${row.best_time}`,
  // Its own promise, unlike either kind the site has: due after two business days, late after three.
  promise: { dueDays: 2, lateDays: 3 },
  figures: { noun: "callback requests", verb: "called back", promise: "within 2 business days" },
  replyColumn: "callback_id",
  contactColumns: ["name", "email"],
  replyContact: (row) => ({ email: row.email, name: row.name, template: "callback", reference: null }),
  exportName: "callbacks",
  exportHeaders: ["Received", "Name", "Phone", "Best time", "Status"],
  exportRow: (row) => [row.received_at, row.name, row.phone, row.best_time, row.status],
});

const staff: Staff = { accountId: randomUUID(), username: "callback-staff" };

describe.each(testDialects)("a made-up kind of lead, served by the shared code, on %s", (dialect) => {
  const database = useTestDatabase(dialect, async () => {
    await sql`create table callback_requests (
      id text primary key, name text not null, email text not null, phone text not null,
      best_time text not null, received_at text not null, status text not null, spam_signals text,
      reply_due_at text, reply_late_at text, assigned_to text,
      first_reply_at text, first_reply_by text, reply_minutes integer,
      reply_token text unique, answer_due_at text, answer_late_at text)`.execute(database().db);
    // What the kind's migration does to the replies (empty here): a column that points to it, and
    // a reply still on exactly one lead.
    await sql`drop table lead_replies`.execute(database().db);
    await sql`create table lead_replies (
      id text primary key,
      message_id text references contact_messages (id) on delete cascade,
      order_id text references order_requests (id) on delete cascade,
      callback_id text references callback_requests (id) on delete cascade,
      kind text not null check (kind in ('email', 'call')),
      outcome text, to_address text, subject text, body text not null,
      account_id text not null, account_name text not null, created_at text not null, reply_token text,
      constraint lead_replies_one_lead check (
        (case when message_id is null then 0 else 1 end) + (case when order_id is null then 0 else 1 end)
        + (case when callback_id is null then 0 else 1 end) = 1))`.execute(database().db);
    // And to the visitors' answers and staff's notes: a column that points to it.
    for (const table of ["lead_answers", "lead_notes"])
      await sql`alter table ${sql.table(table)} add column callback_id text references callback_requests (id) on delete cascade`.execute(
        database().db,
      );
  });

  async function store(
    name: string,
    best_time: CallbackRow["best_time"],
    arrived: string,
    due: string | null,
    status = "new",
  ) {
    const id = randomUUID();
    await leadsDb()
      .insertInto("callback_requests")
      .values({
        id,
        name,
        email: `${name.toLowerCase()}@example.org`,
        phone: "555-0100",
        best_time,
        received_at: arrived,
        status,
        spam_signals: null,
        reply_due_at: due,
        reply_late_at: due,
        assigned_to: null,
        first_reply_at: null,
        first_reply_by: null,
        reply_minutes: null,
      })
      .execute();
    return id;
  }

  it("lists, filters, counts, exports, queues and assigns it", async () => {
    const now = new Date("2026-11-24T16:00:00Z");
    const ada = await store("Ada", "morning", "2026-11-20T15:00:00Z", "2026-11-23T15:00:00Z");
    await store("Bo", "afternoon", "2026-11-24T14:00:00Z", "2026-11-27T15:00:00Z");
    await store("Cy", "afternoon", "2026-11-19T15:00:00Z", "2026-11-20T15:00:00Z", "called");

    const all = await listLeads(callbacks, parseLeadFilter(callbacks, new URLSearchParams()), 1, now);
    expect(all.leads.map((lead) => lead.name)).toEqual(["Bo", "Ada", "Cy"]);
    expect(all.leads[1]).toMatchObject({ best_time: "morning", due: { state: "overdue" } });
    // The list shows its list columns and no more.
    expect(all.leads[0]).not.toHaveProperty("phone");
    expect(all.counts).toEqual({ new: 2, called: 1 });
    const filter = parseLeadFilter(callbacks, new URLSearchParams("when=afternoon&status=new&other=x"));
    expect(filter).toEqual({ when: "afternoon", status: "new" });
    expect((await listLeads(callbacks, filter, 1, now)).leads.map((lead) => lead.name)).toEqual(["Bo"]);
    expect(await countOpenLeads(callbacks)).toEqual({ new: 2, marked: 0 });

    const csv = await (
      await exportLeadsCsv(staff, callbacks, new URL("http://x/admin/callbacks/export.csv?when=morning"))
    ).text();
    expect(csv.trim().split(/\r?\n/)).toEqual([
      '"Received","Name","Phone","Best time","Status"',
      '"2026-11-20T15:00:00Z","Ada","555-0100","morning","new"',
    ]);

    const queue = await waitingLeads({ callback: callbacks }, now);
    expect(queue.overdue).toEqual([
      expect.objectContaining({
        kind: "callback",
        label: "Callback request",
        id: ada,
        href: `/admin/callbacks/${ada}`,
        title: "Ada — call back in the morning",
      }),
    ]);
    expect(queue.later.map((item) => item.title)).toEqual(["Bo — call back in the afternoon"]);
    expect(queue.waiting).toBe(2);
    expect(await countOverdue({ callback: callbacks }, now)).toBe(1);

    expect(await assignLead(staff, callbacks, randomUUID(), "")).toMatchObject({ ok: false, status: 404 });
    await leadsDb()
      .updateTable("callback_requests")
      .set({ assigned_to: staff.accountId })
      .where("id", "=", ada)
      .execute();
    expect(await assignLead(staff, callbacks, ada, "")).toEqual({ ok: true, message: "No one handles it now." });
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["action", "target_type"])
      .where("target_type", "like", "callback%")
      .orderBy("at")
      .execute();
    expect(audit).toEqual([
      { action: "exported", target_type: "callback_requests" },
      { action: "assigned", target_type: "callback_request" },
    ]);
  });

  it("answers it: a call on its thread, the first reply stamped once, its figures and due times", async () => {
    await leadsDb().deleteFrom("callback_requests").execute();
    // Friday 20 November 2026, 10 a.m. Eastern; Fay's came the day before and is past due.
    const eve = await store("Eve", "morning", "2026-11-20T15:00:00Z", "2026-11-24T15:00:00Z");
    const fay = await store("Fay", "afternoon", "2026-11-19T15:00:00Z", "2026-11-20T15:00:00Z");
    const lead = { kind: callbacks, id: eve };

    const draft = await draftReply(lead);
    expect(draft?.to).toBe("eve@example.org");
    expect(draft?.body).toMatch(/^Hello Eve,/);

    // Friday 11:30 a.m. Eastern: an hour and a half of business time after it arrived.
    const called = new Date("2026-11-20T16:30:00Z");
    expect(await recordCall(staff, lead, { outcome: "spoke", note: "Booked for Tuesday." }, called)).toEqual({
      ok: true,
      message: "Call recorded: Spoke with them.",
    });
    await recordCall(staff, lead, { outcome: "left-message", note: "" }, new Date("2026-11-23T16:00:00Z"));
    const thread = await threadOf(lead);
    expect(thread.map((entry) => [entry.kind, entry.title, entry.body, entry.by])).toEqual([
      ["call", "Spoke with them", "Booked for Tuesday.", "callback-staff"],
      ["call", "Called, left a message", "", "callback-staff"],
    ]);
    expect(await threadOf({ kind: callbacks, id: fay })).toEqual([]);
    expect(await retryReply(staff, { kind: callbacks, id: fay }, thread[0]!.id)).toBe("missing");
    // The first call stamped the lead; the second left the stamp as it was.
    expect(
      await leadsDb()
        .selectFrom("callback_requests")
        .select(["first_reply_at", "first_reply_by", "reply_minutes"])
        .where("id", "=", eve)
        .executeTakeFirstOrThrow(),
    ).toEqual({ first_reply_at: called.toISOString(), first_reply_by: staff.accountId, reply_minutes: 90 });
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["action", "target_type", "target_id"])
      .where("action", "=", "call-recorded")
      .execute();
    expect(audit).toEqual([
      { action: "call-recorded", target_type: "callback_request", target_id: eve },
      { action: "call-recorded", target_type: "callback_request", target_id: eve },
    ]);

    // Answered, Eve leaves today's work; Fay, past due and unanswered, stays.
    const now = new Date("2026-11-24T16:00:00Z");
    expect((await waitingLeads({ callback: callbacks }, now)).overdue.map((item) => item.id)).toEqual([fay]);
    // Both count: Eve answered by her due time in 90 business minutes, Fay past hers.
    expect(await computeFigures(callbacks, now)).toEqual({ leads: 2, within: 1, medianMinutes: 90 });
    // The call wrote its kind's public figures, which speak in the kind's words.
    expect(
      await database().db.selectFrom("response_figures").selectAll().where("kind", "=", "callback").execute(),
    ).toEqual([{ kind: "callback", leads: 2, within: 1, median_minutes: 90 }]);
    expect(await publicFigures(callbacks)).toEqual({
      shown: false,
      text: responseFigureTexts.pending("callback requests"),
    });
    const { months } = await staffFigures({ callback: callbacks }, now);
    expect(months).toEqual([
      {
        kind: "callback",
        title: "Callback requests",
        lines: [{ label: "November 2026", leads: 2, within: 1, medianMinutes: 90 }],
      },
    ]);

    // One stored before due times is dated by the kind's own promise: Tuesday 10 a.m. Eastern is
    // due two business days on, Friday (Thanksgiving closed), and late on Monday.
    const gil = await store("Gil", "morning", "2026-11-24T15:00:00Z", null);
    expect(await dateUndatedLeads({ callback: callbacks })).toBe(1);
    expect(
      await leadsDb()
        .selectFrom("callback_requests")
        .select(["reply_due_at", "reply_late_at"])
        .where("id", "=", gil)
        .executeTakeFirstOrThrow(),
    ).toEqual({ reply_due_at: "2026-11-27T15:00:00.000Z", reply_late_at: "2026-11-30T15:00:00.000Z" });
  });
});
