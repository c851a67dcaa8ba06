import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { createDatabase, type DatabaseHandle } from "#db/client.server";
import type { ContactTopicValue } from "~/content/contact";
import { builtInUsername, createAccount } from "~/features/auth/account-creation.server";
import { confirmWithinMs } from "~/features/auth/access.server";
import { getStaff } from "~/features/auth/sessions.server";
import { signIn } from "~/features/auth/sign-in.server";
import { hashToken } from "~/features/auth/tokens.server";
import { hashRecoveryCode, newRecoveryCodes } from "~/features/auth/second-factor.server";
import { storeContactMessage } from "~/features/contact/store.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { type OrderRequestInput, OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { createReview, declineReview, publishReview, setReply, setVerified } from "~/features/reviews/store.server";
import type { TagValue } from "~/features/reviews/fields";
import { ReviewSchema } from "~/features/reviews/schema";
import type { Database, ReviewDeclineReason, ReviewWriter } from "#db/schema";
import { db, setDatabaseForTests } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import type { SpamReason } from "~/lib/forms";
import { commandLine, requiresSecondFactor, type Role, type Staff } from "~/lib/staff";
import { inviteAccount } from "~/features/auth/invitations.server";
import { refreshResponseFigures } from "~/features/leads/figures.server";
import { testHashParams } from "./hash-params";
import { recordCall } from "~/features/leads/replies.server";
import { leadKinds } from "~/lead-kinds.server";

/**
 * Test data, put in the way the product puts it in: parsed with the forms' own schemas (so a seed
 * can never hold what a visitor could not have sent), stored by the feature functions the routes
 * call, published by a staff member through the moderation functions, and signed in through the
 * real sign-in. Every function takes the database to write to (a SQLite file or a PostgreSQL URL),
 * points the app's one handle at it for the duration, and closes it afterwards; it is meant for a
 * process that has no handle of its own installed (a test runner beside a server process).
 *
 * Seed once the server has started on the database: its first start creates `admin` only where
 * there is no account yet, and publishing a review adds the seeder's account.
 */

export interface SeedReview {
  name: string;
  quote: string;
  /** 1 to 10; 9 unless given. */
  rating?: number;
  context?: string | null;
  tags?: TagValue[];
  /** A unique address unless given. */
  email?: string;
  /** Published by staff; true unless false. */
  published?: boolean;
  /** Marked a verified customer by staff; true unless false. */
  verified?: boolean;
  /** Not published by staff for this reason (then `published` is ignored). */
  declined?: ReviewDeclineReason;
  /** Who wrote it; the user unless given. */
  writtenBy?: ReviewWriter;
  /** The company's public reply, posted by the seeder. */
  reply?: string;
  /** When it was submitted (pages list the newest first); now unless given. */
  createdAt?: string | Date;
}

export interface SeedMessage {
  name: string;
  email: string;
  phone?: string;
  topic?: ContactTopicValue;
  message?: string;
  /** When it arrived; now unless given. */
  receivedAt?: string | Date;
  /** What marked it as possible spam when it arrived (a quick fill, links); unmarked unless given. */
  signals?: readonly SpamReason[];
}

/**
 * An order request: who it is for and how to reach them; every other field of the form may be
 * given as the form's parsed value, and has a plausible one otherwise.
 */
export type SeedOrder = Pick<OrderRequestInput, "firstName" | "lastName" | "email"> &
  Partial<OrderRequestInput> & {
    /** When it arrived; now unless given. */
    receivedAt?: string | Date;
    /** The reference it is stored under (AQ-XXXX-XXXX); a new one unless given. */
    reference?: string;
  };

export interface SeededOrder {
  id: string;
  reference: string;
}

export interface SeededSession {
  staff: Staff;
  /** The session cookie the sign-in answered with, ready for a cookie jar… */
  name: string;
  value: string;
  /** …or for a Cookie request header. */
  header: string;
}

/**
 * The staff member who publishes seeded reviews. Not `admin`: every publication is audited, and a
 * test that checks the audit log for what admin did must not be satisfied by the seeding.
 */
const seederUsername = "test-seeder";

