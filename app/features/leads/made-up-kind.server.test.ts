import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { defineLeadKind, type LeadColumns, type LeadFilter } from "~/lib/lead-kind";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { assignLead } from "./assign.server";
import { countOpenLeads, exportLeadsCsv, leadsDb, listLeads, parseLeadFilter } from "./leads.server";
import { countOverdue, waitingLeads } from "./queue.server";

setLogLevel("silent");

/**
 * A kind of lead the site does not have, defined here and nowhere else: a callback request with a
 * table of its own. The shared list, filter, export, today's work, its overdue count and
 * assignment serve it without a line of theirs naming it, which is what makes a new kind its own
 * folder and one entry in app/lead-kinds.server.ts.
 */
interface CallbackRow extends LeadColumns {
  name: string;
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
  exportName: "callbacks",
  exportHeaders: ["Received", "Name", "Phone", "Best time", "Status"],
  exportRow: (row) => [row.received_at, row.name, row.phone, row.best_time, row.status],
});

const staff: Staff = { accountId: randomUUID(), username: "callback-staff" };

describe.each(testDialects)("a made-up kind of lead, served by the shared code, on %s", (dialect) => {
  const database = useTestDatabase(dialect, async () => {
    await sql`create table callback_requests (
      id text primary key, name text not null, phone text not null, best_time text not null,
      received_at text not null, status text not null, spam_signals text,
      reply_due_at text, reply_late_at text, assigned_to text,
      first_reply_at text, first_reply_by text, reply_minutes integer)`.execute(database().db);
  });

  async function store(
    name: string,
    best_time: CallbackRow["best_time"],
    arrived: string,
    due: string,
    status = "new",
  ) {
    const id = randomUUID();
    await leadsDb()
      .insertInto("callback_requests")
      .values({
        id,
        name,
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
});
