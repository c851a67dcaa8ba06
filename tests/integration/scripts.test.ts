import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "#db/sqlite-driver.mjs";
import { describe, expect, it } from "vitest";
import { createDatabase } from "#db/client.server";
import { verifyPassword } from "../../app/features/auth/password.server";
import { requires } from "../support/requires";
import { requireBuild } from "./server-process";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs a script without blocking this process (a writer in another process keeps going meanwhile). */
function runAsync(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeout: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function until(check: () => boolean, timeoutMs: number, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("operator scripts", () => {
  it("the test command's browser check passes with a Chromium, and without one stops at once with the command to run", () => {
    expect(run("scripts/ensure-chromium.mjs", [], { CHROMIUM_PATH: process.execPath })).toMatchObject({
      status: 0,
      stdout: "",
      stderr: "",
    });
    const missing = run("scripts/ensure-chromium.mjs", [], { CHROMIUM_PATH: "/nowhere/chromium" });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No Chromium at CHROMIUM_PATH=/nowhere/chromium");
    expect(missing.stderr).toContain("sudo apt-get update && sudo apt-get install -y chromium");
  });

  it("content:check lists each placeholder from the database, with where it is edited", async () => {
    requireBuild();
    const { credit } = await import("../../app/content/site");
    const { manualsContent } = await import("../../app/content/manuals");
    const url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-content-")), "c.sqlite");
    const result = run("scripts/content-check.mjs", [], { DATABASE_URL: url });
    expect(result.status).toBe(0);
    // An item editors change is named with its page in the admin; the rest with its module.
    expect(result.stdout).toContain(`credit (admin: /admin/content/credit)\n  ${credit.todo}`);
    expect(result.stdout).toContain("coverage.billingCode (admin: /admin/content/coverage)");
    const guides = manualsContent.guides;
    const placeholders = guides.filter((manual) => manual.placeholder);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const manual of placeholders)
      expect(result.stdout).toContain(
        `manualsContent.guides[${guides.indexOf(manual)}] (admin: /admin/content/manuals)\n  ${manual.todo}`,
      );

    // What is published is what is listed: the credit filled in and published is off the list.
    const database = createDatabase(url);
    try {
      const filled = JSON.stringify({ label: "Website by Example Studio", href: "https://studio.example" });
      const at = new Date().toISOString();
      await database.db
        .insertInto("content_items")
        .values({ key: "credit", version: 2, body: filled, published_by: "owner", published_at: at })
        .execute();
    } finally {
      await database.close();
    }
    const after = run("scripts/content-check.mjs", [], { DATABASE_URL: url });
    expect(after.status).toBe(0);
    expect(after.stdout).not.toContain("/admin/content/credit");
    expect(after.stdout).toContain("coverage.billingCode (admin: /admin/content/coverage)");
  });

  it("content:check lists each claim whose wording no owner has reviewed, with where visitors read it", async () => {
    requireBuild();
    const { claimsForReview } = await import("../../app/content/claims");
    const { hero } = await import("../../app/content/home");
    const url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-claims-")), "c.sqlite");
    const result = run("scripts/content-check.mjs", [], { DATABASE_URL: url });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`- "${hero.headline}" (home page headline)`);
    const claims = claimsForReview();
    expect(claims.length).toBeGreaterThan(20);
    for (const claim of claims) expect(result.stdout).toContain(`- "${claim.text}" (${claim.where})`);
    expect(result.stdout).toContain(`${claims.length} claims to review.`);

    // A review of the wording the site states takes it off; a review of another wording does not.
    const database = createDatabase(url);
    try {
      const at = new Date().toISOString();
      await database.db
        .insertInto("claim_reviews")
        .values([
          {
            id: "r1",
            claim: "home page headline",
            wording: hero.headline,
            note: "Checked",
            reviewed_by: "owner",
            reviewed_at: at,
          },
          {
            id: "r2",
            claim: "home page button",
            wording: "An older button",
            note: "Checked",
            reviewed_by: "owner",
            reviewed_at: at,
          },
        ])
        .execute();
    } finally {
      await database.close();
    }
    const after = run("scripts/content-check.mjs", [], { DATABASE_URL: url });
    expect(after.stdout).not.toContain(`- "${hero.headline}" (home page headline)`);
    expect(after.stdout).toContain(`- "${hero.primaryAction}" (home page button)`);
    expect(after.stdout).toContain(`${claims.length - 1} claims to review.`);
  });

  it("the Lighthouse benchmark takes its pages from the route manifest", async () => {
    const { siteRoutes } = await import("../../app/route-manifest");
    const script =
      'const { readSiteRoutes } = await import("./scripts/bench/common.mjs"); console.log(JSON.stringify(await readSiteRoutes()));';
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(siteRoutes.map((route) => route.path));
  });

  // wrk is the throughput benchmark's load generator (installed by .ci/run, like nginx).
  it.runIf(requires("the throughput benchmark's count of answers", "wrk"))(
    "the throughput benchmark counts answers with the wrong status, and a 404 it expects as answered",
    () => {
      // bare-node.mjs answers /page and nothing else (404); load() runs wrk against it.
      const script = `
      const { spawn } = await import("node:child_process");
      const { mkdtempSync, writeFileSync } = await import("node:fs");
      const os = await import("node:os");
      const path = await import("node:path");
      const { freePort } = await import("./scripts/bench/common.mjs");
      const { load } = await import("./scripts/bench/throughput/wrk.mjs");
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-wrk-test-")), "answers.json");
      writeFileSync(file, JSON.stringify({ "/page": { headers: ["Content-Type", "text/plain"], body: Buffer.from("hello").toString("base64") } }));
      const port = await freePort();
      const server = spawn(process.execPath, ["scripts/bench/bare-node.mjs", file, String(port)], { stdio: "inherit" });
      const url = "http://127.0.0.1:" + port;
      for (let i = 0; ; i++) {
        try { await fetch(url + "/page"); break; } catch (error) { if (i > 50) throw error; await new Promise((r) => setTimeout(r, 100)); }
      }
      const options = { connections: 2, duration: 1, warmup: 0, wrk: "wrk", pin: { pinned: false } };
      const results = {
        found: await load("found", options, { url: url + "/page" }),
        missing: await load("missing", options, { url: url + "/missing" }),
        missingExpected: await load("missing, 404 expected", options, { url: url + "/missing", status: 404 }),
        foundExpected404: await load("found, 404 expected", options, { url: url + "/page", status: 404 }),
      };
      server.kill();
      console.log(JSON.stringify(results));`;
      const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(0);
      const results = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as Record<
        string,
        { requests: number; non2xx: number; errors: number }
      >;
      for (const r of Object.values(results)) {
        expect(r.requests).toBeGreaterThan(0);
        expect(r.errors).toBe(0);
      }
      expect(results.found!.non2xx).toBe(0);
      expect(results.missing!.non2xx).toBe(results.missing!.requests);
      expect(results.missingExpected!.non2xx).toBe(0);
      expect(results.foundExpected404!.non2xx).toBe(results.foundExpected404!.requests);
    },
  );

  it("db:migrate applies the migrations once, then reports the database up to date", () => {
    requireBuild();
    const url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-migrate-")), "m.sqlite");
    const first = run("scripts/db-migrate.mjs", [], { DATABASE_URL: url });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /applied: 0001_testimonials, 0002_contact_outbox_rate_limits, 0003_accounts_sessions_audit, 0004_rating_summary_index/,
    );
    const second = run("scripts/db-migrate.mjs", [], { DATABASE_URL: url });
    expect(second.stdout).toContain("database is up to date");
  });

  // Six runs of the script, each a Node process loading the server bundle and, for a password,
  // hashing it at 2^17: over 20 s on a loaded two-core machine.
  it("admin:create adds an account and admin:password sets a given one, or prints a one-time link for the person to choose it", async () => {
    requireBuild();
    const url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-admin-")), "a.sqlite");
    const created = run("scripts/admin.mjs", ["create", "nurse.joy", "--role", "leads"], {
      DATABASE_URL: url,
      NEW_PASSWORD: "a long chosen password",
    });
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("Created nurse.joy (leads).");
    expect(created.stdout).not.toContain("a long chosen password");

    const reset = run("scripts/admin.mjs", ["password", "nurse.joy"], {
      DATABASE_URL: url,
      NEW_PASSWORD: "another long chosen password",
    });
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain("Password changed for nurse.joy");

    // Without NEW_PASSWORD no password is made up: the person gets a link and chooses their own.
    const linked = run("scripts/admin.mjs", ["password", "nurse.joy"], {
      DATABASE_URL: url,
      NEW_PASSWORD: "",
      SITE_URL: "https://staff.example.org",
    });
    expect(linked.status).toBe(0);
    expect(linked.stdout).toMatch(/https:\/\/staff\.example\.org\/admin\/invite\/[\w-]{43}/);
    expect(linked.stdout).not.toMatch(/Password \(shown once\)/);
    expect(run("scripts/admin.mjs", ["password", "no.one"], { DATABASE_URL: url, NEW_PASSWORD: "" }).status).toBe(2);

    const handle = createDatabase(url);
    const account = await handle.db
      .selectFrom("accounts")
      .selectAll()
      .where("username", "=", "nurse.joy")
      .executeTakeFirstOrThrow();
    const links = await handle.db.selectFrom("invitations").selectAll().where("username", "=", "nurse.joy").execute();
    await handle.close();
    expect(await verifyPassword("another long chosen password", account.password_hash)).toBe(true);
    expect(links).toMatchObject([{ account_id: account.id, role: "leads", used_at: null }]);

    expect(account.role).toBe("leads");

    const short = run("scripts/admin.mjs", ["create", "x", "--role", "owner"], {
      DATABASE_URL: url,
      NEW_PASSWORD: "short",
    });
    expect(short.status).toBe(2);
    const noRole = run("scripts/admin.mjs", ["create", "x"], { DATABASE_URL: url, NEW_PASSWORD: "" });
    expect(noRole.status).toBe(2);
  }, 60_000);

  it("admin:create without a password prints a one-time invitation link that makes the account", async () => {
    requireBuild();
    const url = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-invite-")), "a.sqlite");
    const invited = run("scripts/admin.mjs", ["create", "sam.rivera", "--role", "owner"], {
      DATABASE_URL: url,
      NEW_PASSWORD: "",
      SITE_URL: "https://staff.example.org",
    });
    expect(invited.status).toBe(0);
    const link = invited.stdout.match(/https:\/\/staff\.example\.org\/admin\/invite\/([\w-]{43})/);
    expect(link).not.toBeNull();
    const handle = createDatabase(url);
    const rows = await handle.db.selectFrom("invitations").selectAll().execute();
    const audit = await handle.db.selectFrom("audit_log").selectAll().where("action", "=", "invited").execute();
    await handle.close();
    expect(rows).toMatchObject([{ username: "sam.rivera", role: "owner", used_at: null }]);
    // Only the token's hash is stored; the link is what the person gets.
    expect(rows[0]?.id_hash).not.toContain(link?.[1]);
    expect(audit).toMatchObject([{ username: "(command line)", detail: "sam.rivera as Owner." }]);
  });
});

