import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { Database, LeadNoteTable, LeadReplyTable, OutboxTable } from "#db/schema";
import { callOutcomeLabel, defaultTemplates, type ReplyTemplate } from "~/content/replies";
import { recordAudit } from "~/lib/audit.server";
import { businessCalendar } from "~/lib/business-calendar.server";
import { type Config, getConfig } from "~/lib/config.server";
import { db, getDatabase } from "~/lib/db.server";
import { type DeliveryKind, nudgeDeliveryWorker, oneLine } from "~/lib/outbox/delivery.server";
import { deliveriesOf, queueDeliveries, retryDeliveries } from "~/lib/outbox/queue.server";
import type { LeadColumns, LeadDatabase, LeadKinds, ReplyContact } from "~/lib/lead-kind";
import { officeTime } from "~/lib/reply-promises.server";
import type { Staff } from "~/lib/staff";
import { type AnsweredKind, answerWaitingAnswers, newReplyToken, replyAddress, replyMessageId } from "./answers.server";
import { refreshResponseFigures } from "./figures.server";
import type { CallInput, NoteInput, ReplyEmailInput, SavedReplyInput, TemplateInput } from "./reply-schema";

/**
 * Answering a lead from the admin (docs/requirements.md §4.8). A reply is an email to the person,
 * sent through the outbox from the company's address with Reply-To the lead's own support address
 * (support+token@…, so the answer comes back to its thread: answers.server.ts), or a recorded call. Each is kept on the lead as its thread, and the first one stamps the lead's
 * response time, once. An email carries only what the staff member wrote: nothing from the lead
 * is added to it, and the template it starts from names the person and, for an order, its
 * reference, nothing more.
 *
 * Every kind is answered alike: its definition (app/lib/lead-kind.ts) says where it is stored,
 * which column of `lead_replies` points to it and who a reply goes to.
 */

/** A kind as its replies need it: what answers need too, since a reply answers them. */
export type RepliedKind = AnsweredKind;

export interface LeadRef {
  kind: RepliedKind;
  id: string;
}

/** Who a reply goes to and what a template may name, and when the lead arrived and was first answered. */
interface LeadContact extends ReplyContact {
  receivedAt: string;
  firstReplyAt: string | null;
}

/** The lead tables, in a transaction or not, as these queries see them: every one has the common columns. */
function leadsOf(from: Kysely<Database> | Transaction<Database>): Kysely<LeadDatabase> {
  return from as unknown as Kysely<LeadDatabase>;
}

async function leadContact(
  lead: LeadRef,
  from: Kysely<Database> | Transaction<Database> = db(),
): Promise<LeadContact | undefined> {
  const row = (await leadsOf(from)
    .selectFrom(lead.kind.table)
    .select(["received_at", "first_reply_at", ...lead.kind.contactColumns] as string[])
    .where("id", "=", lead.id)
    .executeTakeFirst()) as unknown as LeadColumns | undefined;
  return row
    ? { ...lead.kind.replyContact(row), receivedAt: row.received_at, firstReplyAt: row.first_reply_at }
    : undefined;
}

/** The replies of one lead: those whose kind's column names it. */
const ofLead = (lead: LeadRef) => sql.ref<string | null>(`lead_replies.${lead.kind.replyColumn}`);

/** A topic's template: as staff last saved it, else the one in content. */
export async function templateFor(topic: string): Promise<ReplyTemplate> {
  const saved = await db()
    .selectFrom("reply_templates")
    .select(["subject", "body"])
    .where("topic", "=", topic)
    .executeTakeFirst();
  return saved ?? defaultTemplates[topic] ?? defaultTemplates.general!;
}

/** Every topic's template, for the editor, with who last changed it. */
export async function allTemplates() {
  const saved = await db().selectFrom("reply_templates").selectAll().execute();
  return Object.keys(defaultTemplates).map((topic) => {
    const row = saved.find((s) => s.topic === topic);
    return {
      topic,
      subject: row?.subject ?? defaultTemplates[topic]!.subject,
      body: row?.body ?? defaultTemplates[topic]!.body,
      changed: row ? { at: officeTime(row.updated_at), by: row.updated_by } : null,
    };
  });
}

