import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import Database from "#db/sqlite-driver.mjs";
import { builtInUsername } from "~/features/auth/account-creation.server";
import type { Role } from "~/lib/staff";
import * as seed from "../support/seed";
import { seedSync } from "../support/seed-process";

export type { SeedOrder, SeedReview } from "../support/seed";

/**
 * The browser tests' view of tests/support/seed.ts: the same typed seeding, aimed at the e2e
 * servers' databases (see playwright.config.ts). seedReviews, seedMessage and seedOrders are
 * synchronous, as specs call them, so they run in a child process and return once it has committed.
 */

type E2EFile = "e2e.sqlite" | "order-site.sqlite";

/** ADMIN_PASSWORD of the e2e servers in playwright.config.ts. */
const e2eAdminPassword = "e2e-moderator-password-long";

function e2eFile(file: E2EFile = "e2e.sqlite") {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through Playwright.");
  return path.join(dir, file);
}

/** The e2e server's own database, opened directly for a test to read what the site stored. */
export function e2eDatabase(file: E2EFile = "e2e.sqlite") {
  const db = new Database(e2eFile(file));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Rows the e2e server stored, read with a query of the test's own: another path than the site's pages. */
export function e2eRows(sql: string, ...params: unknown[]): Array<Record<string, unknown>> {
  const db = e2eDatabase();
  try {
    return db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

/** Reviews submitted and moderated through the app's own functions; returns their ids. */
export function seedReviews(reviews: seed.SeedReview[], file: E2EFile = "e2e.sqlite"): string[] {
  return seedSync("seedReviews", e2eFile(file), reviews);
}

/** The file an e2e server's database lives in: one of the e2e files, a path, or an open connection to it (closed here). */
function databaseFile(db: E2EFile | string | Database.Database): string {
  if (typeof db !== "string") {
    const file = db.name;
    db.close();
    return file;
  }
  return db === "e2e.sqlite" || db === "order-site.sqlite" ? e2eFile(db) : db;
}

async function addSession(context: BrowserContext, baseURL: string, session: seed.SeededSession) {
  await context.addCookies([
    { name: session.name, value: session.value, url: baseURL, httpOnly: true, sameSite: "Strict" },
  ]);
}

/**
 * A real staff session for the built-in admin account (a moderator: reviews only), from the
 * site's own sign-in, put into the browser context.
 */
export async function signInAsAdmin(
  context: BrowserContext,
  baseURL: string,
  db: E2EFile | string | Database.Database = "e2e.sqlite",
  password = e2eAdminPassword,
) {
  const file = databaseFile(db);
  await addSession(
    context,
    baseURL,
    await keptSession(file, builtInUsername, () => seed.signInAsAdmin(file, password)),
  );
}

/**
 * A real staff session for one of the tests' named accounts (tests/support/seed.ts `testStaff`):
 * `owner` for pages with health details, exports and accounts; signed in with password and code.
 */
export async function signInAsStaff(
  context: BrowserContext,
  baseURL: string,
  who: seed.TestStaff = "owner",
  { fresh = false, db = "e2e.sqlite" }: { fresh?: boolean; db?: E2EFile | string | Database.Database } = {},
) {
  const file = databaseFile(db);
  const username = seed.testStaff[who].username;
  const signIn = () => seed.signInAsTestStaff(file, who);
  // `fresh`: a session of its own, just signed in, for an export or another action that needs
  // the person to have proved who they are in the last five minutes.
  await addSession(context, baseURL, fresh ? await signIn() : await keptSession(file, username, signIn));
}

/**
 * Each sign-in hashes the password and adds a session; so, like a person who stays signed in,
 * each account's session is kept beside the database (for every worker process) and reused for
 * as long as the site still accepts it.
 * Like that person's, its proof of who they are is older than five minutes from the start, so a
 * test of what needs a recent proof asks for `fresh` whichever moment of the run it comes at.
 */
async function keptSession(
  file: string,
  username: string,
  signIn: () => Promise<seed.SeededSession>,
): Promise<seed.SeededSession> {
  const kept = `${file}.${username}-session.json`;
  if (existsSync(kept)) {
    const session = JSON.parse(readFileSync(kept, "utf8")) as seed.SeededSession;
    if ((await seed.sessionStaff(file, session.header))?.username === username) return session;
  }
  const session = await signIn();
  await seed.outliveConfirmation(file, session);
  // Written whole, then renamed, so another worker never reads half of it.
  writeFileSync(`${kept}.${process.pid}`, JSON.stringify(session));
  renameSync(`${kept}.${process.pid}`, kept);
  return session;
}

/** A contact message stored as the contact form stores one; returns its id. */
export function seedMessage(fields: seed.SeedMessage): string {
  return seedSync("seedMessage", e2eFile(), fields);
}

/** Order requests stored as the order form stores them; returns their ids and references. */
export function seedOrders(orders: seed.SeedOrder[]): seed.SeededOrder[] {
  return seedSync("seedOrders", e2eFile(), orders);
}

export function seedOrder(order: seed.SeedOrder): seed.SeededOrder {
  const [stored] = seedOrders([order]);
  if (!stored) throw new Error("the order request was not stored");
  return stored;
}

/** An invitation to a new staff account; returns the path of its link (/admin/invite/…). */
export function seedInvitation(username: string, role: Role): Promise<string> {
  return seed.seedInvitation(e2eFile(), username, role);
}

/** A named staff account in the e2e database, for a test that changes what the shared admin account must keep. */
export function seedAccount(username: string, password: string, role: Role = "moderator"): Promise<string> {
  return seed.seedAccount(e2eFile(), username, password, role);
}