describe("SQLite backup and restore", () => {
  it("backs up a live database and a server started on the copy serves the same reviews", async () => {
    requireBuild();
    const { startServerProcess } = await import("./server-process");
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-backup-"));
    const live = path.join(dir, "live.sqlite");
    const server = await startServerProcess({ DATABASE_URL: live });
    try {
      const sent = await fetch(new URL("/api/testimonials", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Wes", email: "wes@example.com", rating: 8, quote: "Backed up review", tags: [] }),
      });
      expect(sent.status).toBe(201);
      // While the server still runs and holds the database open.
      const backup = run("scripts/db-backup.mjs", [path.join(dir, "backup.sqlite")], { DATABASE_URL: live });
      expect(backup.status).toBe(0);
      expect(backup.stdout).toContain("integrity check ok");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const restored = await startServerProcess({ DATABASE_URL: path.join(dir, "backup.sqlite") });
    try {
      const handle = createDatabase(path.join(dir, "backup.sqlite"));
      const rows = await handle.db.selectFrom("testimonials").select(["name", "quote", "approved"]).execute();
      await handle.close();
      expect(rows).toEqual([{ name: "Wes", quote: "Backed up review", approved: 0 }]);
      expect((await fetch(new URL("/readyz", restored.url))).status).toBe(200);
    } finally {
      restored.child.kill("SIGTERM");
      await restored.exited;
    }
  });

  /** An 80 MB database in WAL mode, and a second process committing a row to it 20 times a second. */
  function busyDatabase() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-backup-busy-"));
    const file = path.join(dir, "live.sqlite");
    const fill = new Database(file);
    fill.pragma("journal_mode = WAL");
    fill.exec("create table filler (id integer primary key, body blob); create table writes (at text)");
    const insert = fill.prepare("insert into filler (body) values (randomblob(4000))");
    fill.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run();
    })();
    fill.close();
    const writer = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { default: SQLite } = await import("./db/sqlite-driver.mjs");
         const db = new SQLite(process.argv[1]);
         db.pragma("busy_timeout = 5000");
         const write = db.prepare("insert into writes values (?)");
         setInterval(() => { write.run(new Date().toISOString()); process.stdout.write("."); }, 50);`,
        file,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    let commits = 0;
    writer.stdout.on("data", (chunk: Buffer) => (commits += chunk.length));
    return { dir, file, writer, commits: () => commits };
  }

  it("finishes while another process commits 20 times a second, and the copy is checked and complete", async () => {
    const busy = busyDatabase();
    try {
      await until(() => busy.commits() >= 5, 10_000);
      const before = busy.commits();
      const target = path.join(busy.dir, "backup.sqlite");
      const started = Date.now();
      const backup = await runAsync("scripts/db-backup.mjs", [target], { DATABASE_URL: busy.file }, 60_000);
      const took = Date.now() - started;
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain("integrity check ok");
      // The site kept writing throughout: the writer committed during the copy.
      expect(busy.commits()).toBeGreaterThan(before);
      expect(took).toBeLessThan(20_000);
      const copy = new Database(target, { readonly: true });
      expect(copy.prepare("select count(*) as n from filler").get()).toEqual({ n: 20_000 });
      copy.close();
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect(readdirSync(busy.dir).filter((name) => name.includes("partial"))).toEqual([]);
    } finally {
      busy.writer.kill("SIGKILL");
    }
  }, 90_000);

  it("a backup killed halfway leaves nothing under the destination's name, and the next run clears what it left", async () => {
    const busy = busyDatabase();
    try {
      const target = path.join(busy.dir, "backup.sqlite");
      const child = spawn(process.execPath, [path.join(root, "scripts/db-backup.mjs"), target], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: busy.file },
        stdio: "ignore",
      });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Killed as soon as its copy has started to grow.
      await until(() => readdirSync(busy.dir).some((name) => name.startsWith(".backup.sqlite.partial-")), 20_000, 2);
      child.kill("SIGKILL");
      await exited;
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(busy.dir).filter((name) => /\.partial-\d+$/.test(name))).toHaveLength(1);

      const again = await runAsync("scripts/db-backup.mjs", [target], { DATABASE_URL: busy.file }, 60_000);
      expect(again.code).toBe(0);
      expect(existsSync(target)).toBe(true);
      expect(readdirSync(busy.dir).filter((name) => name.includes("partial"))).toEqual([]);
    } finally {
      busy.writer.kill("SIGKILL");
    }
  }, 90_000);

  it("screenshots writes a full-page PNG per page, width and theme, into the folder asked for", () => {
    requireBuild();
    const out = mkdtempSync(path.join(os.tmpdir(), "aquila-shots-"));
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "scripts/screenshots.mjs"),
        "--routes",
        "/,/product",
        "--widths",
        "320",
        "--themes",
        "light,dark",
        "--reviews",
        "0",
        "--out",
        out,
      ],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(["home-320-dark.png", "home-320-light.png", "product-320-dark.png", "product-320-light.png"]);
    for (const file of files) {
      const png = readFileSync(path.join(out, file));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      // Full page: taller than the 812 px window, and exactly 320 px wide.
      expect(png.readUInt32BE(16)).toBe(320);
      expect(png.readUInt32BE(20)).toBeGreaterThan(812);
    }
  }, 150_000);
});
