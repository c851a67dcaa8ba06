import { describe, expect, it, vi } from "vitest";
import { leadKinds } from "~/lead-kinds.server";
import { testDialects } from "#db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { dateUndatedLeads, replyDue, replyDueByHour } from "~/lib/reply-promises.server";
import { setMessageStatus } from "~/features/contact/inbox.server";
import { countOverdue, queueLimit, waitingLeads } from "~/features/leads/queue.server";
import { computeFigures } from "~/features/leads/figures.server";
import { writeUndatedMessages } from "../tests/support/seed";

setLogLevel("silent");

const message = ContactFormSchema.parse({
  name: "Iris Bell",
  email: "iris@example.org",
  topic: "support",
  message: "When can someone call me about the cushion?",
  consent: "on",
});
const order = OrderRequestSchema.parse(completeOrderForm);

describe.each(testDialects)("reply due times stored with each lead on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const row = (table: "contact_messages" | "order_requests", id: string) =>
    database()
      .db.selectFrom(table)
      .select(["reply_due_at", "reply_late_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("dates a message and an order request when they are stored, from the moment they arrived", async () => {
    // Friday 20 November 2026, 4:30 p.m. Eastern: a message is due Monday 4:30 p.m., late Tuesday.
    const friday = new Date("2026-11-20T21:30:00Z");
    const messageId = await storeContactMessage(message, friday, []);
    expect(await row("contact_messages", messageId)).toEqual({
      reply_due_at: "2026-11-23T21:30:00.000Z",
      reply_late_at: "2026-11-24T21:30:00.000Z",
    });
    // Thanksgiving, 10 a.m.: the consultation call is due Monday 9 a.m., and late then too.
    const { id: orderId } = await storeOrder(order, {
      now: new Date("2026-11-26T15:00:00Z"),
      config: parseConfig({}),
    });
    expect(await row("order_requests", orderId)).toEqual({
      reply_due_at: "2026-11-30T14:00:00.000Z",
      reply_late_at: "2026-11-30T14:00:00.000Z",
    });
  });

  it("dates leads stored before due times existed, once, from when they arrived", async () => {
    const id = await storeContactMessage(message, new Date("2026-11-20T21:30:00Z"), []);
    await database()
      .db.updateTable("contact_messages")
      .set({ reply_due_at: null, reply_late_at: null })
      .where("id", "=", id)
      .execute();
    expect(await dateUndatedLeads(leadKinds)).toBe(1);
    expect(await row("contact_messages", id)).toEqual({
      reply_due_at: "2026-11-23T21:30:00.000Z",
      reply_late_at: "2026-11-24T21:30:00.000Z",
    });
    expect(await dateUndatedLeads(leadKinds)).toBe(0);
  });
});

describe.each(testDialects)("the first start after due times came, with a backlog, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const now = new Date("2026-11-25T15:00:00Z");
  const staff = { accountId: "test-owner", username: "owner" };

  it("dates only the leads still waiting, in batches, logging its progress, and leaves the rest out of the queue and figures", async () => {
    const { waiting, handled } = await writeUndatedMessages(database().db, 2_500, { now });
    expect(handled).toBe(833);
    // A few waiting ones with a reply recorded since (a call): they wait no more.
    const replied = await database()
      .db.selectFrom("contact_messages")
      .select("id")
      .where("status", "=", "new")
      .orderBy("received_at", "desc")
      .limit(50)
      .execute();
    await database()
      .db.updateTable("contact_messages")
      .set({ first_reply_at: now.toISOString(), reply_minutes: 30 })
      .where(
        "id",
        "in",
        replied.map((r) => r.id),
      )
      .execute();
    const toDate = waiting - replied.length;

    const lines: Record<string, unknown>[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    setLogLevel("info");
    try {
      expect(await dateUndatedLeads(leadKinds, { progressEveryMs: 0 })).toBe(toDate);
    } finally {
      setLogLevel("silent");
      write.mockRestore();
    }
    // Said before it starts, after each batch of 1,000, and when it is done.
    expect(lines.map(({ msg, total, done, dated }) => ({ msg, total, done, dated }))).toEqual([
      { msg: "dating the leads stored before due times, before listening", total: toDate },
      { msg: "dating the leads stored before due times", done: 1_000, total: toDate },
      { msg: "dating the leads stored before due times", done: toDate, total: toDate },
      { msg: "leads stored before due times were dated from when they arrived", dated: toDate },
    ]);

    const rows = await database()
      .db.selectFrom("contact_messages")
      .select(["id", "status", "received_at", "first_reply_at", "reply_due_at", "reply_late_at"])
      .execute();
    expect(rows).toHaveLength(2_500);
    for (const row of rows) {
      if (row.status === "new" && !row.first_reply_at) {
        const due = replyDue(leadKinds.message, new Date(row.received_at));
        expect([row.reply_due_at, row.reply_late_at]).toEqual([due.dueAt, due.lateAt]);
      } else expect([row.reply_due_at, row.reply_late_at]).toEqual([null, null]);
    }
    expect(await dateUndatedLeads(leadKinds)).toBe(0);

    // The queue lists the waiting ones, all overdue, the oldest first; handled and answered leads are not in it.
    const queue = await waitingLeads(leadKinds, now);
    expect(queue.overdue).toHaveLength(queueLimit);
    expect(queue.more).toBe(true);
    expect(await countOverdue(leadKinds, now)).toBe(toDate);
    // The figures count the leads that came due unanswered and those answered; not the handled,
    // whose reply was never recorded.
    const figures = await computeFigures(leadKinds.message, now);
    const inWindow = rows.filter((r) => r.received_at >= new Date(now.getTime() - 90 * 86_400_000).toISOString());
    expect(figures.leads).toBe(inWindow.filter((r) => r.reply_due_at !== null || r.first_reply_at !== null).length);
    expect(figures.leads).toBeLessThan(inWindow.length);

    // A handled one reopened takes its place in the queue, due (long overdue) from when it arrived.
    const reopened = rows
      .filter((r) => r.status === "handled")
      .reduce((oldest, r) => (r.received_at < oldest.received_at ? r : oldest));
    expect(await setMessageStatus(staff, reopened.id, "new")).toBe(true);
    const due = replyDue(leadKinds.message, new Date(reopened.received_at));
    expect(await row(reopened.id)).toEqual({ reply_due_at: due.dueAt, reply_late_at: due.lateAt });
    expect(await countOverdue(leadKinds, now)).toBe(toDate + 1);
  }, 30_000);

  const row = (id: string) =>
    database()
      .db.selectFrom("contact_messages")
      .select(["reply_due_at", "reply_late_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
});

describe("due times worked out an hour of arrivals at a time", () => {
  it("are the calendar's own, lead for lead, across evenings, weekends, holidays and clock changes", () => {
    // Around the spring and autumn clock changes and Thanksgiving, every 17 minutes and a few seconds.
    const spans = [
      ["2026-03-05T00:00:00Z", "2026-03-12T00:00:00Z"],
      ["2026-10-29T00:00:00Z", "2026-11-03T00:00:00Z"],
      ["2026-11-24T00:00:00Z", "2026-11-29T00:00:00Z"],
    ] as const;
    for (const kind of [leadKinds.message, leadKinds.order]) {
      const byHour = replyDueByHour(kind);
      for (const [from, to] of spans)
        for (let at = Date.parse(from); at < Date.parse(to); at += 17 * 60_000 + 3_001)
          expect(byHour(new Date(at)), new Date(at).toISOString()).toEqual(replyDue(kind, new Date(at)));
    }
  });
});