export async function saveTemplate(staff: Staff, input: TemplateInput, now = new Date()) {
  const values = {
    topic: input.topic,
    subject: input.subject,
    body: input.body,
    updated_at: now.toISOString(),
    updated_by: staff.username,
  };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("reply_templates")
        .values(values)
        .onConflict((oc) =>
          oc.column("topic").doUpdateSet({
            subject: values.subject,
            body: values.body,
            updated_at: values.updated_at,
            updated_by: values.updated_by,
          }),
        )
        .execute();
      await recordAudit(staff, "template-changed", "reply_template", input.topic, undefined, trx);
    });
}

/** Fills {name} and {reference}; any other brace is left as written. */
function fill(text: string, contact: ReplyContact): string {
  return text.replaceAll("{name}", contact.name).replaceAll("{reference}", contact.reference ?? "");
}

/** The key of a topic's own template among its saved replies. */
export const standardReply = "standard";

/** A topic's saved replies, as a list to start a reply from: its template first, then the named ones by name. */
export async function savedRepliesFor(topic: string): Promise<Array<ReplyTemplate & { id: string; name: string }>> {
  const [template, saved] = await Promise.all([
    templateFor(topic),
    db().selectFrom("saved_replies").selectAll().where("topic", "=", topic).orderBy("name").execute(),
  ]);
  return [
    { id: standardReply, name: "The topic's template", ...template },
    ...saved.map((row) => ({ id: row.id, name: row.name, subject: row.subject, body: row.body })),
  ];
}

/** Every topic's saved replies, for the editor, with who last changed each. */
export async function allSavedReplies() {
  const rows = await db().selectFrom("saved_replies").selectAll().orderBy("topic").orderBy("name").execute();
  return rows.map((row) => ({ ...row, changed: { at: officeTime(row.updated_at), by: row.updated_by } }));
}

export type SavedReplyResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/** Adds a named reply to a topic, or changes one (`id`); two of one topic cannot share a name. */
export async function saveSavedReply(
  staff: Staff,
  input: SavedReplyInput,
  now = new Date(),
): Promise<SavedReplyResult> {
  const id = input.id;
  const taken = await db()
    .selectFrom("saved_replies")
    .select("id")
    .where("topic", "=", input.topic)
    .where("name", "=", input.name)
    .executeTakeFirst();
  if (taken && taken.id !== id)
    return { ok: false, status: 409, message: `This topic already has a saved reply named \u201c${input.name}\u201d.` };
  const values = {
    topic: input.topic,
    name: input.name,
    subject: input.subject,
    body: input.body,
    updated_at: now.toISOString(),
    updated_by: staff.username,
  };
  return db()
    .transaction()
    .execute(async (trx): Promise<SavedReplyResult> => {
      if (id) {
        const result = await trx.updateTable("saved_replies").set(values).where("id", "=", id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0)
          return { ok: false, status: 404, message: "That saved reply no longer exists." };
      } else {
        await trx
          .insertInto("saved_replies")
          .values({ id: randomUUID(), ...values })
          .execute();
      }
      await recordAudit(
        staff,
        id ? "saved-reply-changed" : "saved-reply-added",
        "saved_reply",
        input.topic,
        input.name,
        trx,
      );
      return { ok: true, message: `Saved reply ${id ? "saved" : "added"}: ${input.name}.` };
    });
}

export async function deleteSavedReply(staff: Staff, id: string): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("saved_replies")
        .select(["topic", "name"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom("saved_replies").where("id", "=", id).execute();
      await recordAudit(staff, "saved-reply-deleted", "saved_reply", row.topic, row.name, trx);
      return true;
    });
}

/**
 * What the reply form starts with for this lead: the saved reply chosen (`choice`), else its
 * topic's template, filled in; with the topic's saved replies to choose from.
 */
