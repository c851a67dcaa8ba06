import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import type { Staff } from "~/lib/staff";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { purgeOldOrders, setOrderStatus } from "~/features/orders/admin.server";
import { orderPersonalData } from "~/features/orders/personal-data.server";
import { type OrderRequestInput, OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import {
  countOpenLeads,
  deleteLead,
  exportLeads,
  getLead,
  leadsPageSize,
  listLeads,
  parseLeadFilter,
  retryLeadDelivery,
} from "~/features/leads/leads.server";
import { leadKinds } from "~/lead-kinds.server";
import { completeOrderForm } from "../tests/support/orders";

setLogLevel("silent");

const staff: Staff = { accountId: randomUUID(), username: "orders-staff" };
/** Email configured: each request queues a staff notice and a receipt, both kind of rows. */
const withEmail = parseConfig({ SMTP_HOST: "127.0.0.1", STAFF_EMAIL: "staff@aquila.example" });

let made = 0;

/** Each request from an address of its own, so each queues its receipt (an address gets a few a day). */
function orderInput(fields: Partial<Record<keyof OrderRequestInput, unknown>> = {}): OrderRequestInput {
  return OrderRequestSchema.parse({
    ...completeOrderForm,
    firstName: "Ana",
    email: `ana.${++made}@example.com`,
    phone: "555-010-0100",
    state: "Oregon",
    zipCode: "97201",
    medicalNotes: "Healed pressure sore on the left side.",
    ...fields,
  });
}

async function store(
  fields: Partial<Record<keyof OrderRequestInput, unknown>> = {},
  options: { reference?: string; now?: Date } = {},
) {
  return storeOrder(orderInput(fields), { config: withEmail, ...options });
}

describe("parseOrderFilter", () => {
  it("keeps a known status and a trimmed search, and drops anything else", () => {
    expect(parseLeadFilter(leadKinds.order, new URLSearchParams("status=contacted&q=%20AQ-7K3M%20"))).toEqual({
      status: "contacted",
      q: "AQ-7K3M",
    });
    expect(parseLeadFilter(leadKinds.order, new URLSearchParams("status=handled&q=%20%20"))).toEqual({
      status: undefined,
      q: undefined,
    });
    expect(parseLeadFilter(leadKinds.order, new URLSearchParams(`q=${"x".repeat(300)}%00`)).q).toHaveLength(100);
    expect(parseLeadFilter(leadKinds.order, new URLSearchParams("q=a%00b")).q).toBe("ab");
  });
});

describe.each(testDialects)("order requests in the admin on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  afterEach(async () => {
    await database().db.deleteFrom("outbox").execute();
    await database().db.deleteFrom("order_requests").execute();
    await database().db.deleteFrom("audit_log").execute();
  });

  const outboxOf = (id: string) =>
    database()
      .db.selectFrom("outbox")
      .select(["kind", "channel", "status"])
      .where("ref_id", "=", id)
      .orderBy("kind")
      .execute();
  const auditOf = (id: string) =>
    database()
      .db.selectFrom("audit_log")
      .select(["action", "target_type", "username"])
      .where("target_id", "=", id)
      .orderBy("at")
      .execute();

  it("lists newest first, filtered by status and by a reference, name or email, with counts of every status", async () => {
    const older = await store(
      { firstName: "Bea", lastName: "Older", email: "bea@example.com" },
      { reference: "AQ-AAAA-0001", now: new Date("2026-01-01T10:00:00Z") },
    );
    const newer = await store(
      { firstName: "Cal", lastName: "Newer", email: "cal@example.org" },
      { reference: "AQ-BBBB-0002", now: new Date("2026-01-02T10:00:00Z") },
    );
    const closed = await store(
      { firstName: "Dee", lastName: "Done", email: "dee@example.com" },
      { reference: "AQ-CCCC-0003", now: new Date("2026-01-03T10:00:00Z") },
    );
    await setOrderStatus(staff, closed.id, "closed");

    const all = await listLeads(leadKinds.order, {});
    expect(all.leads.map((o) => o.reference)).toEqual(["AQ-CCCC-0003", "AQ-BBBB-0002", "AQ-AAAA-0001"]);
    expect(all.counts).toEqual({ new: 2, contacted: 0, closed: 1 });
    expect(all.hasMore).toBe(false);
    expect(await countOpenLeads(leadKinds.order)).toEqual({ new: 2, marked: 0 });

    const open = await listLeads(leadKinds.order, { status: "new" });
    expect(open.leads.map((o) => o.id)).toEqual([newer.id, older.id]);
    // Counts are of everything, whatever is shown.
    expect(open.counts).toEqual(all.counts);

    const search = async (q: string) =>
      (await listLeads(leadKinds.order, parseLeadFilter(leadKinds.order, new URLSearchParams({ q })))).leads.map(
        (o) => o.reference,
      );
    expect(await search("aq-bbbb")).toEqual(["AQ-BBBB-0002"]);
    expect(await search("bea older")).toEqual(["AQ-AAAA-0001"]);
    expect(await search("NEWER")).toEqual(["AQ-BBBB-0002"]);
    expect(await search("example.com")).toEqual(["AQ-CCCC-0003", "AQ-AAAA-0001"]);
    // Wildcards and quotes are searched for as typed.
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect((await listLeads(leadKinds.order, { status: "closed", q: "bea" })).leads).toEqual([]);
    expect((await exportLeads(leadKinds.order, { status: "new", q: "example" })).map((o) => o.reference)).toEqual([
      "AQ-BBBB-0002",
      "AQ-AAAA-0001",
    ]);
  });

  it("summarises both kinds of delivery of each request, and pages by 50", async () => {
    const first = await store({}, { now: new Date("2026-02-01T00:00:00Z") });
    for (let i = 1; i <= leadsPageSize; i++) await store({}, { now: new Date(Date.UTC(2026, 1, 1, 0, i)) });
    const page1 = await listLeads(leadKinds.order, {}, 1);
    expect(page1.leads).toHaveLength(leadsPageSize);
    expect(page1.hasMore).toBe(true);
    expect(page1.leads[0]?.deliveries).toEqual([
      { kind: "order", channel: "email", status: "pending", lastError: null },
      { kind: "order-receipt", channel: "email", status: "pending", lastError: null },
    ]);
    const page2 = await listLeads(leadKinds.order, {}, 2);
    expect(page2.leads.map((o) => o.id)).toEqual([first.id]);
    expect(page2.hasMore).toBe(false);
  });

  it("gets one request with its outbox rows of both kinds", async () => {
    const { id, reference } = await store({
      submittedBy: "other",
      submitterName: "Eli Carer",
      submitterRelationship: "caregiver",
    });
    const found = await getLead(leadKinds.order, id);
    expect(found?.lead).toMatchObject({
      reference,
      submitted_by_name: "Eli Carer",
      submitted_by_relationship: "caregiver",
      seat_depth_in: 17.5,
      discomfort_areas: '["tailbone","hips"]',
      sensitivity_level: "high",
      medical_notes: "Healed pressure sore on the left side.",
    });
    expect(found?.deliveries.map((d) => d.kind)).toEqual(["order", "order-receipt"]);
    expect(await getLead(leadKinds.order, randomUUID())).toBeUndefined();
  });

  it("changes the status, audits each change, and ignores a change to the status it already has", async () => {
    const { id } = await store();
    const at = new Date("2026-03-04T05:06:07Z");
    expect(await setOrderStatus(staff, id, "contacted", at)).toBe(true);
    let row = await database()
      .db.selectFrom("order_requests")
      .select(["status", "status_changed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "contacted", status_changed_at: at.toISOString() });
    expect(await setOrderStatus(staff, id, "contacted")).toBe(false);
    expect(await setOrderStatus(staff, id, "closed")).toBe(true);
    expect(await setOrderStatus(staff, id, "new")).toBe(true);
    row = await database()
      .db.selectFrom("order_requests")
      .select(["status", "status_changed_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("new");
    expect(await auditOf(id)).toEqual([
      { action: "order-status:contacted", target_type: "order_request", username: "orders-staff" },
      { action: "order-status:closed", target_type: "order_request", username: "orders-staff" },
      { action: "order-status:new", target_type: "order_request", username: "orders-staff" },
    ]);
    expect(await setOrderStatus(staff, randomUUID(), "closed")).toBe(false);
  });

  it("deletes a request with its notice and receipt rows, and leaves every other row", async () => {
    const gone = await store();
    const kept = await store();
    await database()
      .db.insertInto("outbox")
      .values({
        id: randomUUID(),
        kind: "message",
        ref_id: gone.id,
        channel: "email",
        status: "sent",
        attempts: 1,
        next_attempt_at: new Date().toISOString(),
        locked_until: null,
        last_error: null,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();
    expect(await deleteLead(staff, leadKinds.order, gone.id)).toBe(true);
    expect(await getLead(leadKinds.order, gone.id)).toBeUndefined();
    // Only a row of another kind that happens to share the id is left.
    expect(await outboxOf(gone.id)).toEqual([{ kind: "message", channel: "email", status: "sent" }]);
    expect((await outboxOf(kept.id)).map((o) => o.kind)).toEqual(["order", "order-receipt"]);
    expect(await auditOf(gone.id)).toEqual([
      { action: "delete", target_type: "order_request", username: "orders-staff" },
    ]);
    expect(await deleteLead(staff, leadKinds.order, gone.id)).toBe(false);
    expect(await auditOf(gone.id)).toHaveLength(1);
  });

  it("deletes the request and its delivery rows in one transaction: when the request cannot go, its deliveries stay", async () => {
    const { id, reference } = await store();
    const db = database().db;
    // A trigger that refuses to delete this one request, so the second statement fails.
    if (dialect === "sqlite") {
      await sql
        .raw(
          `create trigger keep_order before delete on order_requests when old.reference = '${reference}' begin select raise(abort, 'kept'); end`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create function keep_order() returns trigger language plpgsql as $$ begin if old.reference = '${reference}' then raise exception 'kept'; end if; return old; end $$`,
        )
        .execute(db);
      await sql
        .raw("create trigger keep_order before delete on order_requests for each row execute function keep_order()")
        .execute(db);
    }
    try {
      await expect(deleteLead(staff, leadKinds.order, id)).rejects.toThrow(/kept/);
      expect(await getLead(leadKinds.order, id)).toBeDefined();
      expect((await outboxOf(id)).map((o) => o.kind)).toEqual(["order", "order-receipt"]);
      expect(await auditOf(id)).toEqual([]);
    } finally {
      await sql
        .raw(dialect === "sqlite" ? "drop trigger keep_order" : "drop trigger keep_order on order_requests")
        .execute(db);
      if (dialect === "postgres") await sql.raw("drop function keep_order()").execute(db);
    }
  });

  it("queues failed deliveries of both kinds again, and audits it", async () => {
    const { id } = await store();
    await database()
      .db.updateTable("outbox")
      .set({ status: "failed", attempts: 8, last_error: "refused" })
      .where("ref_id", "=", id)
      .execute();
    await retryLeadDelivery(staff, leadKinds.order, id);
    const rows = await database()
      .db.selectFrom("outbox")
      .select(["kind", "status", "attempts"])
      .where("ref_id", "=", id)
      .orderBy("kind")
      .execute();
    expect(rows).toEqual([
      { kind: "order", status: "pending", attempts: 0 },
      { kind: "order-receipt", status: "pending", attempts: 0 },
    ]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["retry-delivery"]);
  });

  it("purges only closed requests older than the retention, with their delivery rows, in the daily cleanup", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    const longAgo = new Date("2024-01-10T00:00:00Z");
    const oldClosed = await store({}, { now: longAgo });
    const oldContacted = await store({}, { now: longAgo });
    const oldNew = await store({}, { now: longAgo });
    const recentClosed = await store({}, { now: new Date("2026-05-01T00:00:00Z") });
    await setOrderStatus(staff, oldClosed.id, "closed");
    await setOrderStatus(staff, oldContacted.id, "contacted");
    await setOrderStatus(staff, recentClosed.id, "closed");

    expect(await purgeOldOrders(24, now)).toBe(1);
    expect(await getLead(leadKinds.order, oldClosed.id)).toBeUndefined();
    expect(await outboxOf(oldClosed.id)).toEqual([]);
    for (const kept of [oldContacted, oldNew, recentClosed]) {
      expect(await getLead(leadKinds.order, kept.id), kept.reference).toBeDefined();
      expect(await outboxOf(kept.id)).toHaveLength(2);
    }

    // The daily purge runs it with ORDER_RETENTION_MONTHS, which is MESSAGE_RETENTION_MONTHS unless set.
    expect(await orderPersonalData.purgeExpired(parseConfig({ MESSAGE_RETENTION_MONTHS: "1" }), now)).toBe(1);
    expect(await getLead(leadKinds.order, recentClosed.id)).toBeUndefined();
    expect(await outboxOf(recentClosed.id)).toEqual([]);
    expect(await getLead(leadKinds.order, oldContacted.id)).toBeDefined();
  });
});
