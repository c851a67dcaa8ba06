import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { stepsPerWindow } from "~/routes/api.form-steps";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * Page views counted as the outside world makes them, on two instances sharing one database:
 * what is counted, what is not, and that nothing about the visitor is kept anywhere.
 */
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36 UAMARK";
const visitor = "203.0.113.77";
const cookie = "aquila-theme=dark; tracker=COOKIEMARK";

/** Reads `read` every 100 ms until it gives `expected`, for 10 s at most (counts are written every 100 ms). */
async function until<T>(read: () => Promise<T>, expected: T) {
  const deadline = Date.now() + 10_000;
  while (JSON.stringify(await read()) !== JSON.stringify(expected) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.each(testDialects)("visits counted on %s", (dialect) => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let viewLog = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const env = { DATABASE_URL: database.url, VISIT_FLUSH_MS: "100", TRUST_PROXY: "loopback", LOG_LEVEL: "debug" };
    // Instance a also reads the views nginx logs for the pages it serves from disk (docs/deploy.md).
    viewLog = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-views-")), "views.log");
    writeFileSync(viewLog, "");
    a = await startServerProcess({ ...env, VIEW_LOG: viewLog });
    b = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const get = (server: ServerProcess, path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(new URL(path, server.url), {
      method,
      redirect: "manual",
      headers: { "User-Agent": browser, "X-Forwarded-For": visitor, Cookie: cookie, ...headers },
    });

  async function rows() {
    const views = await database.db
      .selectFrom("visit_counts")
      .select(["page", "channel", "source", "medium", "campaign", "views"])
      .orderBy("page")
      .orderBy("channel")
      .orderBy("source")
      .orderBy("campaign")
      .execute();
    return views.map((row) => ({ ...row, views: Number(row.views) }));
  }

  it("counts a search entry, a campaign entry and a page reached from the site, on either instance; nothing else", async () => {
    const answers = await Promise.all([
      // A prerendered page, from a search engine (instance a).
      get(a, "/product", { Referer: "https://www.google.com/search?q=pressure+cushion" }),
      // A kept page from a newsletter link (instance b), and the same page again from the site.
      get(b, "/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn"),
      get(a, "/testimonials", { Referer: `${a.url}/` }),
      // Not counted: a program, a browser with Global Privacy Control or Do Not Track, HEAD, a prefetch, a 404, a post.
      get(a, "/faq", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      get(a, "/faq", { "User-Agent": "" }),
      get(b, "/faq", { "Sec-GPC": "1" }),
      get(b, "/faq", { DNT: "1" }),
      get(a, "/faq", {}, "HEAD"),
      get(b, "/faq", { "Sec-Purpose": "prefetch" }),
      get(a, "/faq", { "Sec-Purpose": "prefetch;prerender" }),
      get(a, "/no-such-page"),
      get(a, "/robots.txt"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 200,
    ]);
    // A campaign value no list could hold: counted under "other".
    expect((await get(b, `/about?utm_source=ads&utm_campaign=${"x".repeat(300)}`)).status).toBe(200);

    const expected = [
      { page: "/", channel: "email", source: "newsletter", medium: "email", campaign: "autumn", views: 1 },
      { page: "/about", channel: "campaign", source: "ads", medium: "", campaign: "other", views: 1 },
      { page: "/product", channel: "search", source: "Google", medium: "", campaign: "", views: 1 },
      { page: "/testimonials", channel: "internal", source: "", medium: "", campaign: "", views: 1 },
    ];
    await until(rows, expected);
    expect(await rows()).toEqual(expected);
    const days = await database.db.selectFrom("visit_counts").select("day").distinct().execute();
    expect(days).toHaveLength(1);
    expect(days[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("counts the order form's beacon, refuses a body it does not know, and limits one address like a form", async () => {
    const beacon = (body: string, headers: Record<string, string> = {}) =>
      fetch(new URL("/api/form-steps", a.url), {
        method: "POST",
        headers: {
          "User-Agent": browser,
          "X-Forwarded-For": "203.0.113.78",
          Origin: a.url,
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body,
      });
    expect((await beacon("form=message&step=1")).status).toBe(400);
    expect((await beacon("form=order&step=7")).status).toBe(400);
    expect((await beacon("form=order&step=2", { "Sec-GPC": "1" })).status).toBe(204);
    const statuses: number[] = [];
    for (let i = 0; i <= stepsPerWindow; i++) statuses.push((await beacon("form=order&step=3")).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(stepsPerWindow);
    expect(statuses.at(-1)).toBe(429);
    const steps = async () =>
      (
        await database.db.selectFrom("form_counts").select(["event", "count"]).where("form", "=", "order").execute()
      ).map((row) => ({ ...row, count: Number(row.count) }));
    const deadline = Date.now() + 10_000;
    while ((await steps()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await steps()).toEqual([{ event: "step-3", count: stepsPerWindow }]);
  });

  it("counts each view nginx logs once, with its source, and skips a line it cannot read", async () => {
    const now = (Date.now() / 1000).toFixed(3);
    const line = (...fields: string[]) => `${[now, ...fields].join("\t")}\n`;
    appendFileSync(
      viewLog,
      line("/case-studies", "www.bing.com", "www.example.com", "-", "-", "-") +
        line("/case-studies", "-", "www.example.com", "newsletter", "email", "-") +
        // From the site itself (the Host it was asked for): internal, not an entry.
        line("/review-policy", "www.example.com", "www.example.com", "-", "-", "-") +
        line("/review-policy", "-", "www.example.com", "ads", "-", "x".repeat(300)) +
        // Not a public page, and not a line of the log's shape.
        line("/admin", "-", "www.example.com", "-", "-", "-") +
        "garbage\n",
    );
    const logged = async () => (await rows()).filter((row) => ["/case-studies", "/review-policy"].includes(row.page));
    const expected = [
      { page: "/case-studies", channel: "email", source: "newsletter", medium: "email", campaign: "", views: 1 },
      { page: "/case-studies", channel: "search", source: "Bing", medium: "", campaign: "", views: 1 },
      { page: "/review-policy", channel: "campaign", source: "ads", medium: "", campaign: "other", views: 1 },
      { page: "/review-policy", channel: "internal", source: "", medium: "", campaign: "", views: 1 },
    ];
    await until(logged, expected);
    // Past the next read of the log: a line counted twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await logged()).toEqual(expected);
    expect((await rows()).filter((row) => row.page === "/admin")).toEqual([]);
  });

  it("keeps no address, browser name or cookie value in any table or log line", async () => {
    await Promise.all([a.stop(), b.stop()]);
    const tables = await database.db.introspection.getTables();
    for (const table of tables) {
      const all = await database.db
        .selectFrom(table.name as "visit_counts")
        .selectAll()
        .execute();
      const text = JSON.stringify(all);
      for (const mark of [visitor, "UAMARK", "COOKIEMARK", "Googlebot"])
        expect(text, `${table.name}`).not.toContain(mark);
    }
    expect(a.output() + b.output()).toContain('"path":"/testimonials"');
    for (const output of [a.output(), b.output()]) {
      for (const mark of [visitor, "UAMARK", "COOKIEMARK", "newsletter"]) expect(output).not.toContain(mark);
    }
  });
});

describe("with VISIT_COUNTS=off", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let viewLog = "";

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    viewLog = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-views-off-")), "views.log");
    writeFileSync(viewLog, "");
    server = await startServerProcess({
      DATABASE_URL: database.url,
      VISIT_COUNTS: "off",
      VISIT_FLUSH_MS: "100",
      VIEW_LOG: viewLog,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("counts nothing: not its pages, not the order form's steps, not the views nginx logs", async () => {
    const headers = { "User-Agent": browser, Referer: "https://www.google.com/search?q=cushion" };
    const page = await fetch(new URL("/about", server.url), { headers });
    expect(page.status).toBe(200);
    appendFileSync(viewLog, `${Date.now() / 1000}\t/about\twww.google.com\twww.example.com\t-\t-\t-\n`);
    const beacon = await fetch(new URL("/api/form-steps", server.url), {
      method: "POST",
      headers: { ...headers, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "form=order&step=2",
    });
    expect(beacon.status).toBe(204);
    // Longer than a read of the log (each second) and a write of the counts.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await database.db.selectFrom("visit_counts").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("form_counts").selectAll().execute()).toEqual([]);
  });
});