export async function draftReply(
  lead: LeadRef,
  choice?: string | null,
): Promise<(ReplyTemplate & { to: string; choices: Array<{ id: string; name: string }>; chosen: string }) | undefined> {
  const contact = await leadContact(lead);
  if (!contact) return undefined;
  const saved = await savedRepliesFor(contact.template);
  const template = saved.find((reply) => reply.id === choice) ?? saved[0]!;
  return {
    to: contact.email,
    subject: oneLine(fill(template.subject, contact)),
    body: fill(template.body, contact),
    choices: saved.map(({ id, name }) => ({ id, name })),
    chosen: template.id,
  };
}

export type ReplyResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409; message: string; seen?: number };

/**
 * The replies, calls and notes on the lead by anyone but `staff`, oldest first, each in words.
 * The reply and call forms carry how many there were when the page was drawn (`seen`); any more
 * by the time one is stored were made meanwhile. Counting, not comparing times, catches one that
 * was being stored while the page was drawn, whatever the instances' clocks say.
 */
async function othersEntries(
  from: Kysely<Database> | Transaction<Database>,
  lead: LeadRef,
  staff: Staff,
): Promise<string[]> {
  const [replies, notes] = await Promise.all([
    from
      .selectFrom("lead_replies")
      .select(["kind", "outcome", "to_address", "subject", "account_name", "created_at"])
      .where(ofLead(lead), "=", lead.id)
      .where("account_id", "!=", staff.accountId)
      .execute(),
    from
      .selectFrom("lead_notes")
      .select(["body", "account_name", "created_at"])
      .where(sql.ref<string | null>(`lead_notes.${lead.kind.replyColumn}`), "=", lead.id)
      .where("account_id", "!=", staff.accountId)
      .execute(),
  ]);
  return [
    ...replies.map((r) => ({
      at: r.created_at,
      text:
        r.kind === "email"
          ? `${r.account_name} emailed ${r.to_address} at ${officeTime(r.created_at)}: \u201c${r.subject ?? ""}\u201d.`
          : `${r.account_name} recorded a call at ${officeTime(r.created_at)}: ${callOutcomeLabel(r.outcome)}.`,
    })),
    ...notes.map((n) => ({
      at: n.created_at,
      text: `${n.account_name} added a note at ${officeTime(n.created_at)}: \u201c${oneLine(n.body).slice(0, 120)}\u201d.`,
    })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((entry) => entry.text);
}

/** How many replies, calls and notes others have made on the lead: what the page's forms carry as `seen`. */
export async function othersSeen(lead: LeadRef, staff: Staff): Promise<number> {
  return (await othersEntries(db(), lead, staff)).length;
}

/** Two people answering one lead are decided one after the other: the second sees the first's reply. */
async function lockLead(trx: Transaction<Database>, lead: LeadRef) {
  if (getDatabase().dialect === "postgres")
    await sql`select pg_advisory_xact_lock(hashtextextended(${`lead ${lead.id}`}, 0))`.execute(trx);
}

/** Refused because someone else answered since the page was opened: what they did, and asked again. */
class AnsweredMeanwhile {
  constructor(
    readonly what: string[],
    /** How many there are now: sent again with this, it goes. */
    readonly seen: number,
  ) {}
}

function answeredMeanwhile(meanwhile: AnsweredMeanwhile): ReplyResult {
  return {
    ok: false,
    status: 409,
    message: `Not sent: since you opened this page, ${meanwhile.what.join(" ")} Read it in the conversation below; to send yours as well, send it again.`,
    seen: meanwhile.seen,
  };
}

const gone = { ok: false, status: 404, message: "That lead no longer exists." } as const;

/**
 * Stores the reply on its lead and stamps the lead's first response, in one transaction with
 * whatever else the reply needs (its delivery): either all of it is kept, or none.
 */
async function storeReply(
  staff: Staff,
  lead: LeadRef,
  reply: Pick<LeadReplyTable, "kind" | "outcome" | "to_address" | "subject" | "body">,
  now: Date,
  seen: number | undefined,
  alsoIn?: (trx: Transaction<Database>, replyId: string) => Promise<void>,
): Promise<boolean | AnsweredMeanwhile> {
  const id = randomUUID();
  const at = now.toISOString();
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      await lockLead(trx, lead);
      const contact = await leadContact(lead, trx);
      if (!contact) return false;
      if (seen !== undefined) {
        const others = await othersEntries(trx, lead, staff);
        if (others.length > seen) return new AnsweredMeanwhile(others.slice(seen), others.length);
      }
      await trx
        .insertInto("lead_replies")
        .values({
          id,
          [lead.kind.replyColumn]: lead.id,
          ...reply,
          account_id: staff.accountId,
          account_name: staff.username,
          created_at: at,
          reply_token: reply.kind === "email" ? await replyTokenOf(trx, lead) : null,
        } as Insertable<LeadReplyTable>)
        .execute();
      await answerWaitingAnswers(trx, lead, staff, now);
      if (!contact.firstReplyAt) {
        const minutes = Math.round(businessCalendar().businessMsBetween(new Date(contact.receivedAt), now) / 60_000);
        await leadsOf(trx)
          .updateTable(lead.kind.table)
          .set({ first_reply_at: at, first_reply_by: staff.accountId, reply_minutes: minutes })
          .where("id", "=", lead.id)
          .where("first_reply_at", "is", null)
          .execute();
      }
      await alsoIn?.(trx, id);
      await recordAudit(
        staff,
        reply.kind === "email" ? "replied" : "call-recorded",
        lead.kind.entity,
        lead.id,
        reply.kind === "email" ? `To ${reply.to_address}.` : callOutcomeLabel(reply.outcome),
        trx,
      );
      return true;
    });
  if (stored === true) await refreshResponseFigures({ [lead.kind.kind]: lead.kind }, now);
  return stored;
}

