import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "#db/client.server";
import { testDialects } from "#db/test-databases";
import { staffRoutes } from "~/route-manifest";
import { abilities, type Role } from "~/lib/staff";
import {
  seedMessage,
  seedOrder,
  type SeededSession,
  signInAsAdmin,
  signInAsTestStaff,
  testStaff,
  testTotpSecret,
} from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * Staff roles and the second factor as the outside world meets them (decision 024): a server
 * process on each database, its accounts signed in through the real sign-in, every staff route
 * asked by every role, and what each refusal and each sensitive action leaves in the audit log,
 * read back from the database.
 */

const adminPassword = "roles-test-moderator-password";
/** The code the tests' phone shows now, computed by the library, not by the site's own code. */
const appCode = async (secret = testTotpSecret) => (await generateTOTP({ secret, period: 30 })).otp;

type Who = "owner" | "leads" | "moderator" | "editor" | "admin";
const roleOf: Record<Who, Role> = {
  owner: "owner",
  leads: "leads",
  moderator: "moderator",
  editor: "editor",
  admin: "moderator",
};
const everyone = Object.keys(roleOf) as Who[];

describe.each(testDialects)("staff roles and second factors on %s", (dialect) => {
  let server: ServerProcess;
  let database: string;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  const sessions = {} as Record<Who, SeededSession>;
  let orderId = "";
  let messageId = "";

  beforeAll(async () => {
    if (dialect === "sqlite") {
      database = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-roles-")), "site.sqlite");
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL ?? "";
      const name = `aquila_roles_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      database = url.toString();
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    }
    server = await startServerProcess({ DATABASE_URL: database, ADMIN_PASSWORD: adminPassword });
    sessions.admin = await signInAsAdmin(database, adminPassword);
    sessions.owner = await signInAsTestStaff(database, "owner");
    sessions.leads = await signInAsTestStaff(database, "leads");
    sessions.moderator = await signInAsTestStaff(database, "moderator");
    sessions.editor = await signInAsTestStaff(database, "editor");
    orderId = (await seedOrder(database, { firstName: "Rosa", lastName: "Diaz", email: "rosa@example.org" })).id;
    messageId = await seedMessage(database, { name: "Kim Park", email: "kim@example.org" });
    handle = createDatabase(database);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await dropDatabase();
  });

  async function call(target: string, { method = "GET", cookie = "", form, json }: CallOptions = {}) {
    const headers: Record<string, string> = { Accept: "text/html" };
    if (cookie) headers.Cookie = cookie;
    if (method !== "GET") headers.Origin = new URL(server.url).origin;
    let body: string | undefined;
    if (form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    } else if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      headers.Accept = "application/json";
      body = JSON.stringify(json);
    }
    return fetch(new URL(target, server.url), { method, headers, body, redirect: "manual" });
  }

  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.includes("session="))
      ?.split(";")[0] ?? "";

  /** A staff route asked as a browser or the API would ask it. */
  function request(route: (typeof staffRoutes)[number]): { method: string; target: string; json?: unknown } {
    const target = route.path
      .replace("/orders/:id", `/orders/${orderId}`)
      .replace("/messages/:id", `/messages/${messageId}`)
      .replace(":id", randomUUID());
    if (route.path === "/api/admin/testimonials") return { method: "POST", target, json: {} };
    if (route.path.endsWith("/approve")) return { method: "PATCH", target, json: {} };
    if (route.path === "/api/admin/testimonials/:id") return { method: "DELETE", target, json: {} };
    return { method: "GET", target };
  }

  it("answers every staff route by role, as the table in docs/staff.md says: 403 for a role without it", async () => {
    const table: string[] = [];
    for (const route of staffRoutes) {
      for (const who of everyone) {
        const { method, target, json } = request(route);
        const response = await call(target, { method, cookie: sessions[who].header, json });
        const allowed = (abilities[route.access] as readonly Role[]).includes(roleOf[who]);
        const location = response.headers.get("location") ?? "";
        table.push(`${route.path} ${who} ${response.status}`);
        if (allowed) {
          expect(response.status, `${method} ${target} as ${who}`).not.toBe(403);
          expect(response.status, `${method} ${target} as ${who}`).toBeLessThan(500);
          expect(location, `${method} ${target} as ${who}`).not.toMatch(/\/admin\/(login|verify|enrol|confirm)/);
        } else {
          expect(response.status, `${method} ${target} as ${who}`).toBe(403);
        }
      }
    }
    // Every row was asked of every role.
    expect(table).toHaveLength(staffRoutes.length * everyone.length);
  });

  it("refuses an editor every leads, reviews and owner route, exports and the admin API included", async () => {
    const refused = staffRoutes.filter((route) => !["staff", "content"].includes(route.access));
    expect(refused.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/admin/orders/:id",
        "/admin/messages/export.csv",
        "/admin/orders/export.csv",
        "/admin/visits/export.csv",
        "/admin/data-requests/export.json",
        "/api/admin/testimonials",
        "/admin/testimonials",
        "/admin/accounts",
        "/admin/audit",
      ]),
    );
    for (const route of refused) {
      const { method, target, json } = request(route);
      const response = await call(target, { method, cookie: sessions.editor.header, json });
      expect(response.status, `${method} ${target}`).toBe(403);
      // A refusal says so and nothing more: no row of the list it guards.
      const body = await response.text();
      expect(body, target).not.toContain("Rosa");
      expect(body, target).not.toContain("kim@example.org");
    }
    // Moderating through the API by id is refused too, and leaves the review as it was.
    const approve = await call(`/api/admin/testimonials/${randomUUID()}/approve`, {
      method: "PATCH",
      cookie: sessions.editor.header,
      json: {},
    });
    expect(approve.status).toBe(403);
  });

  it("opens the admin on the site's content for an editor, and on each other role's own work", async () => {
    const start = async (who: Who) => (await call("/admin", { cookie: sessions[who].header })).headers.get("location");
    expect(await start("editor")).toBe("/admin/content");
    expect(await start("owner")).toBe("/admin/queue");
    expect(await start("leads")).toBe("/admin/queue");
    expect(await start("moderator")).toBe("/admin/testimonials");
  });

  it("shows an editor a spam page without a single held submission on it, while leads see the one held", async () => {
    // A program's message, as it arrives: the hidden field filled in, so it is held as spam.
    const sent = await call("/api/contact", {
      method: "POST",
      json: {
        name: "Held Sender",
        email: "held.sender@example.org",
        phone: "",
        topic: "general",
        message: "Please tell me more about the cushion sizes.",
        consent: true,
        honeypot: "https://spam.example",
      },
    });
    expect(sent.status).toBeLessThan(300);
    const leads = await (await call("/admin/spam", { cookie: sessions.leads.header })).text();
    expect(leads).toContain("held.sender@example.org");

    const response = await call("/admin/spam", { cookie: sessions.editor.header });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("your role includes none of them");
    expect(html).not.toContain("held.sender@example.org");
    expect(html).not.toContain("Not spam");
    // Nor can an editor act on it: the item is answered as not there, and stays held for leads.
    const id = /name="id" value="([\w-]+)"/.exec(leads)?.[1] ?? "";
    expect(id).not.toBe("");
    const acted = await call("/admin/spam", {
      method: "POST",
      cookie: sessions.editor.header,
      form: { intent: "release", id },
    });
    expect(acted.status).toBe(404);
    expect(await (await call("/admin/spam", { cookie: sessions.leads.header })).text()).toContain(
      "held.sender@example.org",
    );
  });

  it("shows a role only the tabs it may open", async () => {
    const tabs = async (who: Who) => {
      const html = await (await call("/admin/spam", { cookie: sessions[who].header })).text();
      const nav = /<nav aria-label="Admin">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
      return [...nav.matchAll(/href="(\/admin\/[a-z-]+)"/g)].map((m) => m[1]);
    };
    expect(await tabs("moderator")).toEqual(["/admin/testimonials", "/admin/spam"]);
    expect(await tabs("editor")).toEqual(["/admin/content", "/admin/files", "/admin/launch"]);
    expect(await tabs("admin")).toEqual(["/admin/testimonials", "/admin/spam"]);
    expect(await tabs("leads")).toEqual([
      "/admin/queue",
      "/admin/orders",
      "/admin/messages",
      "/admin/replies",
      "/admin/visits",
      "/admin/spam",
    ]);
    expect(await tabs("owner")).toEqual([
      "/admin/queue",
      "/admin/testimonials",
      "/admin/orders",
      "/admin/messages",
      "/admin/replies",
      "/admin/visits",
      "/admin/content",
      "/admin/files",
      "/admin/launch",
      "/admin/spam",
      "/admin/data-requests",
      "/admin/accounts",
      "/admin/audit",
    ]);
  });

  it("gives a leads account's password alone nothing but the second step, which then opens the admin", async () => {
    const { username, password } = testStaff.leads;
    await handle.db.updateTable("accounts").set({ totp_last_step: null }).where("username", "=", username).execute();
    const signIn = await call("/admin/login", {
      method: "POST",
      form: { username, password, redirectTo: "/admin/orders" },
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/admin/verify?redirectTo=%2Fadmin%2Forders");
    const pending = cookieOf(signIn);
    for (const target of [
      "/admin/orders",
      `/admin/orders/${orderId}`,
      "/admin/messages/export.csv",
      "/admin/account",
    ]) {
      const response = await call(target, { cookie: pending });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toMatch(/^\/admin\/verify\?redirectTo=/);
    }
    const api = await call("/api/admin/testimonials", { method: "POST", cookie: pending, json: {} });
    expect(api.status).toBe(401);

    const wrong = await call("/admin/verify", { method: "POST", cookie: pending, form: { code: "000000" } });
    expect(wrong.status).toBe(400);
    const code = await appCode();
    const verified = await call("/admin/verify", {
      method: "POST",
      cookie: pending,
      form: { code, redirectTo: "/admin/orders" },
    });
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe("/admin/orders");
    const signedIn = cookieOf(verified);
    expect(signedIn).not.toBe(pending);
    expect((await call("/admin/orders", { cookie: signedIn })).status).toBe(200);
    // The half-signed-in session was replaced, not upgraded in place.
    expect((await call("/admin/verify", { cookie: pending })).headers.get("location")).toMatch(/^\/admin\/login/);

    // The same code again, on a new sign-in, is refused: each code works once.
    const again = cookieOf(
      await call("/admin/login", { method: "POST", form: { username, password, redirectTo: "/admin" } }),
    );
    expect((await call("/admin/verify", { method: "POST", cookie: again, form: { code } })).status).toBe(400);

    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("username", "=", username)
      .orderBy("at")
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "sign-in", detail: "Password; second step next." },
        { action: "second-factor-failed", detail: expect.stringContaining("not right") },
        { action: "second-factor", detail: "Signed in with authenticator." },
      ]),
    );
  }, 60_000);

  it("an editor signs in with a second factor: the password alone asks for the code, and an invited editor must set one up", async () => {
    const { username, password } = testStaff.editor;
    const signIn = await call("/admin/login", {
      method: "POST",
      form: { username, password, redirectTo: "/admin/spam" },
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/admin/verify?redirectTo=%2Fadmin%2Fspam");
    const pending = cookieOf(signIn);
    for (const target of ["/admin", "/admin/spam", "/admin/account"]) {
      const response = await call(target, { cookie: pending });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toMatch(/^\/admin\/verify\?redirectTo=/);
    }
    const api = await call("/api/auth/login", { method: "POST", json: { username, password } });
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: string }).error).toMatch(/second factor/);
    expect(api.headers.getSetCookie()).toEqual([]);

    // A new editor, invited by an owner: after choosing a password, nothing but setting up a factor.
    const invited = await call("/admin/accounts", {
      method: "POST",
      cookie: sessions.owner.header,
      form: { intent: "invite", username: "casey.editor", role: "editor" },
    });
    expect(invited.status).toBe(200);
    const page = await invited.text();
    expect(page).toContain("Invitation made for casey.editor (Editor).");
    const link = /\/admin\/invite\/([\w-]{43})/.exec(page)?.[0] ?? "";
    const chosen = "lantern-orchard-pebble-35";
    const accepted = await call(link, { method: "POST", form: { password: chosen, confirm: chosen } });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/admin/enrol");
    const unenrolled = cookieOf(accepted);
    for (const target of ["/admin", "/admin/spam", "/admin/account"])
      expect((await call(target, { cookie: unenrolled })).headers.get("location"), target).toMatch(
        /^\/admin\/enrol\?redirectTo=/,
      );
    const again = await call("/admin/login", {
      method: "POST",
      form: { username: "casey.editor", password: chosen, redirectTo: "/admin" },
    });
    expect(again.headers.get("location")).toBe("/admin/enrol?redirectTo=%2Fadmin");
    const json = await call("/api/auth/login", {
      method: "POST",
      json: { username: "casey.editor", password: chosen },
    });
    expect(json.status).toBe(401);
    const account = await handle.db
      .selectFrom("accounts")
      .select(["role"])
      .where("username", "=", "casey.editor")
      .executeTakeFirst();
    expect(account).toEqual({ role: "editor" });
  }, 60_000);

  it("the JSON sign-in takes an owner's code, and says a second factor is needed without it", async () => {
    const { username, password } = testStaff.owner;
    await handle.db.updateTable("accounts").set({ totp_last_step: null }).where("username", "=", username).execute();
    const without = await call("/api/auth/login", { method: "POST", json: { username, password } });
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: string }).error).toMatch(/second factor/);
    expect(without.headers.getSetCookie()).toEqual([]);
    const withCode = await call("/api/auth/login", {
      method: "POST",
      json: { username, password, code: await appCode() },
    });
    expect(withCode.status).toBe(200);
    expect(await withCode.json()).toEqual({ user: { username } });
  }, 60_000);

  it("writes who opened an order request's health details and who exported, with how many rows", async () => {
    const owner = sessions.owner.header;
    expect((await call(`/admin/orders/${orderId}`, { cookie: owner })).status).toBe(200);
    const csv = await call("/admin/orders/export.csv", { cookie: owner });
    expect(csv.status).toBe(200);
    const rows = await handle.db
      .selectFrom("audit_log")
      .select(["username", "action", "target_type", "target_id", "detail"])
      .where("username", "=", testStaff.owner.username)
      .where("action", "in", ["viewed", "exported"])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          username: "test.owner",
          action: "viewed",
          target_type: "order_request",
          target_id: orderId,
          detail: "Health details shown.",
        },
        {
          username: "test.owner",
          action: "exported",
          target_type: "order_requests",
          target_id: null,
          detail: "1 rows as CSV.",
        },
      ]),
    );
  });

  it("asks for the second factor again before an export once five minutes have passed since it was proved", async () => {
    const session = await signInAsTestStaff(database, "leads");
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
    await handle.db
      .updateTable("sessions")
      .set({ confirmed_at: sixMinutesAgo })
      .where("account_id", "=", session.staff.accountId)
      .execute();
    const asked = await call("/admin/messages/export.csv?status=new", { cookie: session.header });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/admin/confirm?redirectTo=%2Fadmin%2Fmessages");
    await handle.db
      .updateTable("accounts")
      .set({ totp_last_step: null })
      .where("id", "=", session.staff.accountId)
      .execute();
    const confirmed = await call("/admin/confirm", {
      method: "POST",
      cookie: session.header,
      form: { code: await appCode(), redirectTo: "/admin/messages" },
    });
    expect(confirmed.status).toBe(303);
    // Confirming gives the session a new id: the cookie from before it no longer opens anything.
    const renewed = cookieOf(confirmed);
    expect(renewed).toMatch(/session=[\w-]{43}$/);
    expect(renewed).not.toBe(session.header);
    expect((await call("/admin/messages/export.csv", { cookie: renewed })).status).toBe(200);
    const old = await call("/admin/messages/export.csv", { cookie: session.header });
    expect(old.headers.get("location")).toMatch(/^\/admin\/login/);
  }, 60_000);

  it("ends a person's own other sessions only after they have proved who they are in the last five minutes", async () => {
    const here = await signInAsTestStaff(database, "leads");
    const elsewhere = await signInAsTestStaff(database, "leads");
    await handle.db
      .updateTable("sessions")
      .set({ confirmed_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where("account_id", "=", here.staff.accountId)
      .execute();
    const asked = await call("/admin/account", { method: "POST", cookie: here.header, form: { intent: "end-others" } });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/admin/confirm?redirectTo=%2Fadmin%2Faccount");
    expect((await call("/admin/orders", { cookie: elsewhere.header })).status).toBe(200);
  }, 60_000);

  it("keeps the daily list's address for those who work on leads: a moderator's post is refused and stores nothing", async () => {
    const moderator = await signInAsTestStaff(database, "moderator");
    const refused = await call("/admin/account", {
      method: "POST",
      cookie: moderator.header,
      form: { intent: "daily-email", email: "mod@example.org" },
    });
    expect(refused.status).toBe(403);
    const leads = await signInAsTestStaff(database, "leads");
    const saved = await call("/admin/account", {
      method: "POST",
      cookie: leads.header,
      form: { intent: "daily-email", email: "leads@example.org" },
    });
    expect(saved.status).toBe(200);
    const emails = await handle.db
      .selectFrom("accounts")
      .select(["id", "email"])
      .where("id", "in", [moderator.staff.accountId, leads.staff.accountId])
      .execute();
    expect(Object.fromEntries(emails.map((row) => [row.id, row.email]))).toEqual({
      [moderator.staff.accountId]: null,
      [leads.staff.accountId]: "leads@example.org",
    });
  }, 60_000);

  it("disabling an account ends its sessions at once and its password no longer signs in, with the same answer as a wrong one", async () => {
    const victim = await signInAsTestStaff(database, "moderator");
    expect((await call("/admin/testimonials", { cookie: victim.header })).status).toBe(200);
    const disabled = await call("/admin/accounts", {
      method: "POST",
      cookie: sessions.owner.header,
      form: { intent: "disable", id: victim.staff.accountId },
    });
    expect(disabled.status).toBe(200);
    expect((await call("/admin/testimonials", { cookie: victim.header })).headers.get("location")).toMatch(
      /^\/admin\/login/,
    );
    const { username, password } = testStaff.moderator;
    const refused = await call("/api/auth/login", { method: "POST", json: { username, password } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Invalid username or password" });
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["username", "action", "detail"])
      .where("action", "=", "account-disabled")
      .execute();
    expect(audit).toEqual([
      {
        username: "test.owner",
        action: "account-disabled",
        detail: expect.stringMatching(/^test\.moderator; \d+ session\(s\) ended\.$/),
      },
    ]);
    await call("/admin/accounts", {
      method: "POST",
      cookie: sessions.owner.header,
      form: { intent: "enable", id: victim.staff.accountId },
    });
  }, 60_000);

  it("an invitation makes a named account once, refusing a common password, and the new owner must set up a second factor", async () => {
    const invited = await call("/admin/accounts", {
      method: "POST",
      cookie: sessions.owner.header,
      form: { intent: "invite", username: "jordan.lee", role: "leads" },
    });
    expect(invited.status).toBe(200);
    const link = /\/admin\/invite\/([\w-]{43})/.exec(await invited.text())?.[0] ?? "";
    expect(link).not.toBe("");
    expect((await call(link)).status).toBe(200);
    const common = await call(link, { method: "POST", form: { password: "password1234", confirm: "password1234" } });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("common");
    const chosen = "tangerine-harbour-falcon-62";
    const accepted = await call(link, { method: "POST", form: { password: chosen, confirm: chosen } });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/admin/enrol");
    // Password only: nothing but setting up the second factor.
    const pending = cookieOf(accepted);
    expect((await call("/admin/messages", { cookie: pending })).headers.get("location")).toMatch(/^\/admin\/enrol/);
    expect((await call("/admin/enrol", { cookie: pending })).status).toBe(200);
    const reused = await call(link, { method: "POST", form: { password: chosen, confirm: chosen } });
    expect(reused.status).toBe(410);

    // Setting up the app, as the person's phone would: the codes are shown on the same session id,
    // and leaving their page renews it, so the id signed in with the password alone ends there.
    const { totp_pending_secret: secret } = await handle.db
      .selectFrom("accounts")
      .select("totp_pending_secret")
      .where("username", "=", "jordan.lee")
      .executeTakeFirstOrThrow();
    const enrolled = await call("/admin/enrol", {
      method: "POST",
      cookie: pending,
      form: { code: await appCode(secret ?? "") },
    });
    expect(enrolled.status).toBe(200);
    expect(await enrolled.text()).toContain("Save your recovery codes");
    expect((await call("/admin/messages", { cookie: pending })).status).toBe(200);
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        call("/admin/enrol", {
          method: "POST",
          cookie: pending,
          form: { intent: "continue", redirectTo: "/admin/messages" },
        }),
      ),
    );
    // Sent twice at once, one continues under a new id and the other is asked to sign in: one id never becomes two.
    const locations = [first, second].map((r) => r?.headers.get("location") ?? "").sort();
    expect(locations).toEqual(["/admin/login?redirectTo=%2Fadmin%2Fmessages", "/admin/messages"]);
    const renewed = [first, second].map((r) => (r ? cookieOf(r) : "")).find((c) => c !== "") ?? "";
    expect(renewed).not.toBe(pending);
    expect((await call("/admin/messages", { cookie: renewed })).status).toBe(200);
    expect((await call("/admin/messages", { cookie: pending })).headers.get("location")).toMatch(/^\/admin\/login/);
    const account = await handle.db
      .selectFrom("accounts")
      .select(["role"])
      .where("username", "=", "jordan.lee")
      .executeTakeFirst();
    expect(account).toEqual({ role: "leads" });
  }, 60_000);

  it("answers a stranger's passkey calls only to sign in, and a moderator's request to add one only after confirming", async () => {
    const ask = (json: unknown, cookie = "") => call("/admin/passkey", { method: "POST", cookie, json });
    const signIn = await ask({ purpose: "sign-in", step: "options" });
    expect(signIn.status).toBe(200);
    const options = (await signIn.json()) as { challenge: string; rpId: string; userVerification: string };
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
    expect(options.userVerification).toBe("required");
    for (const purpose of ["register", "second-step", "confirm"])
      expect((await ask({ purpose, step: "options" })).status, purpose).toBe(401);
    // A made-up answer to a challenge never given out is refused, and signs no one in.
    const forged = await ask({
      purpose: "sign-in",
      step: "finish",
      response: {
        id: "x",
        rawId: "x",
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "", signature: "" },
      },
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.getSetCookie()).toEqual([]);
    // Adding a passkey is an account change: five minutes after signing in, confirm first.
    const moderator = await signInAsAdmin(database, adminPassword);
    await handle.db
      .updateTable("sessions")
      .set({ confirmed_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where("account_id", "=", moderator.staff.accountId)
      .execute();
    const stale = await ask({ purpose: "register", step: "options", redirectTo: "/admin/account" }, moderator.header);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ confirm: "/admin/confirm?redirectTo=%2Fadmin%2Faccount" });
  });

  it("keeps the shared password of docs/requirements.md §5.3 for reviews only: admin moderates through the API and is refused messages", async () => {
    const login = await call("/api/admin/login", { method: "POST", json: { password: adminPassword } });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    expect((await call("/api/admin/testimonials", { method: "POST", cookie, json: {} })).status).toBe(200);
    expect((await call("/admin/messages", { cookie })).status).toBe(403);
    expect((await call(`/admin/orders/${orderId}`, { cookie })).status).toBe(403);
    expect((await call("/admin/orders/export.csv", { cookie })).status).toBe(403);
  });
});

interface CallOptions {
  method?: string;
  cookie?: string;
  form?: Record<string, string>;
  json?: unknown;
}
