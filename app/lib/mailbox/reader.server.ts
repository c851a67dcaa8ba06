import type { Readable } from "node:stream";
import type { ImapFlow } from "imapflow";
import type { Transaction } from "kysely";
import type { Database, MailboxClaimState } from "#db/schema";
import type { Config } from "../config.server";
import { isDatabaseUnavailable } from "../database-outage.server";
import { isDatabaseBusy } from "#db/client.server";
import { db } from "../db.server";
import { log } from "../logger.server";

/**
 * Reads the support mailbox over IMAP, as the outbox sends: a worker every instance runs, taking
 * turns on an interval, where each message is claimed in the database before it is read, so two
 * instances never read one twice (decision 035). Only unread messages are looked at; a message
 * the handler keeps is marked read, and one it cannot use is left exactly as it was, unread, for
 * people reading the mailbox, and never read here again.
 *
 * The IMAP server is never waited on by a request: a turn runs beside them, every step of it with
 * a time limit, and a server that is away, slow or holding a huge message costs only this worker
 * its turn.
 */

export type MailboxConfig = NonNullable<Config["imap"]>;

/** One message, as the handler gets it. */
export interface MailToRead {
  /** The claim's key: the mailbox, its UIDVALIDITY and the message's UID. */
  key: string;
  /** This instance's claim on it (its lease), which the handler settles in the transaction that keeps it. */
  lease: string;
  /**
   * The message as it arrives from the server, to be read to its end: a stream, so a message of
   * tens of megabytes is parsed piece by piece, never held whole or parsed in one stretch that
   * would keep this process from answering its visitors.
   */
  source: Readable;
}

/** What became of a message: kept ("stored" or "held", the handler settled its claim), or left in the mailbox. */
export type MailOutcome = Extract<MailboxClaimState, "stored" | "held" | "unmatched" | "unreadable">;

export type MailHandler = (mail: MailToRead) => Promise<MailOutcome>;

/** Messages larger than this are left in the mailbox unread: an answer with its photos is far smaller. */
export const largestMailBytes = 40 * 1024 * 1024;

/** The time limits of one turn: connecting, the greeting, any silence, and the whole turn. */
export const mailboxTimeLimits = { connectMs: 10_000, greetingMs: 10_000, socketMs: 60_000, turnMs: 10 * 60_000 };

/**
 * How long one instance holds a message it is reading before another may take it over: longer
 * than a whole turn, so a claim never runs out under a reader still at work.
 */
const claimMs = mailboxTimeLimits.turnMs + 5 * 60_000;

/** How far back read messages are looked at too: an answer someone opened in a mail client first is still read in. */
const lookBackMs = 7 * 24 * 3_600_000;

/** The claim was taken over by another instance (its lease ran out): what this one read is not kept. */
export class ClaimLost extends Error {
  constructor() {
    super("another instance took this message over");
  }
}

const finalStates: readonly MailboxClaimState[] = ["stored", "held", "unmatched", "unreadable", "too-large"];

/**
 * Settles a claim: what the message became. A handler that keeps one calls this in the
 * transaction that stores it; if this instance's lease is no longer the claim's (another took it
 * over), it throws `ClaimLost` and the transaction keeps nothing.
 */
export async function settleClaim(
  trx: Transaction<Database>,
  mail: Pick<MailToRead, "key" | "lease">,
  state: Exclude<MailboxClaimState, "reading">,
  answerId: string | null,
  now = new Date(),
) {
  const result = await trx
    .updateTable("mailbox_claims")
    .set({ state, answer_id: answerId, locked_until: null, updated_at: now.toISOString() })
    .where("key", "=", mail.key)
    .where("state", "=", "reading")
    .where("locked_until", "=", mail.lease)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ClaimLost();
}

