import nodemailer, { type Transporter } from "nodemailer";
import { isDatabaseBusy, sqliteBusyTimeoutMs } from "#db/client.server";
import { databaseTimeLimits } from "#db/postgres-pool.server";
import type { OutboxKind, OutboxTable } from "#db/schema";
import { type Config, getConfig } from "../config.server";
import { isDatabaseUnavailable } from "../database-outage.server";
import { log } from "../logger.server";
import { deliveryFailures } from "../metrics.server";
import { flattenedToOneLine } from "../zod";
import { claimDueItem, markFailedAttempt, markSent } from "./queue.server";

/** What a delivery says, built from the stored record (never from the request). */
export interface Notice {
  subject: string;
  text: string;
  /** The email's recipient; staff (STAFF_EMAIL, else SITE_EMAIL) when not given. */
  to?: string;
  replyTo?: string;
  /** The email's own Message-ID, when its kind names it (else the outbox row's), and what it answers. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** What a forward posts (with `kind` added); the kind's `forwardUrl` says where. */
  json: Record<string, unknown>;
}

/** How one kind of outbox row is delivered. */
export interface DeliveryKind {
  /** Builds the notice from the stored record; undefined when the record no longer exists. */
  notice(refId: string, config: Config): Promise<Notice | undefined>;
  /** Where a "forward" row of this kind is posted; undefined when none is configured. */
  forwardUrl(config: Config): string | undefined;
}

/**
 * One handler for every kind the outbox can hold. The mapped type makes a kind without a
 * handler a compile error; a row whose kind has none at run time (a newer release wrote it)
 * is a failed attempt, never "sent".
 */
export type DeliveryKinds = { readonly [K in OutboxKind]: DeliveryKind };

/** Why a staff email (STAFF_EMAIL_CONTENT=link, the default) names the sender and links to the admin instead of quoting them. */
export const linkOnlyNote =
  "What visitors write can include health details, so it stays in the admin and is not copied into email.";

/** No line breaks in anything that becomes a header. */
export function oneLine(value: string): string {
  return flattenedToOneLine(value).slice(0, 200);
}

/** Everything a mail client or a text viewer may take as the end of a line. */
const lineBreak = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** Something a visitor typed, shown to staff as a quote under a heading of ours. */
export interface Quoted {
  heading: string;
  lines: string[];
}

/** One-line answers such as a name or a phone number, each kept on its label's line whatever the database holds. */
export function quotedAnswers(
  heading: string,
  answers: ReadonlyArray<readonly [label: string, value: string]>,
): Quoted {
  return { heading, lines: answers.map(([label, value]) => `${label}: ${flattenedToOneLine(value)}`) };
}

/** Free text such as a message, line for line. */
export function quotedText(heading: string, text: string): Quoted {
  return { heading, lines: text.split(lineBreak).map((line) => line.replace(/(?!\t)\p{Cc}/gu, " ")) };
}

/**
 * A staff email's text: the notification's own lines, its link and instructions first, then what
 * the visitor typed, every line of it marked "> ". Nothing a visitor writes can then sit above the
 * real link or pass for one of the email's own lines (a forged "reply from the inbox" link).
 */
export function staffEmailText(ours: readonly string[], theirs: readonly Quoted[]): string {
  return [...ours, ...theirs.flatMap(({ heading, lines }) => ["", heading, ...lines.map((line) => `> ${line}`)])].join(
    "\n",
  );
}

let transporter: Transporter | undefined;

function mailer(config: Config): Transporter {
  if (!config.smtp) throw new Error("SMTP is not configured");
  transporter ??= nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return transporter;
}

export type SentNow = { ok: true } | { ok: false; reason: string };

/**
 * One email sent now, outside the outbox, for a message the database cannot build again later (an
 * invitation's one-time link is stored only as a hash). The caller says whether it went; nothing
 * retries it.
 */
export async function sendMailNow(
  mail: { to: string; subject: string; text: string },
  config = getConfig(),
): Promise<SentNow> {
  if (!config.smtp) return { ok: false, reason: "no mail server is set up (SMTP_HOST)" };
  try {
    await mailer(config).sendMail({
      from: config.smtp.from,
      to: mail.to,
      subject: oneLine(mail.subject),
      text: mail.text,
    });
    return { ok: true };
  } catch (error) {
    log.warn("an email sent at once was not taken by the mail server", { error: String(error) });
    return { ok: false, reason: "the mail server did not take it" };
  }
}

export function resetMailer() {
  transporter?.close();
  transporter = undefined;
}

/**
 * The Message-ID of an outbox row's email, fixed by the row's id: when a send is repeated (the
 * mail server took it but the answer, or the record that it went, was lost), a mail client folds
 * the two copies into one message.
 */
export function outboxMessageId(outboxId: string, config: Pick<Config, "siteUrl">): string {
  return `<outbox-${outboxId}@${new URL(config.siteUrl).hostname}>`;
}

