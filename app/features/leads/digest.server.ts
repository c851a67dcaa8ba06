import { randomUUID } from "node:crypto";
import { digestTexts } from "~/content/replies";
import { company } from "~/content/site";
import { businessCalendar, type BusinessCalendar } from "~/lib/business-calendar.server";
import { type Config, getConfig } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { type DeliveryKind, nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import type { LeadKinds } from "~/lib/lead-kind";
import { dropDeliveries, queueDeliveries } from "~/lib/outbox/queue.server";
import { can, roleOf } from "~/lib/staff";
import { type QueueItem, waitingLeads } from "./queue.server";

/**
 * Nobody forgets (docs/requirements.md §4.8): at the start of each business day, every person
 * with leads due today or overdue gets one email listing them, and STAFF_EMAIL gets those no one
 * has taken (and those of a person with no email on their account or no longer able to work on
 * leads). Links only: a lead's title names the kind and its due time, nothing the person wrote.
 *
 * The day is claimed by inserting it into digest_days, in the same transaction that queues the
 * emails: whichever instance comes first makes the day's digest, and every other finds the day
 * taken. A transaction that fails leaves the day unclaimed for the next turn.
 */

export type DigestOutcome = "closed" | "made" | "already" | "no-mail";

/** The office's date of `now`, "2026-11-27". */
export function officeDay(now: Date, timeZone = company.businessHours.timeZone): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
}

function lineOf(item: QueueItem, siteUrl: string): string {
  const what = item.due.waitingFor === "answer" ? `${item.label} (they answered our reply)` : item.label;
  return `- ${what}, due ${item.due.dueText}: ${siteUrl}${item.href}`;
}

function digestBody(intro: string, overdue: QueueItem[], today: QueueItem[], siteUrl: string): string {
  const section = (heading: string, items: QueueItem[]) =>
    items.length ? ["", `${heading} (${items.length}):`, ...items.map((item) => lineOf(item, siteUrl))] : [];
  return [
    intro,
    ...section(digestTexts.overdue, overdue),
    ...section(digestTexts.today, today),
    "",
    `${digestTexts.queue}: ${siteUrl}/admin/queue`,
  ].join("\n");
}

/**
 * Makes today's digest if the office is open now and no instance has made it yet. Safe to call
 * as often as wanted, from any number of instances.
 */
export async function sendDigestIfDue(
  kinds: LeadKinds,
  now = new Date(),
  config: Config = getConfig(),
  calendar: BusinessCalendar = businessCalendar(),
): Promise<DigestOutcome> {
  if (calendar.nextOpening(now).getTime() !== now.getTime()) return "closed";
  if (!config.smtp) return "no-mail";
  const day = officeDay(now);
  const taken = await db().selectFrom("digest_days").select("day").where("day", "=", day).executeTakeFirst();
  if (taken) return "already";

  const queue = await waitingLeads(kinds, now);
  const people = await db()
    .selectFrom("accounts")
    .select(["id", "email", "role", "disabled_at"])
    .where("email", "is not", null)
    .where("disabled_at", "is", null)
    .execute();
  const reachable = new Map(
    people.filter((p) => p.email && can(roleOf(p.role), "leads")).map((p) => [p.id, p.email!] as const),
  );
  const recipients = new Map<string, { intro: string; overdue: QueueItem[]; today: QueueItem[] }>();
  const staffAddress = config.staffEmail ?? config.siteEmail;
  const add = (item: QueueItem, section: "overdue" | "today") => {
    const personal = item.assigneeId ? reachable.get(item.assigneeId) : undefined;
    const to = personal ?? staffAddress;
    const entry = recipients.get(to) ?? {
      intro: personal ? digestTexts.intro : digestTexts.unassignedIntro,
      overdue: [],
      today: [],
    };
    entry[section].push(item);
    recipients.set(to, entry);
  };
  for (const item of queue.overdue) add(item, "overdue");
  for (const item of queue.today) add(item, "today");

  const at = now.toISOString();
  const made = await db()
    .transaction()
    .execute(async (trx) => {
      const claim = await trx
        .insertInto("digest_days")
        .values({ day, claimed_at: at })
        .onConflict((oc) => oc.column("day").doNothing())
        .returning("day")
        .executeTakeFirst();
      if (!claim) return false;
      for (const [to, entry] of recipients) {
        const id = randomUUID();
        await trx
          .insertInto("digests")
          .values({
            id,
            day,
            to_address: to,
            subject: digestTexts.subject(day, entry.overdue.length + entry.today.length),
            body: digestBody(entry.intro, entry.overdue, entry.today, config.siteUrl),
            created_at: at,
          })
          .execute();
        await queueDeliveries(trx, "digest", id, now, ["email"]);
      }
      return true;
    });
  if (!made) return "already";
  log.info("daily digest made", { day, emails: recipients.size });
  nudgeDeliveryWorker();
  return "made";
}

/** A digest as the outbox sends it, as it was written when the day was claimed. */
export const digestDelivery: DeliveryKind = {
  async notice(refId: string) {
    const digest = await db()
      .selectFrom("digests")
      .select(["to_address", "subject", "body"])
      .where("id", "=", refId)
      .executeTakeFirst();
    return digest ? { to: digest.to_address, subject: digest.subject, text: digest.body, json: {} } : undefined;
  },
  forwardUrl: () => undefined,
};

/** Digests are kept 30 days, with their delivery rows: long enough to see that each went. */
export async function purgeOldDigests(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const old = trx.selectFrom("digests").select("id").where("created_at", "<", cutoff);
      await dropDeliveries(trx, ["digest"], old);
      const result = await trx.deleteFrom("digests").where("created_at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
}