/** The lead's reply token, made now if it has none. */
async function replyTokenOf(trx: Transaction<Database>, lead: LeadRef): Promise<string | null> {
  await leadsOf(trx)
    .updateTable(lead.kind.table)
    .set({ reply_token: newReplyToken() })
    .where("id", "=", lead.id)
    .where("reply_token", "is", null)
    .execute();
  const row = await leadsOf(trx)
    .selectFrom(lead.kind.table)
    .select("reply_token")
    .where("id", "=", lead.id)
    .executeTakeFirst();
  return row?.reply_token ?? null;
}

/** Emails the reply to the person through the outbox. Refused, storing nothing, when no mail server is set up. */
export async function sendReply(
  staff: Staff,
  lead: LeadRef,
  input: ReplyEmailInput,
  now = new Date(),
  config: Config = getConfig(),
  seen?: number,
): Promise<ReplyResult> {
  if (!config.smtp)
    return {
      ok: false,
      status: 409,
      message:
        "No mail server is set up (SMTP_HOST), so the admin cannot send email. Record a call, or write from the support mailbox.",
    };
  const contact = await leadContact(lead);
  if (!contact) return gone;
  const stored = await storeReply(
    staff,
    lead,
    { kind: "email", outcome: null, to_address: contact.email, subject: input.subject, body: input.body },
    now,
    seen,
    async (trx, replyId) => {
      await queueDeliveries(trx, "reply", replyId, now, ["email"]);
    },
  );
  if (stored instanceof AnsweredMeanwhile) return answeredMeanwhile(stored);
  if (!stored) return gone;
  nudgeDeliveryWorker();
  return { ok: true, message: `Reply queued to ${contact.email}. Its delivery shows in the thread below.` };
}

/** Records a phone call as the lead's reply. */
export async function recordCall(
  staff: Staff,
  lead: LeadRef,
  input: CallInput,
  now = new Date(),
  seen?: number,
): Promise<ReplyResult> {
  const stored = await storeReply(
    staff,
    lead,
    { kind: "call", outcome: input.outcome, to_address: null, subject: null, body: input.note },
    now,
    seen,
  );
  if (stored instanceof AnsweredMeanwhile) return answeredMeanwhile(stored);
  return stored ? { ok: true, message: `Call recorded: ${callOutcomeLabel(input.outcome)}.` } : gone;
}

