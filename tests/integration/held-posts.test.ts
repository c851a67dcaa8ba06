import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { initialContent } from "../../app/content/live";
import "../../app/content/items";
import { heldNotice } from "../../app/features/content/edit.server";
import { hashToken } from "../../app/features/auth/tokens.server";
import { heldPostsPerAddress } from "../../app/features/auth/held-posts.server";
import { contentFormData } from "../support/content-form";
import { type SeededSession, signInAsTestStaff, testStaff, testTotpSecret } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * An editor's session ends mid-edit (30 minutes idle, 12 hours, or signed out elsewhere) and they
 * press Publish: nothing they typed is lost. The built server holds the post, sends them to sign
 * in, and after the sign-in and its second step the item's page shows the form filled with what
 * they typed, not saved, under a notice. A stranger posting to the same page without a session
 * cannot fill the table that holds such posts.
 */

const item = "/admin/content/company";
const typed = "Comfort kept across a sign-in";
/** The code the editor's phone shows now, computed by the library, not by the site's own code. */
const appCode = async () => (await generateTOTP({ secret: testTotpSecret, period: 30 })).otp;

describe.each(testDialects)("a session that ends mid-edit, on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let editor: SeededSession;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Behind a trusted proxy, as deployed, so the editor and a stranger are told apart by address.
    server = await startServerProcess({ DATABASE_URL: database.url, TRUST_PROXY: "loopback" });
    editor = await signInAsTestStaff(database.url, "editor");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const editorAddress = "203.0.113.40";

  function call(
    target: string,
    { cookie = "", form, from = editorAddress }: { cookie?: string; form?: URLSearchParams; from?: string } = {},
  ) {
    const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": from };
    if (cookie) headers.Cookie = cookie;
    if (form) {
      headers.Origin = new URL(server.url).origin;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    return fetch(new URL(target, server.url), {
      method: form ? "POST" : "GET",
      headers,
      body: form?.toString(),
      redirect: "manual",
    });
  }

  /** The `name=value` of a Set-Cookie for `name` in an answer, or undefined. */
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(";")[0];

  /** The company item's form as the browser posts it, with the tagline typed. */
  function itemForm(edition: string, intent: string) {
    const form = new URLSearchParams();
    for (const [name, value] of contentFormData({ ...(initialContent("company") as object), tagline: typed }))
      form.append(name, String(value));
    form.set("edition", edition);
    form.set("intent", intent);
    return form;
  }

  const editionIn = (html: string) => /name="edition" value="([\d.]+)"/.exec(html)?.[1];
  const heldRows = () => database.db.selectFrom("held_posts").selectAll().execute();

  it("holds what the editor sent, and after signing in again shows it in the form, not saved, once", async () => {
    const page = await call(item, { cookie: editor.header });
    expect(page.status).toBe(200);
    const edition = editionIn(await page.text());
    expect(edition).toBeDefined();

    // The session ends while the editor types.
    await database.db.deleteFrom("sessions").where("id_hash", "=", hashToken(editor.value)).execute();

    const sent = await call(item, { cookie: editor.header, form: itemForm(edition!, "publish") });
    expect(sent.status).toBe(303);
    const signIn = sent.headers.get("location");
    expect(signIn).toBe(`/admin/login?redirectTo=${encodeURIComponent(item)}`);
    const heldSetCookie = sent.headers.getSetCookie().find((cookie) => cookie.startsWith("aquila_held="));
    expect(heldSetCookie).toMatch(/^aquila_held=[\w-]{43}; /);
    expect(heldSetCookie).toContain("HttpOnly");
    expect(heldSetCookie).toContain("SameSite=Strict");
    const held = cookieOf(sent, "aquila_held")!;
    expect(await heldRows()).toEqual([expect.objectContaining({ path: item, account_id: null })]);
    // Nothing was published or saved.
    expect(await database.db.selectFrom("content_drafts").selectAll().execute()).toEqual([]);
    expect(
      await database.db.selectFrom("content_items").select("version").where("key", "=", "company").execute(),
    ).toEqual([{ version: 1 }]);

    // The sign-in page, as the browser follows to it, says what was sent is kept.
    const loginPage = await call(signIn!, { cookie: `${editor.header}; ${held}` });
    expect(loginPage.status).toBe(200);
    expect(await loginPage.text()).toContain("what you sent was not saved. It is kept");

    // The sign-in, and its second step with the code from the editor's app.
    const { username, password } = testStaff.editor;
    await database.db.updateTable("accounts").set({ totp_last_step: null }).where("username", "=", username).execute();
    const password1 = await call("/admin/login", {
      cookie: held,
      form: new URLSearchParams({ username, password, redirectTo: item }),
    });
    expect(password1.status).toBe(303);
    expect(password1.headers.get("location")).toBe(`/admin/verify?redirectTo=${encodeURIComponent(item)}`);
    const pending = cookieOf(password1, "aquila_session")!;
    const verified = await call("/admin/verify", {
      cookie: `${pending}; ${held}`,
      form: new URLSearchParams({ code: await appCode(), redirectTo: item }),
    });
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe(item);
    const session = cookieOf(verified, "aquila_session")!;

    const back = await call(item, { cookie: `${session}; ${held}` });
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain(typed);
    // A status that takes focus as the page arrives, JavaScript or not (the autofocus attribute).
    expect(html).toMatch(new RegExp(`role="status"[^>]*autofocus[^>]*>(<[^>]*>)*${heldNotice}`));
    // The edition it was posted with, so a change made in between is still met as a conflict.
    expect(editionIn(html)).toBe(edition);
    expect(back.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^aquila_held=; Max-Age=0; /));
    expect(await heldRows()).toEqual([]);
    // Shown, never saved by itself.
    expect(await database.db.selectFrom("content_drafts").selectAll().execute()).toEqual([]);

    // Once: the next visit shows what is stored.
    const again = await (await call(item, { cookie: `${session}; ${held}` })).text();
    expect(again).not.toContain(typed);
    expect(again).not.toContain(heldNotice);
  });

  it("keeps the edition a held form was posted with: a change saved by someone else in between is a conflict", async () => {
    const owner = await signInAsTestStaff(database.url, "owner");
    const first = await signInAsTestStaff(database.url, "editor");
    const edition = editionIn(await (await call(item, { cookie: first.header })).text())!;
    await database.db.deleteFrom("sessions").where("id_hash", "=", hashToken(first.value)).execute();
    const held = cookieOf(await call(item, { cookie: first.header, form: itemForm(edition, "save") }), "aquila_held");
    expect(held).toBeDefined();

    // Meanwhile the owner saves a draft of the same item.
    const ownerEdition = editionIn(await (await call(item, { cookie: owner.header, from: "203.0.113.41" })).text())!;
    const ownerForm = new URLSearchParams();
    for (const [name, value] of contentFormData({ ...(initialContent("company") as object), tagline: "The owner's" }))
      ownerForm.append(name, String(value));
    ownerForm.set("edition", ownerEdition);
    ownerForm.set("intent", "save");
    expect((await call(item, { cookie: owner.header, form: ownerForm, from: "203.0.113.41" })).status).toBe(200);

    const again = await signInAsTestStaff(database.url, "editor");
    const shown = await (await call(item, { cookie: `${again.header}; ${held}` })).text();
    expect(shown).toContain(typed);
    expect(editionIn(shown)).toBe(edition);
    const saved = await call(item, { cookie: again.header, form: itemForm(editionIn(shown)!, "save") });
    expect(saved.status).toBe(409);
    expect(await saved.text()).toContain("Someone else changed this item while you were editing");
    const draft = await database.db.selectFrom("content_drafts").select("body").where("key", "=", "company").execute();
    expect(draft.map((row) => (JSON.parse(row.body) as { tagline: string }).tagline)).toEqual(["The owner's"]);
  });

  it("lets a stranger without a session fill the table with no more than one address's limit", async () => {
    const before = (await heldRows()).length;
    const stranger = "198.51.100.77";
    const answers = [];
    for (let i = 0; i < heldPostsPerAddress.limit + 10; i++) {
      const junk = new URLSearchParams({
        edition: "1.0",
        intent: "publish",
        tagline: `junk ${i}`,
        x: "y".repeat(5_000),
      });
      answers.push(await call(`/admin/content/junk-${i}`, { form: junk, from: stranger }));
    }
    // Each is sent to sign in, as anyone without a session is; only the first few are held.
    for (const answer of answers) expect(answer.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(answers.filter((answer) => cookieOf(answer, "aquila_held"))).toHaveLength(heldPostsPerAddress.limit);
    expect((await heldRows()).length - before).toBe(heldPostsPerAddress.limit);
  });
});
