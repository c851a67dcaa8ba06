import type { SelectQueryBuilder } from "kysely";
import { db } from "~/lib/db.server";
import type { LeadColumns, LeadDatabase, LeadKindDefinition, LeadKinds } from "~/lib/lead-kind";
import type { DueState, ReplyDueView } from "~/lib/reply-due";
import { dueAtOfWaiting, officeTime, replyDueView, waitingOnUs } from "~/lib/reply-promises.server";
import { leadsDb } from "./leads.server";

/**
 * Today's work (docs/requirements.md §4.8): every lead of every kind (app/lead-kinds.server.ts) still waiting for its
 * reply, or for an answer to the visitor's emailed answer (decision 035), by when it is due,
 * overdue first. A lead leaves the queue at the reply (an email or a recorded call) that answers
 * it, or when staff move it on (a message marked handled, an order request contacted or closed).
 */

export interface QueueItem {
  /** The kind's word ("message") and how it names one ("Message"). */
  kind: string;
  label: string;
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

export async function waitingLeads(
  kinds: LeadKinds,
  now = new Date(),
  filter: QueueFilter = { who: "anyone" },
): Promise<Queue> {
  const at = now.toISOString();
  const waitingOf = (kind: LeadKindDefinition) =>
    leadsDb().selectFrom(kind.table).where(waitingOnUs).$call(whose(filter));
  const [people, ...perKind] = await Promise.all([
    db().selectFrom("accounts").select(["id", "username"]).execute(),
    ...Object.values(kinds).map(async (kind) => {
      const [rows, count] = await Promise.all([
        waitingOf(kind)
          .select([...queueColumns, ...kind.titleColumns])
          .orderBy(dueAtOfWaiting)
          .orderBy("id")
          .limit(queueLimit)
          .execute(),
        waitingOf(kind)
          .select((eb) => [
            eb.fn.countAll<number | string>().as("n"),
            eb.fn
              .sum<number | string | null>(eb.case().when(dueAtOfWaiting, "<", at).then(1).else(0).end())
              .as("overdue"),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { kind, rows: rows as unknown as LeadColumns[], count };
    }),
  ]);
  const nameOf = (id: string | null) => (id ? (people.find((p) => p.id === id)?.username ?? null) : null);
  const items = perKind.flatMap(({ kind, rows }) =>
    rows.flatMap((row): QueueItem[] => {
      const due = replyDueView(row, now);
      const dueAt = row.answer_due_at ?? row.reply_due_at;
      if (!due || !dueAt) return [];
      return [
        {
          kind: kind.kind,
          label: kind.label,
          id: row.id,
          href: `${kind.path}/${row.id}`,
          title: kind.title(row),
          arrivedText: officeTime(row.received_at),
          dueAt,
          due,
          assignee: nameOf(row.assigned_to),
          assigneeId: row.assigned_to,
        },
      ];
    }),
  );
  items.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id));
  // Each kind's first `queueLimit` by due time hold the `queueLimit` due soonest of all.
  const listed = items.slice(0, queueLimit);
  const total = perKind.reduce((sum, { count }) => sum + Number(count.n), 0);
  const queue: Queue = {
    overdue: [],
    today: [],
    later: [],
    waiting: total,
    waitingOverdue: perKind.reduce((sum, { count }) => sum + Number(count.overdue ?? 0), 0),
    more: total > listed.length,
  };
  for (const item of listed) queue[group[item.due.state]].push(item);
  return queue;
}

/** What the queue reads of every lead, besides what its kind's title needs. */
const queueColumns = [
  "id",
  "received_at",
  "status",
  "reply_due_at",
  "reply_late_at",
  "assigned_to",
  "first_reply_at",
  "answer_due_at",
  "answer_late_at",
] as const;

/** The filter as a query narrows any lead table: every one has `assigned_to`. */
function whose(filter: QueueFilter) {
  return <Q extends SelectQueryBuilder<LeadDatabase, string, object>>(query: Q): Q => {
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
export async function countOverdue(kinds: LeadKinds, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const counts = await Promise.all(
    Object.values(kinds).map((kind) =>
      leadsDb()
        .selectFrom(kind.table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(waitingOnUs)
        .where(dueAtOfWaiting, "<", at)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}