/** Adds an internal note to the lead: kept in its conversation and the audit log, never emailed. */
export async function addNote(staff: Staff, lead: LeadRef, input: NoteInput, now = new Date()): Promise<ReplyResult> {
  const added = await db()
    .transaction()
    .execute(async (trx) => {
      const contact = await leadContact(lead, trx);
      if (!contact) return false;
      const id = randomUUID();
      await trx
        .insertInto("lead_notes")
        .values({
          id,
          [lead.kind.replyColumn]: lead.id,
          body: input.internalNote,
          account_id: staff.accountId,
          account_name: staff.username,
          created_at: now.toISOString(),
        } as Insertable<LeadNoteTable>)
        .execute();
      await recordAudit(staff, "note-added", lead.kind.entity, lead.id, undefined, trx);
      return true;
    });
  return added ? { ok: true, message: "Note added. It is never emailed." } : gone;
}

export interface ThreadEntry {
  id: string;
  /** A staff email, a recorded call, the visitor's emailed answer, or an internal note. */
  kind: "email" | "call" | "answer" | "note";
  /** "Email to kim@example.com", the call's outcome, or "Answer from kim@example.com". */
  title: string;
  subject: string | null;
  body: string;
  by: string;
  atText: string;
  at: string;
  delivery: Pick<OutboxTable, "channel" | "status" | "attempts" | "last_error" | "sent_at"> | null;
  /** An answer's quoted history, folded away on the page. */
  quoted?: string | null;
  /** An answer's attachments: `href` when its bytes were kept. */
  files?: { id: string; name: string; size: number; href: string | null }[];
  /** Why an answer is held for staff to confirm; null once it counts. */
  held?: string | null;
  /** "Answered by Dana after 2 h 15 min of business time", or who confirmed it. */
  answered?: string | null;
}

