import { randomBytes, randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Readable } from "node:stream";
import type { AddressObject, AttachmentStream, HeaderValue, MessageText } from "mailparser";
import type { Database, LeadAnswerTable } from "#db/schema";
import { recordAudit } from "~/lib/audit.server";
import { businessCalendar } from "~/lib/business-calendar.server";
import type { Config } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import type { LeadColumns, LeadDatabase, LeadKindDefinition, LeadKinds } from "~/lib/lead-kind";
import { log } from "~/lib/logger.server";
import { splitQuoted } from "~/lib/mailbox/quoted";
import { type MailOutcome, type MailToRead, settleClaim } from "~/lib/mailbox/reader.server";
import { replyDue } from "~/lib/reply-promises.server";
import type { Staff } from "~/lib/staff";

/**
 * A visitor's email answer to a staff reply, back in the lead's thread (decision 035). Each reply
 * staff email goes out answering to `support+<token>@…`, the lead's own address, with a
 * Message-ID naming the reply. An answer is matched by that token, else by the reply it answers
 * (In-Reply-To, References); it is kept only where it plainly belongs:
 *
 * - sent from the address the lead gave, to that lead's token or in answer to that lead's reply:
 *   stored, and the lead waits on staff again, due as a new lead would be from the answer;
 * - from another address, or naming one lead in its address and answering another's email: held
 *   on the lead its address names, shown to staff to confirm, counting for nothing until they do;
 * - matching no lead: left in the mailbox untouched.
 */

/** Attachments whose bytes are kept: larger ones are listed with their name and size only. */
export const largestKeptAttachment = 10 * 1024 * 1024;

/** Longest text kept of an answer (the quoted history counts apart); the rest is cut with a note. */
const longestAnswerText = 100_000;

/** A lead's reply token: ten letters and digits (50 bits), what follows "+" in its reply address. */
const tokenPattern = /^[a-z2-7]{10}$/;
export function newReplyToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join("");
}

/** The support address with the lead's token: support+k3m9x2q7ab@aquila.example. */
export function replyAddress(siteEmail: string, token: string): string {
  const at = siteEmail.lastIndexOf("@");
  const local = siteEmail.slice(0, at).split("+")[0];
  return `${local}+${token}${siteEmail.slice(at)}`;
}

/** The token an address carries, when it is the support address with one. */
function tokenIn(address: string, siteEmail: string): string | undefined {
  const at = siteEmail.lastIndexOf("@");
  const local = siteEmail.slice(0, at).split("+")[0]!.toLowerCase();
  const domain = siteEmail.slice(at + 1).toLowerCase();
  const match = /^([^@+]+)\+([^@]+)@(.+)$/.exec(address.trim().toLowerCase());
  if (!match || match[1] !== local || match[3] !== domain || !tokenPattern.test(match[2]!)) return undefined;
  return match[2];
}

/** The Message-ID of a staff reply's email: the reply's id names it, so an answer's References find it. */
export function replyMessageId(replyId: string, config: Pick<Config, "siteUrl">): string {
  return `<reply-${replyId}@${new URL(config.siteUrl).hostname}>`;
}

const replyIdIn = (messageId: string) =>
  /^<?reply-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i
    .exec(messageId.trim())?.[1]
    ?.toLowerCase();

/** A kind as answers need it. */
export type AnsweredKind = Pick<
  LeadKindDefinition,
  "kind" | "table" | "entity" | "replyColumn" | "contactColumns" | "replyContact" | "statuses" | "reopened" | "promise"
>;

interface FoundLead {
  kind: AnsweredKind;
  id: string;
  email: string;
}

function leadsOf(from: Kysely<Database> | Transaction<Database>): Kysely<LeadDatabase> {
  return from as unknown as Kysely<LeadDatabase>;
}

/** The lead of `kind` whose `column` is `value`, with the address it gave. */
async function findLead(
  kind: AnsweredKind,
  column: "id" | "reply_token",
  value: string,
): Promise<FoundLead | undefined> {
  const row = (await leadsOf(db())
    .selectFrom(kind.table)
    .select(["id", ...kind.contactColumns] as string[])
    .where(column, "=", value)
    .executeTakeFirst()) as unknown as LeadColumns | undefined;
  return row ? { kind, id: row.id, email: kind.replyContact(row).email } : undefined;
}

async function leadByToken(kinds: LeadKinds, token: string): Promise<FoundLead | undefined> {
  for (const kind of Object.values(kinds)) {
    const lead = await findLead(kind, "reply_token", token);
    if (lead) return lead;
  }
  return undefined;
}