async function send(item: OutboxTable, handler: DeliveryKind, notice: Notice, config: Config) {
  if (item.channel === "email") {
    if (!config.smtp) throw new Error("SMTP is not configured any more");
    await mailer(config).sendMail({
      messageId: notice.messageId ?? outboxMessageId(item.id, config),
      from: config.smtp.from,
      to: notice.to ?? config.staffEmail ?? config.siteEmail,
      replyTo: notice.replyTo,
      inReplyTo: notice.inReplyTo,
      references: notice.references,
      subject: notice.subject,
      text: notice.text,
    });
    return;
  }
  if (item.channel === "forward") {
    const url = handler.forwardUrl(config);
    if (!url) throw new Error(`no forward address is set for ${item.kind} any more`);
    const response = await fetch(url, {
      method: "POST",
      // The same key on every try of this row: a receiver that keeps keys can drop a repeat.
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": item.id },
      body: JSON.stringify({ kind: item.kind, ...notice.json }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`forward answered ${response.status}`);
    return;
  }
  throw new Error(`nothing can be sent on the "${item.channel}" channel`);
}

function handlerFor(kinds: DeliveryKinds, kind: string): DeliveryKind {
  const handler = Object.hasOwn(kinds, kind) ? kinds[kind as OutboxKind] : undefined;
  if (!handler) throw new Error(`no delivery handler for kind "${kind}"`);
  return handler;
}

/**
 * Records what happened to an item that was sent or tried, waiting out another writer's lock for
 * as long as the item's lease lasts: if its outcome were lost to a busy database, the item would
 * be claimed and sent again once the lease ran out. Each try may itself wait for the lock up to the
 * busy timeout before it fails, so the last one starts that long, and a second more, before the
 * lease ends; past that the error stands, and the lease decides.
 */
async function recordOutcome(item: OutboxTable, write: () => Promise<void>, now: () => Date): Promise<void> {
  const deadline = Date.parse(item.locked_until ?? "") - longestWaitMs - 1_000;
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      // A lease that cannot be read (NaN) allows no wait.
      const passing = mayPass(error);
      if (!(passing && now().getTime() + outcomeRetryMs < deadline)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, outcomeRetryMs));
  }
}

const outcomeRetryMs = 250;

/** Whether the database cannot be written just now (another writer's lock, or away), a state that passes. */
function mayPass(error: unknown): boolean {
  return isDatabaseBusy(error) || isDatabaseUnavailable(error);
}

/**
 * The longest one try at recording an outcome can take: SQLite's wait for another writer's lock,
 * or PostgreSQL's wait for a connection and then for an answer. A database that stopped answering for less than the lease
 * (60 s) less this is waited out, so what was sent is recorded once and never sent again.
 */
const longestWaitMs = Math.max(sqliteBusyTimeoutMs, databaseTimeLimits.connectMs + databaseTimeLimits.queryMs);

/**
 * Sends every item that is due now, one at a time; returns how many were attempted. `keepGoing` is
 * asked before each item: a server shutting down stops between items, and what is left stays in
 * the outbox for the next start.
 */
export async function deliverDue(
  kinds: DeliveryKinds,
  config: Config = getConfig(),
  now = () => new Date(),
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let attempted = 0;
  for (;;) {
    if (!keepGoing()) return attempted;
    const item = await claimDueItem(now());
    if (!item) return attempted;
    attempted++;
    try {
      const handler = handlerFor(kinds, item.kind);
      const notice = await handler.notice(item.ref_id, config);
      // Deleting a record deletes its deliveries in the same transaction, so a missing record is
      // a fault to look into, not something delivered.
      if (!notice) throw new Error(`the ${item.kind} ${item.ref_id} it delivers is not in the database`);
      await send(item, handler, notice, config);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deliveryFailures.inc({ kind: item.kind, channel: item.channel });
      await recordOutcome(item, () => markFailedAttempt(item, message, now()), now);
      log.warn("delivery failed; will retry", {
        kind: item.kind,
        ref: item.ref_id,
        channel: item.channel,
        attempts: item.attempts,
        error: message,
      });
      continue;
    }
    await recordOutcome(item, () => markSent(item.id, now()), now);
    log.info("delivered", { kind: item.kind, ref: item.ref_id, channel: item.channel });
  }
}

/** Runs deliveries in the server process: on a timer, and right after something is queued. */
export function startDeliveryWorker(kinds: DeliveryKinds, intervalMs = 5_000) {
  let running = false;
  let stopped = false;
  /** Whether the last turn found the database locked by another writer. */
  let waiting = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await deliverDue(
        kinds,
        getConfig(),
        () => new Date(),
        () => !stopped,
      );
      waiting = false;
    } catch (error) {
      const passing = mayPass(error);
      if (!passing) log.error("delivery worker failed", { error });
      // Another writer holds the database, or it is away: the next turn asks again. Said once per
      // wait, not every turn.
      else if (!waiting)
        log.info(
          isDatabaseBusy(error)
            ? "the database is busy with another writer; deliveries wait for it"
            : "the database is away; deliveries wait for it",
          { error: error instanceof Error ? error.message : String(error) },
        );
      waiting = passing;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  nudge = () => void tick();
  void tick();
  return {
    /**
     * Stops after the item being sent now, waiting for it at most `withinMs`. An item still in
     * flight then keeps its lease: it is tried again when the lease runs out, under the same
     * Message-ID.
     */
    async stop(withinMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      clearInterval(timer);
      nudge = () => {};
      const deadline = Date.now() + withinMs;
      while (running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      if (running) log.warn("a delivery was still in flight at shutdown; it is tried again when its lease runs out");
      resetMailer();
    },
  };
}

let nudge: () => void = () => {};

/** Ask the worker to look now (after a request queued something). */
export function nudgeDeliveryWorker() {
  nudge();
}