/** Claims a message for this instance: its lease when no one has, or a claim ran out without an outcome. */
async function claim(key: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + claimMs).toISOString();
  const inserted = await db()
    .insertInto("mailbox_claims")
    .values({ key, state: "reading", locked_until: until, answer_id: null, updated_at: at })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return until;
  const taken = await db()
    .updateTable("mailbox_claims")
    .set({ locked_until: until, updated_at: at })
    .where("key", "=", key)
    .where("state", "=", "reading")
    .where("locked_until", "<", at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? until : undefined;
}

/** Settles a claim this instance holds with an outcome that keeps nothing. */
async function settle(key: string, lease: string, state: Exclude<MailboxClaimState, "reading">, now: Date) {
  await db()
    .updateTable("mailbox_claims")
    .set({ state, locked_until: null, updated_at: now.toISOString() })
    .where("key", "=", key)
    .where("state", "=", "reading")
    .where("locked_until", "=", lease)
    .execute();
}

/** Gives a claim back after a failure that passes (the database or the connection was away): a later turn reads it again. */
async function release(key: string, lease: string) {
  await db()
    .deleteFrom("mailbox_claims")
    .where("key", "=", key)
    .where("state", "=", "reading")
    .where("locked_until", "=", lease)
    .execute();
}

/** Reads what is left of a stream to its end, or until it fails; at once when it was destroyed already. */
async function drain(stream: Readable) {
  if (stream.destroyed || stream.readableEnded) return;
  await new Promise<void>((resolve) => {
    stream
      .once("end", resolve)
      .once("error", () => resolve())
      .once("close", resolve);
    stream.resume();
  });
}

async function claimStates(keys: readonly string[]): Promise<Map<string, MailboxClaimState>> {
  const states = new Map<string, MailboxClaimState>();
  for (let at = 0; at < keys.length; at += 500) {
    const rows = await db()
      .selectFrom("mailbox_claims")
      .select(["key", "state", "locked_until"])
      .where("key", "in", keys.slice(at, at + 500))
      .execute();
    for (const row of rows) states.set(row.key, row.state);
  }
  return states;
}

/** What one turn did, for the tests and the log. */
export interface TurnReport {
  unread: number;
  read: number;
  outcomes: Partial<Record<Exclude<MailboxClaimState, "reading">, number>>;
}

async function connect(config: MailboxConfig): Promise<ImapFlow> {
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.tls === "true",
    // STARTTLS required unless plain text was chosen: a connection whose STARTTLS was stripped
    // on the way fails rather than sending the password in clear.
    doSTARTTLS: config.tls === "starttls" ? true : config.tls === "none" ? false : undefined,
    auth: { user: config.user, pass: config.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: mailboxTimeLimits.connectMs,
    greetingTimeout: mailboxTimeLimits.greetingMs,
    socketTimeout: mailboxTimeLimits.socketMs,
  });
  // A connection that drops emits an error; the turn's own promise reports it.
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * One turn: connects, looks at every unread message, reads and hands over each one no instance
 * has, and marks read what was kept. Throws when the mailbox cannot be reached or the database
 * is away; a claim taken then is given back.
 */