/** Business minutes as staff read them: "45 min", "2 h 15 min", "1 business day 3 h". */
function businessDuration(minutes: number, dayHours = businessCalendar().dayHours): string {
  const dayMinutes = dayHours * 60;
  const days = Math.floor(minutes / dayMinutes);
  const hours = Math.floor((minutes % dayMinutes) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} business ${days === 1 ? "day" : "days"}` : "",
    hours ? `${hours} h` : "",
    rest || (!days && !hours) ? `${rest} min` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** The visitor's answers on the lead, as thread entries. */
async function answersOf(lead: LeadRef): Promise<ThreadEntry[]> {
  const rows = await db()
    .selectFrom("lead_answers")
    .selectAll()
    .where(sql.ref<string | null>(`lead_answers.${lead.kind.replyColumn}`), "=", lead.id)
    .execute();
  const files =
    rows.length === 0
      ? []
      : await db()
          .selectFrom("lead_answer_files")
          .select(["id", "answer_id", "name", "size", (eb) => eb("bytes", "is not", null).as("kept")])
          .where(
            "answer_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("name")
          .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: "answer",
    title: `Answer from ${row.from_address}`,
    subject: row.subject,
    body: row.body,
    by: row.from_name ?? row.from_address,
    atText: officeTime(row.received_at),
    at: row.received_at,
    delivery: null,
    quoted: row.quoted,
    files: files
      .filter((f) => f.answer_id === row.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        size: Number(f.size),
        href: Number(f.kept) === 1 || f.kept === true ? `/admin/answers/${row.id}/files/${f.id}` : null,
      })),
    held: row.held_reason,
    answered:
      row.answered_at && row.answer_minutes !== null
        ? `Answered by ${row.answered_by} after ${businessDuration(row.answer_minutes)} of business time.`
        : row.confirmed_by
          ? `${row.confirmed_by} confirmed it belongs here.`
          : null,
  }));
}

/** The lead's thread, oldest first: replies and calls (each email with its delivery's state) and the visitor's answers. */
export async function threadOf(lead: LeadRef): Promise<ThreadEntry[]> {
  const [rows, answers, notes] = await Promise.all([
    db()
      .selectFrom("lead_replies")
      .selectAll()
      .where(ofLead(lead), "=", lead.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    answersOf(lead),
    db()
      .selectFrom("lead_notes")
      .selectAll()
      .where(sql.ref<string | null>(`lead_notes.${lead.kind.replyColumn}`), "=", lead.id)
      .execute(),
  ]);
  const deliveries = await deliveriesOf(
    ["reply"],
    rows.map((r) => r.id),
  );
  const replies = rows.map((row): ThreadEntry => {
    const delivery = deliveries.find((d) => d.ref_id === row.id);
    return {
      id: row.id,
      kind: row.kind,
      title: row.kind === "email" ? `Email to ${row.to_address}` : callOutcomeLabel(row.outcome),
      subject: row.subject,
      body: row.body,
      by: row.account_name,
      atText: officeTime(row.created_at),
      at: row.created_at,
      delivery: delivery
        ? {
            channel: delivery.channel,
            status: delivery.status,
            attempts: delivery.attempts,
            last_error: delivery.last_error,
            sent_at: delivery.sent_at,
          }
        : null,
    };
  });
  const noted = notes.map((note): ThreadEntry => ({
    id: note.id,
    kind: "note",
    title: "Internal note",
    subject: null,
    body: note.body,
    by: note.account_name,
    atText: officeTime(note.created_at),
    at: note.created_at,
    delivery: null,
  }));
  return [...replies, ...answers, ...noted].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

/**
 * Staff asked to send a reply again that failed or waits: "queued" when it will go now, "busy"
 * when it is being sent at this moment or was delivered already (nothing is sent twice), and
 * "missing" when it is not this lead's.
 */
export async function retryReply(staff: Staff, lead: LeadRef, replyId: string): Promise<"queued" | "busy" | "missing"> {
  const reply = await db()
    .selectFrom("lead_replies")
    .select("id")
    .where("id", "=", replyId)
    .where(ofLead(lead), "=", lead.id)
    .executeTakeFirst();
  if (!reply) return "missing";
  if ((await retryDeliveries("reply", replyId)) === 0) return "busy";
  await recordAudit(staff, "retry-delivery", "lead_reply", replyId);
  nudgeDeliveryWorker();
  return "queued";
}

/**
 * A reply as the outbox sends it: to the person, answering to the lead's own support address, with
 * the text as written, threaded under the visitor's latest answer.
 */
export const replyDeliveryFor = (kinds: LeadKinds): DeliveryKind => ({
  async notice(refId: string, config: Config) {
    const reply = await db().selectFrom("lead_replies").selectAll().where("id", "=", refId).executeTakeFirst();
    if (!reply?.to_address) return undefined;
    // The visitor's latest answer before this reply, so mail clients thread the two.
    const row = reply as unknown as Record<string, string | null>;
    const kind = Object.values(kinds).find((k) => row[k.replyColumn]);
    const answered = await db()
      .selectFrom("lead_answers")
      .select("mail_id")
      .where(
        sql.ref<string>(`lead_answers.${kind?.replyColumn ?? "message_id"}`),
        "=",
        kind ? row[kind.replyColumn]! : "",
      )
      .where("mail_id", "is not", null)
      .where("received_at", "<=", reply.created_at)
      .orderBy("received_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return {
      to: reply.to_address,
      replyTo: reply.reply_token ? replyAddress(config.siteEmail, reply.reply_token) : config.siteEmail,
      messageId: replyMessageId(reply.id, config),
      inReplyTo: answered?.mail_id ?? undefined,
      references: answered?.mail_id ? [answered.mail_id] : undefined,
      subject: oneLine(reply.subject ?? ""),
      text: reply.body,
      json: {},
    };
  },
  // A reply is an email to the person; it is never forwarded.
  forwardUrl: () => undefined,
});
