import { topicLabel } from "~/content/contact";
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema";
import { db } from "~/lib/db.server";
import type { DueState, ReplyDueView } from "~/lib/reply-due";
import { officeTime, replyDueView, stillWaiting } from "~/lib/reply-promises.server";

/**
 * Today's work (docs/requirements.md §4.8): every message and order request still waiting for its
 * reply, by when it is due, overdue first. A lead leaves the queue at its first reply (an email
 * or a recorded call), or when staff move it on (a message marked handled, an order request
 * contacted or closed).
 */

export interface QueueItem {
  kind: "message" | "order";
  id: string;
  href: string;
  /** "Kim Park — Request a Repair", "Rosa Diaz — order request AQ-7K3M-9QX2". */
  title: string;
  /** When it arrived, on the office's clock, like its due time. */
  arrivedText: string;
  dueAt: string;
  due: ReplyDueView;
  /** Who handles it, or null while no one does. */
  assignee: string | null;
  assigneeId: string | null;
}

export interface Queue {
  overdue: QueueItem[];
  today: QueueItem[];
  later: QueueItem[];
  /** How many leads wait (of the filter's), counted in the database, whatever the lists hold. */
  waiting: number;
  /** How many of them are past their due time. */
  waitingOverdue: number;
  /** More leads wait than the lists hold (the `queueLimit` due soonest); the Messages and Orders lists have them all. */
  more: boolean;
}

/** How many waiting leads the queue lists, the soonest due first; past that it says how many it leaves out. */
export const queueLimit = 200;

const group: Record<DueState, "overdue" | "today" | "later"> = {
  late: "overdue",
  overdue: "overdue",
  today: "today",
  later: "later",
};

/** Whose leads to list: everyone's, one account's, or those no one handles yet. */
export type QueueFilter = { who: "anyone" } | { who: "nobody" } | { who: "account"; accountId: string };

export async function waitingLeads(now = new Date(), filter: QueueFilter = { who: "anyone" }): Promise<Queue> {
  const at = now.toISOString();
  const [messages, orders, people, ...counts] = await Promise.all([
    db()
      .selectFrom("contact_messages")
      .select([
        "id",
        "name",
        "topic",
        "received_at",
        "status",
        "reply_due_at",
        "reply_late_at",
        "assigned_to",
        "first_reply_at",
      ])
      .where(stillWaiting)
      .where("reply_due_at", "is not", null)
      .$call(whose(filter))
      .orderBy("reply_due_at")
      .orderBy("id")
      .limit(queueLimit)
      .execute(),
    db()
      .selectFrom("order_requests")
      .select([
        "id",
        "first_name",
        "last_name",
        "reference",
        "received_at",
        "status",
        "reply_due_at",
        "reply_late_at",
        "assigned_to",
        "first_reply_at",
      ])
      .where(stillWaiting)
      .where("reply_due_at", "is not", null)
      .$call(whose(filter))
      .orderBy("reply_due_at")
      .orderBy("id")
      .limit(queueLimit)
      .execute(),
    db().selectFrom("accounts").select(["id", "username"]).execute(),
    ...(["contact_messages", "order_requests"] as const).map((table) =>
      db()
        .selectFrom(table)
        .select((eb) => [
          eb.fn.countAll<number | string>().as("n"),
          eb.fn
            .sum<number | string | null>(eb.case().when("reply_due_at", "<", at).then(1).else(0).end())
            .as("overdue"),
        ])
        .where(stillWaiting)
        .where("reply_due_at", "is not", null)
        .$call(whose(filter))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  const nameOf = (id: string | null) => (id ? (people.find((p) => p.id === id)?.username ?? null) : null);
  const waiting = (
    row: {
      id: string;
      received_at: string;
      status: string;
      reply_due_at: string | null;
      reply_late_at: string | null;
      assigned_to: string | null;
      first_reply_at: string | null;
    },
    kind: QueueItem["kind"],
    title: string,
  ): QueueItem[] => {
    const due = replyDueView(row, now);
    if (!due || !row.reply_due_at) return [];
    const href = `/admin/${kind === "message" ? "messages" : "orders"}/${row.id}`;
    return [
      {
        kind,
        id: row.id,
        href,
        title,
        arrivedText: officeTime(row.received_at),
        dueAt: row.reply_due_at,
        due,
        assignee: nameOf(row.assigned_to),
        assigneeId: row.assigned_to,
      },
    ];
  };
  const items = [
    ...messages.flatMap((m) => waiting(m, "message", `${m.name} — ${topicLabel(m.topic)}`)),
    ...orders.flatMap((o) => waiting(o, "order", `${o.first_name} ${o.last_name} — order request ${o.reference}`)),
  ];
  items.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id));
  // Each kind's first `queueLimit` by due time hold the `queueLimit` due soonest of both.
  const listed = items.slice(0, queueLimit);
  const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
  const queue: Queue = {
    overdue: [],
    today: [],
    later: [],
    waiting: total,
    waitingOverdue: counts.reduce((sum, row) => sum + Number(row.overdue ?? 0), 0),
    more: total > listed.length,
  };
  for (const item of listed) queue[group[item.due.state]].push(item);
  return queue;
}

/** The filter as a query narrows either table: both have `assigned_to`. */
function whose(filter: QueueFilter) {
  return <Q extends SelectQueryBuilder<Database, "contact_messages" | "order_requests", object>>(query: Q): Q => {
    if (filter.who === "nobody") return query.where("assigned_to", "is", null) as Q;
    if (filter.who === "account") return query.where("assigned_to", "=", filter.accountId) as Q;
    return query;
  };
}

/** `?who=` as the page's filter sends it: "me" (the person asking), "nobody", an account's id, or anyone. */
export function parseQueueFilter(params: URLSearchParams, me: string): QueueFilter {
  const who = params.get("who") ?? "";
  if (who === "me") return { who: "account", accountId: me };
  if (who === "nobody") return { who: "nobody" };
  if (/^[0-9a-f-]{36}$/i.test(who)) return { who: "account", accountId: who };
  return { who: "anyone" };
}

/** Waiting leads past their due time: one light count per kind, for the admin's tab on every page. */
export async function countOverdue(now = new Date()): Promise<number> {
  const at = now.toISOString();
  const counts = await Promise.all(
    (["contact_messages", "order_requests"] as const).map((table) =>
      db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(stillWaiting)
        .where("reply_due_at", "<", at)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}