export async function readMailbox(
  config: MailboxConfig,
  handle: MailHandler,
  {
    now = () => new Date(),
    keepGoing = () => true,
    opened,
  }: { now?: () => Date; keepGoing?: () => boolean; opened?: (client: ImapFlow) => void } = {},
): Promise<TurnReport> {
  const report: TurnReport = { unread: 0, read: 0, outcomes: {} };
  const client = await connect(config);
  opened?.(client);
  try {
    const lock = await client.getMailboxLock(config.mailbox);
    try {
      const mailbox = client.mailbox;
      const validity = mailbox ? String(mailbox.uidValidity) : "0";
      // Unread mail, and the last week's read mail: an answer opened in a mail client before this
      // instance looked is read in too. Each message is claimed once, so looking again costs a lookup.
      const found = await client.search(
        { or: [{ seen: false }, { since: new Date(now().getTime() - lookBackMs) }] },
        { uid: true },
      );
      const uids = found || [];
      report.unread = uids.length;
      const keyOf = (uid: number) => `${config.mailbox}/${validity}/${uid}`;
      const states = await claimStates(uids.map(keyOf));
      for (const uid of uids) {
        if (!keepGoing()) break;
        const key = keyOf(uid);
        const state = states.get(key);
        // Kept by an earlier turn whose "read" mark was lost: mark it now.
        if (state === "stored" || state === "held") {
          await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
          continue;
        }
        if (state && finalStates.includes(state)) continue;
        const lease = await claim(key, now());
        if (!lease) continue;
        const sized = await client.fetchOne(String(uid), { size: true }, { uid: true });
        const size = sized ? (sized.size ?? 0) : 0;
        if (size > largestMailBytes) {
          await settle(key, lease, "too-large", now());
          report.outcomes["too-large"] = (report.outcomes["too-large"] ?? 0) + 1;
          log.warn("a message in the support mailbox is too large to read; it is left there for people to read", {
            uid,
            bytes: size,
          });
          continue;
        }
        const download = await client.download(String(uid), undefined, { uid: true });
        if (!download.content) {
          await release(key, lease);
          continue;
        }
        const source = download.content;
        // The connection dropping mid-message fails the stream: then nothing is settled, the claim
        // is given back and the turn ends, so the message is read whole on a later one.
        let cut = false;
        source.once("error", () => (cut = true));
        report.read++;
        let outcome: MailOutcome;
        try {
          outcome = await handle({ key, lease, source });
        } catch (error) {
          if (error instanceof ClaimLost) continue;
          if (isDatabaseUnavailable(error) || isDatabaseBusy(error)) {
            await release(key, lease).catch(() => {});
            throw error;
          }
          log.error("a message in the support mailbox could not be read; it is left there for people to read", {
            uid,
            error: error instanceof Error ? error.message : String(error),
          });
          outcome = "unreadable";
        } finally {
          // Whatever the handler left unread is drained: the connection carries nothing else until it is.
          if (!source.readableEnded) await drain(source);
        }
        if (outcome === "unreadable" && (cut || !client.usable)) {
          await release(key, lease).catch(() => {});
          throw new Error("the connection to the support mailbox was lost while a message was read");
        }
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
        if (outcome === "stored" || outcome === "held") {
          await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
        } else {
          await settle(key, lease, outcome, now());
          if (outcome === "unreadable")
            log.warn("a message in the support mailbox is not an email this site can read; it is left there", { uid });
        }
      }
    } finally {
      lock.release();
    }
  } finally {
    await Promise.race([client.logout().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    client.close();
  }
  return report;
}

/**
 * The worker: a turn every `pollMs`, one at a time, never longer than `turnMs`. The mailbox being
 * unreachable is logged when it starts and when it ends, not every turn.
 */
export function startMailboxWorker(config: MailboxConfig, handle: MailHandler, { now = () => new Date() } = {}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let failing = false;
  let client: ImapFlow | undefined;
  const tick = () => {
    if (running || stopped) return;
    const turn = (async () => {
      const limit = setTimeout(() => client?.close(), mailboxTimeLimits.turnMs);
      try {
        await readMailbox(config, handle, { now, keepGoing: () => !stopped, opened: (c) => (client = c) });
        if (failing) log.info("the support mailbox is read again");
        failing = false;
      } catch (error) {
        if (!failing && !stopped)
          log.warn("the support mailbox cannot be read; answers wait there until it can", {
            host: config.host,
            error: error instanceof Error ? error.message : String(error),
          });
        failing = true;
      } finally {
        clearTimeout(limit);
        client = undefined;
      }
    })();
    running = turn.finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, config.pollMs);
  timer.unref();
  tick();
  return {
    /** Stops taking turns and ends the one under way, waiting for it at most `withinMs`. */
    async stop(withinMs = 2_000) {
      stopped = true;
      clearInterval(timer);
      client?.close();
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, withinMs).unref())]);
    },
    /** Takes a turn now if none is under way, and resolves when the current one ends. */
    async turn() {
      tick();
      await running;
    },
  };
}