async function leadByReply(kinds: LeadKinds, replyIds: readonly string[]): Promise<FoundLead | undefined> {
  if (replyIds.length === 0) return undefined;
  const replies = await db().selectFrom("lead_replies").selectAll().where("id", "in", replyIds).execute();
  for (const replyId of replyIds) {
    const reply = replies.find((r) => r.id === replyId) as Record<string, unknown> | undefined;
    if (!reply) continue;
    for (const kind of Object.values(kinds)) {
      const leadId = reply[kind.replyColumn];
      const lead = typeof leadId === "string" ? await findLead(kind, "id", leadId) : undefined;
      if (lead) return lead;
    }
  }
  return undefined;
}

/** An email as this module reads it: its headers, its text, and each attachment with its bytes when kept. */
interface ReadMail {
  headers: Map<string, HeaderValue>;
  text: string;
  files: { name: string; type: string; size: number; bytes: Buffer | null }[];
}

/**
 * Parses a message as it streams in: the text whole, each attachment counted to its end but kept
 * only up to `largestKeptAttachment`, so a large video costs its size in reading and nothing more.
 */
async function readMail(source: Readable): Promise<ReadMail> {
  const { MailParser } = await import("mailparser");
  return new Promise((resolve, reject) => {
    // An HTML body is made into text in one stretch: past 1 MB of HTML the text is not made, so
    // no sender can hold this process's pages up with a huge one.
    const parser = new MailParser({ skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 1_000_000 });
    const mail: ReadMail = { headers: new Map(), text: "", files: [] };
    const reading: Promise<void>[] = [];
    parser.on("headers", (headers: Map<string, HeaderValue>) => (mail.headers = headers));
    parser.on("data", (part: AttachmentStream | MessageText) => {
      if (part.type === "text") {
        mail.text = part.text ?? "";
        return;
      }
      const file = { name: part.filename ?? "", type: part.contentType, size: 0, bytes: null as Buffer | null };
      const chunks: Buffer[] = [];
      mail.files.push(file);
      reading.push(
        new Promise<void>((done, fail) => {
          part.content.on("data", (chunk: Buffer) => {
            file.size += chunk.length;
            if (file.size <= largestKeptAttachment) chunks.push(chunk);
            else chunks.length = 0;
          });
          part.content.once("error", fail);
          part.content.once("end", () => {
            if (file.size <= largestKeptAttachment) file.bytes = Buffer.concat(chunks);
            if (typeof part.release === "function") part.release();
            done();
          });
        }),
      );
    });
    parser.once("end", () => Promise.all(reading).then(() => resolve(mail), reject));
    parser.once("error", reject);
    source.once("error", reject);
    source.pipe(parser);
  });
}

const addressesOf = (value: HeaderValue | undefined): string[] => {
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  const groups = (Array.isArray(value) ? value : [value]) as unknown[];
  return groups.flatMap((group) => {
    if (typeof group === "string") return [group];
    const entries = (group as AddressObject).value ?? [];
    return entries.flatMap((entry) => [entry.address ?? "", ...(entry.group ?? []).map((g) => g.address ?? "")]);
  });
};

/** Every address the message was sent to, as its headers say, including what the mail server added. */
function recipientsOf(headers: Map<string, HeaderValue>): string[] {
  return ["to", "cc", "bcc", "delivered-to", "x-original-to", "envelope-to"]
    .flatMap((name) => addressesOf(headers.get(name)))
    .filter(Boolean);
}

function messageIdsIn(value: HeaderValue | undefined): string[] {
  const all = Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "";
  return all.match(/<[^<>\s]+>/g) ?? (all.trim() ? [all.trim()] : []);
}

const headerText = (value: HeaderValue | undefined) => (typeof value === "string" ? value : "");

/** Visible characters only: a control character or a direction override from a mail is not shown to staff. */
function showable(text: string): string {
  return text.replace(/[\u202A-\u202E\u2066-\u2069]/g, "").replace(/(?![\t\n])\p{Cc}/gu, "");
}

/** Where an answer is kept, or why it is left in the mailbox. */
export type Placement =
  { outcome: "unmatched" } | { outcome: "stored" | "held"; lead: FoundLead; heldReason: string | null };

/** Decides where an answer belongs (see the module's comment), from its addresses and references alone. */
export async function placeAnswer(
  kinds: LeadKinds,
  mail: { from: string; recipients: readonly string[]; references: readonly string[] },
  siteEmail: string,
): Promise<Placement> {
  const token = mail.recipients.map((address) => tokenIn(address, siteEmail)).find(Boolean);
  const byToken = token ? await leadByToken(kinds, token) : undefined;
  const replyIds = mail.references.map(replyIdIn).filter((id): id is string => Boolean(id));
  const byReply = await leadByReply(kinds, replyIds);
  const lead = byToken ?? byReply;
  if (!lead) return { outcome: "unmatched" };
  const reasons: string[] = [];
  if (byToken && byReply && (byToken.id !== byReply.id || byToken.kind !== byReply.kind))
    reasons.push("Its address names this lead, but it answers an email about another one.");
  if (mail.from.toLowerCase() !== lead.email.toLowerCase())
    reasons.push(`It was sent from ${mail.from}, not from the address this lead gave (${lead.email}).`);
  return reasons.length > 0
    ? { outcome: "held", lead, heldReason: reasons.join(" ") }
    : { outcome: "stored", lead, heldReason: null };
}

