import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "#db/client.server";
import { readMail, startSmtp } from "../support/mail";
import { type SeededSession, signInAsTestStaff } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * An owner invites a person by email (docs/staff.md): a server process with a real SMTP server on
 * loopback, the invitation made through the accounts page as a browser posts it, the email read as
 * the person's mail server received it, and its link opened. The link is shown to the owner
 * whether or not the mail went, and the audit log says which.
 */

describe("an invitation emailed to the person, and a link to choose a new password", () => {
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: string;
  let handle: DatabaseHandle;
  let owner: SeededSession;

  beforeAll(async () => {
    smtp = await startSmtp();
    database = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-invite-")), "site.sqlite");
    server = await startServerProcess({
      DATABASE_URL: database,
      ADMIN_PASSWORD: "invite-test-moderator-password",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: "site@aquila.example",
    });
    owner = await signInAsTestStaff(database, "owner");
    handle = createDatabase(database);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close().catch(() => {});
    await handle?.close();
  });

  function invite(form: Record<string, string>) {
    return fetch(new URL("/admin/accounts", server.url), {
      method: "POST",
      headers: {
        Cookie: owner.header,
        Origin: new URL(server.url).origin,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html",
      },
      body: new URLSearchParams({ intent: "invite", ...form }).toString(),
      redirect: "manual",
    });
  }

  const auditOf = (action: string) =>
    handle.db
      .selectFrom("audit_log")
      .select(["username", "detail"])
      .where("action", "=", action)
      .orderBy("at", "desc")
      .execute();

  it("sends the one-time link to the address given, shows it to the owner too, and the link opens the invitation", async () => {
    const answer = await invite({ username: "sam.okafor", role: "leads", email: " sam.okafor@example.org " });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain("The link was emailed to sam.okafor@example.org");
    const shown = /\/admin\/invite\/([\w-]{43})/.exec(page)?.[0];
    expect(shown).toBeDefined();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["sam.okafor@example.org"]);
    const { headers, text } = readMail(mail?.raw ?? "");
    expect(headers).toMatch(/^Subject: Your Aquila staff account$/m);
    expect(text).toContain("test.owner has made you a staff account");
    expect(text).toContain("as Leads, with the username sam.okafor");
    expect(text).toContain("second factor");
    const link = /https?:\/\/\S+\/admin\/invite\/[\w-]{43}/.exec(text)?.[0] ?? "";
    expect(new URL(link).pathname).toBe(shown);
    const opened = await fetch(new URL(new URL(link).pathname, server.url));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("sam.okafor");

    expect(await auditOf("invitation-emailed")).toEqual([
      { username: "test.owner", detail: "sam.okafor's link to sam.okafor@example.org." },
    ]);
  }, 60_000);

  it("refuses an address that is not one with a field message, and makes no invitation", async () => {
    const answer = await invite({ username: "not.made", role: "moderator", email: "sam at example" });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Please enter a valid email address");
    const rows = await handle.db
      .selectFrom("invitations")
      .select("id_hash")
      .where("username", "=", "not.made")
      .execute();
    expect(rows).toEqual([]);
  }, 30_000);

  it("still makes the invitation and shows its link when the mail server is down, and says it was not emailed", async () => {
    await smtp.close();
    const answer = await invite({ username: "ana.ruiz", role: "owner", email: "ana.ruiz@example.org" });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain("It could not be emailed to ana.ruiz@example.org: the mail server did not take it.");
    const link = /\/admin\/invite\/[\w-]{43}/.exec(page)?.[0] ?? "";
    expect((await fetch(new URL(link, server.url))).status).toBe(200);
    expect(await auditOf("invitation-email-failed")).toEqual([
      { username: "test.owner", detail: "ana.ruiz's link to ana.ruiz@example.org: the mail server did not take it." },
    ]);
  }, 60_000);

  // Last: it changes the owner's password and ends the session the tests above use.
  it("lets a person who forgot their password choose a new one from the command line's one-time link, and still asks their code", async () => {
    const printed = spawnSync(process.execPath, ["scripts/admin.mjs", "password", "test.owner"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_URL: database, NEW_PASSWORD: "", SITE_URL: server.url },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(printed.status).toBe(0);
    const link = new URL(/\S+\/admin\/invite\/[\w-]{43}/.exec(printed.stdout)?.[0] ?? "").pathname;
    const page = await fetch(new URL(link, server.url));
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("A new password");
    expect(text).toContain("Set my new password");

    const chosen = "juniper-kestrel-harbour-41";
    const set = await fetch(new URL(link, server.url), {
      method: "POST",
      headers: { Origin: new URL(server.url).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: chosen, confirm: chosen }).toString(),
      redirect: "manual",
    });
    expect(set.status).toBe(303);
    // The new password alone is not enough for an owner: the second step comes next.
    expect(set.headers.get("location")).toBe("/admin/verify");
    const oldSession = await fetch(new URL("/admin/accounts", server.url), {
      headers: { Cookie: owner.header },
      redirect: "manual",
    });
    expect(oldSession.headers.get("location")).toMatch(/^\/admin\/login/);
    const again = await fetch(new URL(link, server.url), {
      method: "POST",
      headers: { Origin: new URL(server.url).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: chosen, confirm: chosen }).toString(),
      redirect: "manual",
    });
    expect(again.status).toBe(410);
    expect(await auditOf("password-link")).toEqual([
      { username: "(command line)", detail: "test.owner; valid 24 hours." },
    ]);
    expect(await auditOf("password-changed")).toEqual([
      { username: "test.owner", detail: "With a one-time link from (command line); every session ended." },
    ]);
  }, 90_000);
});