// The stored-only notice is for whoever runs a server; in a test runner it would print once per
// seeded message. Warnings still show, and LOG_LEVEL still wins when it is set.
if (!process.env.LOG_LEVEL) setLogLevel("warn");

// One seeding at a time per process: the app has one database handle, and each call repoints it.
let queue: Promise<unknown> = Promise.resolve();

function usingDatabase<T>(database: string, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    const handle = createDatabase(database);
    setDatabaseForTests(handle);
    try {
      return await work(handle);
    } finally {
      setDatabaseForTests(undefined);
      await handle.close();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

function toDate(value: string | Date | undefined): Date {
  const date = value === undefined ? new Date() : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(value)}`);
  return date;
}

async function findStaff(username: string): Promise<Staff | undefined> {
  const row = await db()
    .selectFrom("accounts")
    .select(["id", "username"])
    .where("username", "=", username)
    .executeTakeFirst();
  return row && { accountId: row.id, username: row.username };
}

/** The seeder's account, created on first use with a password nobody knows (it never signs in). */
async function seeder(): Promise<Staff> {
  const existing = await findStaff(seederUsername);
  if (existing) return existing;
  try {
    return {
      accountId: await createAccount(seederUsername, randomBytes(24).toString("base64url"), "moderator", {
        hashParams: testHashParams,
      }),
      username: seederUsername,
    };
  } catch (error) {
    // Another test process created it at the same moment.
    const raced = await findStaff(seederUsername);
    if (raced) return raced;
    throw error;
  }
}

/**
 * Submits each review as a visitor would (createReview, with `createdAt` as its time), then
 * publishes and verifies it as staff, all in one transaction; returns the ids in the given order.
 * approved_at is the seeding time, as publishing sets it: nothing lists or orders by it.
 */
export async function seedReviews(database: string, reviews: readonly SeedReview[]): Promise<string[]> {
  const prepared = reviews.map((review) => ({
    input: ReviewSchema.parse({
      name: review.name,
      email: review.email ?? `seed-${randomUUID()}@example.com`,
      rating: review.rating ?? 9,
      quote: review.quote,
      context: review.context ?? undefined,
      tags: review.tags ?? [],
      writtenBy: review.writtenBy,
    }),
    createdAt: toDate(review.createdAt),
    published: !review.declined && (review.published ?? true),
    verified: review.verified ?? true,
    declined: review.declined,
    reply: review.reply,
  }));
  return usingDatabase(database, async (handle) => {
    const staff = prepared.some((r) => r.published || r.verified || r.declined || r.reply) ? await seeder() : undefined;
    // Thousands of reviews commit once, or not at all.
    return handle.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const review of prepared) {
        const id = await createReview(review.input, review.createdAt, trx);
        const steps = staff
          ? [
              review.published && (() => publishReview(staff, id, trx)),
              review.verified && (() => setVerified(staff, id, true, trx)),
              review.declined && (() => declineReview(staff, id, review.declined!, null, trx)),
              review.reply && (() => setReply(staff, id, review.reply!, trx)),
            ]
          : [];
        for (const step of steps) if (step && !(await step())) throw new Error(`could not moderate review ${id}`);
        ids.push(id);
      }
      return ids;
    });
  });
}

export async function seedReview(database: string, review: SeedReview): Promise<string> {
  const [id] = await seedReviews(database, [review]);
  if (!id) throw new Error("the review was not stored");
  return id;
}

/** Stores each message as the contact form would, with its deliveries queued, in one transaction. */
export async function seedMessages(database: string, messages: readonly SeedMessage[]): Promise<string[]> {
  const prepared = messages.map((message) => ({
    input: ContactFormSchema.parse({
      name: message.name,
      email: message.email,
      phone: message.phone,
      topic: message.topic ?? "general",
      message: message.message ?? "Hello, I have a question about sizes.",
      consent: true,
    }),
    receivedAt: toDate(message.receivedAt),
    signals: message.signals ?? [],
  }));
  return usingDatabase(database, (handle) =>
    handle.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      // Channels as this process is configured, which for every harness here is the server's.
      for (const message of prepared)
        ids.push(await storeContactMessage(message.input, message.receivedAt, undefined, trx, message.signals));
      return ids;
    }),
  );
}

export async function seedMessage(database: string, message: SeedMessage): Promise<string> {
  const [id] = await seedMessages(database, [message]);
  if (!id) throw new Error("the message was not stored");
  return id;
}

/** The order form's answers a seed does not name: a power chair user filling it in themselves. */
const orderDefaults = {
  submittedBy: "self",
  phone: "555-010-0199",
  country: "United States",
  state: "Oregon",
  zipCode: "97201",
  wheelchairType: "power",
  seatWidth: 18,
  seatDepth: 17,
  currentCushion: null,
  dailySittingHours: "8-12",
  discomfortAreas: ["tailbone"],
  sensitivityLevel: "medium",
  priorities: ["pressure-relief"],
  padSize: "match-seat",
  coverType: "easy-clean",
  controllerPlacement: "right",
  medicalNotes: null,
  privacyConsent: true,
  medicalDisclaimer: true,
} satisfies Partial<OrderRequestInput>;

/**
 * Stores each order request as the order form would (storeOrder, with its deliveries queued), in
 * one transaction; returns the ids and references in the given order.
 */
export async function seedOrders(database: string, orders: readonly SeedOrder[]): Promise<SeededOrder[]> {
  const prepared = orders.map(({ receivedAt, reference, ...fields }) => ({
    input: OrderRequestSchema.parse({ ...orderDefaults, ...fields }),
    receivedAt: toDate(receivedAt),
    reference,
  }));
  return usingDatabase(database, (handle) =>
    handle.db.transaction().execute(async (trx) => {
      const stored: SeededOrder[] = [];
      // Channels as this process is configured, as for messages.
      for (const order of prepared)
        stored.push(await storeOrder(order.input, { reference: order.reference, now: order.receivedAt }, trx));
      return stored;
    }),
  );
}

export async function seedOrder(database: string, order: SeedOrder): Promise<SeededOrder> {
  const [stored] = await seedOrders(database, [order]);
  if (!stored) throw new Error("the order request was not stored");
  return stored;
}

/** Signs in as the built-in admin account (a moderator) through the real sign-in; returns the session cookie. */
export async function signInAsAdmin(database: string, password: string): Promise<SeededSession> {
  return usingDatabase(database, () => signInAs(builtInUsername, password));
}

/**
 * A named account with an authenticator app set up on a fixed secret, as the tests' staff: the
 * owner sees everything, leads see messages and orders, the editors the site's content, and the
 * moderator (password only) reviews. The secret is the tests' own, so they can compute its codes
 * as the person's phone would.
 */
export const testStaff = {
  owner: { username: "test.owner", password: "test-owner-password-long", role: "owner" },
  leads: { username: "test.leads", password: "test-leads-password-long", role: "leads" },
  moderator: { username: "test.moderator", password: "test-moderator-password-long", role: "moderator" },
  editor: { username: "test.editor", password: "test-editor-password-long", role: "editor" },
  /** Another editor, for two people changing one item at once. */
  secondEditor: { username: "test.editor2", password: "test-editor2-password-long", role: "editor" },
} as const satisfies Record<string, { username: string; password: string; role: Role }>;
export type TestStaff = keyof typeof testStaff;
export const testTotpSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBV";

/**
 * Signs in as one of `testStaff` through the real sign-in, with the password and a second factor,
 * making the account first if it is not there. The second factor is a recovery code made for this
 * one sign-in: an app's code works once per 30 seconds, and test workers sign in at the same
 * moment. (Tests of the app's codes type them as a person would, in the pages.)
 */
export async function signInAsTestStaff(database: string, who: TestStaff): Promise<SeededSession> {
  const { username, password, role } = testStaff[who];
  return usingDatabase(database, async () => {
    const existing = await db().selectFrom("accounts").select("id").where("username", "=", username).executeTakeFirst();
    if (!existing) {
      try {
        await createAccount(username, password, role, { hashParams: testHashParams });
      } catch {
        // Another worker made it at the same moment.
      }
    }
    const withApp = requiresSecondFactor(role);
    await db()
      .updateTable("accounts")
      .set({ totp_secret: withApp ? testTotpSecret : null, disabled_at: null })
      .where("username", "=", username)
      .execute();
    if (!withApp) return signInAs(username, password);
    const [code] = newRecoveryCodes();
    const account = await db()
      .selectFrom("accounts")
      .select("id")
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("recovery_codes")
      .values({
        code_hash: await hashRecoveryCode(code ?? ""),
        account_id: account.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    return signInAs(username, password, code);
  });
}

// Sign-in is limited per address (20 in 15 minutes) and per account (10): each call comes from
// its own documentation address, so only the account's limit is spent, once per call.
let signIns = 0;

async function signInAs(username: string, password: string, code?: string): Promise<SeededSession> {
  signIns++;
  const address = `198.51.100.${((process.pid + signIns) % 254) + 1}`;
  const result = await signIn(
    new Request("http://seed.invalid/admin/login", { method: "POST" }),
    username,
    password,
    address,
    Date.now(),
    { code },
  );
  if (!result.ok) throw new Error(`signing in as ${username} failed: ${result.status} ${result.message}`);
  if (result.next) throw new Error(`signing in as ${username} stopped before its second step (${result.next})`);
  const header = result.cookie.split(";")[0] ?? "";
  const split = header.indexOf("=");
  return { staff: result.staff, name: header.slice(0, split), value: header.slice(split + 1), header };
}

/**
 * Makes a session's last proof of who its person is older than the five minutes an export, an
 * erasure or an account change allows, as it is for a person who signed in a while ago. The
 * session stays signed in.
 */
export function outliveConfirmation(database: string, session: SeededSession): Promise<void> {
  return usingDatabase(database, async () => {
    const long = new Date(Date.now() - 2 * confirmWithinMs).toISOString();
    const [aged] = await db()
      .updateTable("sessions")
      .set({ confirmed_at: long })
      .where("id_hash", "=", hashToken(session.value))
      .execute();
    if (Number(aged?.numUpdatedRows) !== 1) throw new Error("the session to age was not found");
  });
}

/** Who the site takes a session cookie (`name=value`) to be, as it would on a request; undefined once it has ended. */
export function sessionStaff(database: string, header: string): Promise<Staff | undefined> {
  return usingDatabase(database, () => getStaff(new Request("http://seed.invalid/", { headers: { Cookie: header } })));
}

/** A staff account, as `npm run admin:create` makes one; returns its id. */
export function seedAccount(
  database: string,
  username: string,
  password: string,
  role: Role = "moderator",
): Promise<string> {
  return usingDatabase(database, () => createAccount(username, password, role, { hashParams: testHashParams }));
}

/** An invitation as an owner makes one (here from the command line); returns the link's path. */
export async function seedInvitation(database: string, username: string, role: Role): Promise<string> {
  return usingDatabase(database, async () => {
    const result = await inviteAccount(commandLine, { username, role });
    if (!result.ok) throw new Error(Object.values(result.errors).join("; "));
    return new URL(result.link).pathname;
  });
}

/**
 * Leads as a few months of work leave them, for pictures of the admin and the public figures
 * (`npm run screenshots -- --admin`): 30 messages answered over the last two months, by email or
 * call, most within their promise; and waiting leads, overdue, due today and coming up, some
 * handled by the owner. Replies are recorded through the replies feature at the moment they were
 * made, so their response times are the calendar's. Returns the owner's session and one waiting
 * message's id.
 */
export async function seedSampleLeads(
  database: string,
  now = new Date(),
): Promise<{ session: SeededSession; waitingMessage: string }> {
  const session = await signInAsTestStaff(database, "owner");
  return usingDatabase(database, async (handle) => {
    const owner = await findStaff(testStaff.owner.username);
    if (!owner) throw new Error("the owner account was not made");
    const hour = 3_600_000;
    const topics = ["general", "product", "support", "repair", "order"] as const;
    for (let i = 0; i < 30; i++) {
      const arrived = new Date(now.getTime() - (3 + 2 * i) * 24 * hour);
      const id = await storeContactMessage(
        ContactFormSchema.parse({
          name: `Sample Person ${i + 1}`,
          email: `sample${i + 1}@example.org`,
          topic: topics[i % topics.length],
          message: "A question about the cushion, kept as a sample.",
          consent: "on",
        }),
        arrived,
        [],
      );
      const row = await handle.db
        .selectFrom("contact_messages")
        .select("reply_due_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      // Most are answered a few business hours in; every seventh a little after its due time.
      const due = Date.parse(row.reply_due_at ?? "");
      const answered = new Date(i % 7 === 6 ? due + 2 * hour : due - (2 + (i % 5)) * hour);
      await recordCall(owner, { kind: leadKinds.message, id }, { outcome: "spoke", note: "" }, answered);
    }
    const waiting = [
      { name: "Avery Overdue", days: 4 },
      { name: "Blair Today", days: 1 },
      { name: "Casey Later", days: 0 },
    ];
    let waitingMessage = "";
    for (const [index, lead] of waiting.entries()) {
      const id = await storeContactMessage(
        ContactFormSchema.parse({
          name: lead.name,
          email: `${lead.name.split(" ")[0]!.toLowerCase()}@example.org`,
          topic: "support",
          message: "My cushion's pump stopped; what should I do?",
          consent: "on",
        }),
        new Date(now.getTime() - lead.days * 24 * hour),
        [],
      );
      if (index === 0) {
        waitingMessage = id;
        await handle.db
          .updateTable("contact_messages")
          .set({ assigned_to: owner.accountId })
          .where("id", "=", id)
          .execute();
      }
    }
    await storeOrder(
      OrderRequestSchema.parse({ ...orderDefaults, firstName: "Dana", lastName: "Order", email: "dana@example.org" }),
      {
        now: new Date(now.getTime() - 2 * 24 * hour),
      },
    );
    await refreshResponseFigures(leadKinds, now);
    return { session, waitingMessage };
  });
}

export interface UndatedMessages {
  /** Every `handledEvery`-th is marked handled by staff; the others wait for a reply. */
  handledEvery?: number;
  /** They arrived over the two years before this, the newest first. */
  now?: string | Date;
}

/**
 * `count` contact messages as a version before due times left them (migration 0020): no
 * `reply_due_at` or `reply_late_at`, no reply recorded, every `handledEvery`-th handled by staff.
 * The first is stored by the contact form's own function; the rest are copies of its row with
 * their own id, names, time and status, written with one multi-row insert per 500, so an upgrade
 * with a large backlog is set up in seconds. Returns how many wait for a reply and how many were
 * handled.
 */
export async function writeUndatedMessages(
  database: Kysely<Database>,
  count: number,
  { handledEvery = 3, now }: UndatedMessages = {},
): Promise<{ waiting: number; handled: number }> {
  const newest = toDate(now).getTime() - 60_000;
  const twoYears = 2 * 365 * 24 * 3_600_000;
  const receivedAt = (i: number) => new Date(newest - Math.floor((i / count) * twoYears)).toISOString();
  const isHandled = (i: number) => i % handledEvery === handledEvery - 1;
  const status = (i: number) => (isHandled(i) ? { status: "handled" as const, handled_at: receivedAt(i) } : {});
  const first = await database.transaction().execute((trx) =>
    storeContactMessage(
      ContactFormSchema.parse({
        name: "Upgrade Person 1",
        email: "upgrade1@example.org",
        topic: "general",
        message: "A question asked before due times were kept.",
        consent: "on",
      }),
      new Date(receivedAt(0)),
      [],
      trx,
    ),
  );
  const template = await database
    .updateTable("contact_messages")
    .set({ reply_due_at: null, reply_late_at: null, ...status(0) })
    .where("id", "=", first)
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let start = 1; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, j) => {
      const i = start + j;
      return {
        ...template,
        id: randomUUID(),
        name: `Upgrade Person ${i + 1}`,
        email: `upgrade${i + 1}@example.org`,
        consent_at: receivedAt(i),
        received_at: receivedAt(i),
        status: "new" as const,
        handled_at: null,
        ...status(i),
      };
    });
    await database.insertInto("contact_messages").values(rows).execute();
  }
  const handled = Array.from({ length: count }, (_, i) => i).filter(isHandled).length;
  return { waiting: count - handled, handled };
}

/** `writeUndatedMessages` on the database `database`, for a process beside a server. */
export async function seedUndatedMessages(
  database: string,
  count: number,
  options: UndatedMessages = {},
): Promise<{ waiting: number; handled: number }> {
  return usingDatabase(database, (handle) => writeUndatedMessages(handle.db, count, options));
}