/**
 * Reads one message from the support mailbox and keeps it where it belongs: the answer, its files
 * and the claim's outcome in one transaction, so it is kept once or not at all.
 */
export function answerHandler(kinds: LeadKinds, config: Pick<Config, "siteEmail">, now = () => new Date()) {
  return async (mail: MailToRead): Promise<MailOutcome> => {
    let parsed: ReadMail;
    try {
      parsed = await readMail(mail.source);
    } catch (error) {
      log.warn("an email could not be parsed", { error: error instanceof Error ? error.message : String(error) });
      return "unreadable";
    }
    const fromHeader = parsed.headers.get("from");
    const fromEntry =
      fromHeader && typeof fromHeader === "object" && "value" in fromHeader
        ? (fromHeader as AddressObject).value[0]
        : undefined;
    const from = fromEntry?.address?.trim();
    if (!from || !from.includes("@")) return "unreadable";
    const placement = await placeAnswer(
      kinds,
      {
        from,
        recipients: recipientsOf(parsed.headers),
        references: [
          ...messageIdsIn(parsed.headers.get("in-reply-to")),
          ...messageIdsIn(parsed.headers.get("references")),
        ],
      },
      config.siteEmail,
    );
    if (placement.outcome === "unmatched") return "unmatched";
    const { lead, heldReason } = placement;
    const text = showable(parsed.text);
    const date = parsed.headers.get("date");
    // Kept only in its usual form: it goes out again in the headers of a later reply.
    const messageId = /^<[^<>\s]{1,250}>$/.exec(headerText(parsed.headers.get("message-id")).trim())?.[0] ?? "";
    const { body, quoted } = splitQuoted(text);
    const cut = body.length > longestAnswerText;
    const id = randomUUID();
    const at = now();
    const answer = {
      id,
      [lead.kind.replyColumn]: lead.id,
      from_address: from.toLowerCase(),
      from_name: fromEntry?.name ? showable(fromEntry.name).slice(0, 200) : null,
      subject: showable(headerText(parsed.headers.get("subject"))).slice(0, 300),
      body: cut ? `${body.slice(0, longestAnswerText)}\n\n[The rest of this answer is in the support mailbox.]` : body,
      quoted: quoted ? quoted.slice(0, longestAnswerText) : null,
      mail_id: messageId || null,
      sent_at: date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
      received_at: at.toISOString(),
      held_reason: heldReason,
    } as Insertable<LeadAnswerTable>;
    const kept = await db()
      .transaction()
      .execute(async (trx) => {
        // The same email again (delivered twice, copied back into the mailbox) is kept once.
        if (answer.mail_id) {
          const seen = await trx
            .selectFrom("lead_answers")
            .select("id")
            .where(lead.kind.replyColumn as "message_id", "=", lead.id)
            .where("mail_id", "=", answer.mail_id)
            .executeTakeFirst();
          if (seen) {
            await settleClaim(trx, mail, "stored", seen.id, at);
            return "stored" as const;
          }
        }
        await trx.insertInto("lead_answers").values(answer).execute();
        for (const file of parsed.files) {
          await trx
            .insertInto("lead_answer_files")
            .values({
              id: randomUUID(),
              answer_id: id,
              name: showable(file.name).slice(0, 200) || "attachment",
              type: file.type || "application/octet-stream",
              size: file.size,
              bytes: file.bytes,
            })
            .execute();
        }
        if (!heldReason) await waitOnUs(trx, lead, at);
        await settleClaim(trx, mail, heldReason ? "held" : "stored", id, at);
        return heldReason ? ("held" as const) : ("stored" as const);
      });
    return kept;
  };
}

/**
 * A visitor answered: the lead waits on staff again, due as a new lead would be from when the
 * answer came, unless it still waits for its first reply (then that due time stands) or an
 * earlier answer already waits (then the earlier one's does). A handled lead (the kind's last
 * status: a message handled, an order request closed) opens again; one in between (an order
 * request contacted) keeps its status.
 */
async function waitOnUs(trx: Transaction<Database>, lead: { kind: AnsweredKind; id: string }, at: Date) {
  const row = await leadsOf(trx)
    .selectFrom(lead.kind.table)
    .select(["status", "first_reply_at", "answer_due_at"])
    .where("id", "=", lead.id)
    .executeTakeFirst();
  if (!row) return;
  const statuses = lead.kind.statuses;
  if (row.first_reply_at === null && row.status === statuses[0]) return;
  const due = replyDue(lead.kind, at);
  const changes = {
    ...(row.status === statuses[statuses.length - 1] ? lead.kind.reopened(at.toISOString()) : {}),
    ...(row.answer_due_at ? {} : { answer_due_at: due.dueAt, answer_late_at: due.lateAt }),
  };
  // A second answer while the first still waits changes nothing: the first one's due time stands.
  if (Object.keys(changes).length === 0) return;
  await leadsOf(trx).updateTable(lead.kind.table).set(changes).where("id", "=", lead.id).execute();
}

/**
 * A staff reply or call answers every answer still waiting: each is stamped with who answered and
 * the business minutes it took, and the lead stops waiting on staff. Runs in the reply's transaction.
 */
export async function answerWaitingAnswers(
  trx: Transaction<Database>,
  lead: { kind: Pick<LeadKindDefinition, "table" | "replyColumn">; id: string },
  staff: Staff,
  now: Date,
) {
  const waiting = await trx
    .selectFrom("lead_answers")
    .select(["id", "received_at"])
    .where(lead.kind.replyColumn as "message_id", "=", lead.id)
    .where("answered_at", "is", null)
    .where("held_reason", "is", null)
    .execute();
  for (const answer of waiting) {
    const minutes = Math.round(businessCalendar().businessMsBetween(new Date(answer.received_at), now) / 60_000);
    await trx
      .updateTable("lead_answers")
      .set({ answered_at: now.toISOString(), answered_by: staff.username, answer_minutes: minutes })
      .where("id", "=", answer.id)
      .execute();
  }
  await leadsOf(trx)
    .updateTable(lead.kind.table)
    .set({ answer_due_at: null, answer_late_at: null })
    .where("id", "=", lead.id)
    .execute();
}

/** The answer held on this lead, when there is one. */
async function heldAnswer(lead: { kind: AnsweredKind; id: string }, answerId: string) {
  return db()
    .selectFrom("lead_answers")
    .select(["id", "received_at", "from_address"])
    .where("id", "=", answerId)
    .where(lead.kind.replyColumn as "message_id", "=", lead.id)
    .where("held_reason", "is not", null)
    .executeTakeFirst();
}

/** Staff confirm a held answer belongs here: it counts from when it came, as if it had never been held. */
export async function confirmAnswer(
  staff: Staff,
  lead: { kind: AnsweredKind; id: string },
  answerId: string,
  now = new Date(),
): Promise<boolean> {
  const held = await heldAnswer(lead, answerId);
  if (!held) return false;
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("lead_answers")
        .set({ held_reason: null, confirmed_by: staff.username, confirmed_at: now.toISOString() })
        .where("id", "=", answerId)
        .where("held_reason", "is not", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      // Staff replied or called after it came: that answered it, and nothing waits on us for it.
      const after = await trx
        .selectFrom("lead_replies")
        .select(["created_at", "account_name"])
        .where(lead.kind.replyColumn as "message_id", "=", lead.id)
        .where("created_at", ">", held.received_at)
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
      if (after) {
        const minutes = Math.round(
          businessCalendar().businessMsBetween(new Date(held.received_at), new Date(after.created_at)) / 60_000,
        );
        await trx
          .updateTable("lead_answers")
          .set({ answered_at: after.created_at, answered_by: after.account_name, answer_minutes: minutes })
          .where("id", "=", answerId)
          .execute();
      } else await waitOnUs(trx, lead, new Date(held.received_at));
      await recordAudit(staff, "answer-confirmed", lead.kind.entity, lead.id, `From ${held.from_address}.`, trx);
      return true;
    });
  return done;
}

/** Staff say a held answer is not this lead's: it leaves the thread (the email stays in the mailbox, read). */
export async function dropHeldAnswer(
  staff: Staff,
  lead: { kind: AnsweredKind; id: string },
  answerId: string,
): Promise<boolean> {
  const held = await heldAnswer(lead, answerId);
  if (!held) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .deleteFrom("lead_answers")
        .where("id", "=", answerId)
        .where("held_reason", "is not", null)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await recordAudit(staff, "answer-removed", lead.kind.entity, lead.id, `From ${held.from_address}.`, trx);
      return true;
    });
}

/** One attachment of an answer on a lead, with its bytes when they were kept. */
export async function answerFile(answerId: string, fileId: string) {
  return db()
    .selectFrom("lead_answer_files")
    .select(["id", "name", "type", "size", "bytes"])
    .where("id", "=", fileId)
    .where("answer_id", "=", answerId)
    .executeTakeFirst();
}
