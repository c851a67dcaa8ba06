import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { db } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { MAX_BODY_BYTES, MAX_CONTENT_BODY_BYTES } from "~/lib/request.server";
import { useTestDatabase } from "~/lib/test-database";
import {
  heldPostLifetimeMs,
  heldPostsPerAddress,
  holdPost,
  holdRequestPost,
  maxHeldPosts,
  purgeHeldPosts,
  takeHeldPost,
  takeRequestHeldPost,
} from "./held-posts.server";
import { hashToken } from "./tokens.server";

setLogLevel("silent");

const path = "/admin/content/company";
const editor = { accountId: "editor-1", role: "editor" } as const;
const body = new URLSearchParams({
  edition: "1.0",
  intent: "save",
  tagline: "Typed before the session ended",
}).toString();

let addresses = 0;
/** A documentation address no other test has used, so each starts with its own rate limit. */
const freshAddress = () => `203.0.113.${++addresses}`;

function formPost(target: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost${target}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

const pageRequest = (cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
const pair = (setCookie: string | undefined) => setCookie?.split(";")[0] ?? "";

describe.each(testDialects)("posts held while their person signs in again, on %s", (dialect) => {
  useTestDatabase(dialect);

  it("keeps a post under the hash of its id, and gives it back once, for its page and a role that does that work", async () => {
    const outcome = await holdPost({ path, body, accountId: null, address: freshAddress() });
    if (!outcome.held) throw new Error(`not held: ${outcome.reason}`);
    const rows = await db().selectFrom("held_posts").selectAll().where("path", "=", path).execute();
    expect(rows.map((row) => row.id_hash)).toEqual([hashToken(outcome.token)]);
    expect(JSON.stringify(rows)).not.toContain(outcome.token);

    // Another page, or a role whose work is not content, finds nothing, and the post stays held.
    expect((await takeHeldPost([outcome.token], "/admin/content/faq", editor, "content")).body).toBeUndefined();
    const moderator = { accountId: "mod-1", role: "moderator" } as const;
    expect(await takeHeldPost([outcome.token], path, moderator, "content")).toEqual({
      body: undefined,
      kept: [outcome.token],
    });

    expect(await takeHeldPost([outcome.token], path, editor, "content")).toEqual({ body, kept: [] });
    expect(await takeHeldPost([outcome.token], path, editor, "content")).toEqual({ body: undefined, kept: [] });
    expect(await db().selectFrom("held_posts").selectAll().where("path", "=", path).execute()).toEqual([]);
  });

  it("gives a post whose ended session named its person back to that person only", async () => {
    const outcome = await holdPost({ path, body, accountId: "editor-2", address: freshAddress() });
    if (!outcome.held) throw new Error(`not held: ${outcome.reason}`);
    const owner = { accountId: "owner-1", role: "owner" } as const;
    expect((await takeHeldPost([outcome.token], path, owner, "content")).body).toBeUndefined();
    expect((await takeHeldPost([outcome.token], path, { ...editor, accountId: "editor-2" }, "content")).body).toBe(
      body,
    );
  });

  it("refuses a body larger than the server accepts, and holds one of exactly that size", async () => {
    const prefix = "edition=1.0&intent=save&tagline=";
    const fits = prefix + "a".repeat(MAX_BODY_BYTES - prefix.length);
    const address = freshAddress();
    expect(await holdPost({ path, body: fits + "a", accountId: null, address })).toEqual({
      held: false,
      reason: "too-large",
    });
    const held = await holdPost({ path, body: fits, accountId: null, address });
    expect(held.held).toBe(true);
    if (held.held)
      expect((await takeHeldPost([held.token], path, editor, "content")).body).toHaveLength(MAX_BODY_BYTES);
  });

  it("holds a content item's whole form up to its page's limit only for the person whose session ended", async () => {
    const prefix = "edition=1.0&intent=save&answer=";
    const large = prefix + "a".repeat(MAX_BODY_BYTES * 4);
    expect(await holdPost({ path, body: large, accountId: null, address: freshAddress() })).toEqual({
      held: false,
      reason: "too-large",
    });
    const held = await holdPost({ path, body: large, accountId: editor.accountId, address: freshAddress() });
    expect(held.held).toBe(true);
    if (held.held) expect((await takeHeldPost([held.token], path, editor, "content")).body).toBe(large);
    const over = prefix + "a".repeat(MAX_CONTENT_BODY_BYTES);
    expect(await holdPost({ path, body: over, accountId: editor.accountId, address: freshAddress() })).toEqual({
      held: false,
      reason: "too-large",
    });
  });

  it("holds only so many posts an hour from one address, however many it sends", async () => {
    const address = freshAddress();
    const outcomes = [];
    for (let i = 0; i < heldPostsPerAddress.limit + 5; i++)
      outcomes.push(await holdPost({ path: `/admin/content/junk-${i}`, body, accountId: null, address }));
    expect(outcomes.filter((outcome) => outcome.held)).toHaveLength(heldPostsPerAddress.limit);
    expect(outcomes.slice(heldPostsPerAddress.limit)).toEqual(Array(5).fill({ held: false, reason: "rate-limited" }));
    expect(
      await db().selectFrom("held_posts").select("id_hash").where("path", "like", "/admin/content/junk-%").execute(),
    ).toHaveLength(heldPostsPerAddress.limit);
    // Another address is not held back by this one.
    expect((await holdPost({ path, body, accountId: null, address: freshAddress() })).held).toBe(true);
  });

  it("forgets a post after its hours: never given back, and purged by the next hold or the daily purge", async () => {
    const start = Date.parse("2026-12-01T09:00:00Z");
    const old = await holdPost({ path: "/admin/content/faq", body, accountId: null, address: freshAddress() }, start);
    if (!old.held) throw new Error("not held");
    const later = start + heldPostLifetimeMs + 1_000;
    expect(await takeHeldPost([old.token], "/admin/content/faq", editor, "content", later)).toEqual({
      body: undefined,
      kept: [],
    });
    const oldRow = () => db().selectFrom("held_posts").select("id_hash").where("id_hash", "=", hashToken(old.token));
    expect(await oldRow().execute()).toHaveLength(1);
    await holdPost({ path, body, accountId: null, address: freshAddress() }, later);
    expect(await oldRow().execute()).toEqual([]);

    const second = await holdPost({ path, body, accountId: null, address: freshAddress() }, start);
    if (!second.held) throw new Error("not held");
    await purgeHeldPosts(later);
    expect(
      await db().selectFrom("held_posts").select("id_hash").where("id_hash", "=", hashToken(second.token)).execute(),
    ).toEqual([]);
  });

  it("holds no more than its cap at once, from however many addresses", async () => {
    await db().deleteFrom("held_posts").execute();
    // All but one held already (as from as many addresses, each within its limit), in one insert:
    // a thousand holds one by one would take seconds for the same rows.
    const now = new Date().toISOString();
    await db()
      .insertInto("held_posts")
      .values(
        Array.from({ length: maxHeldPosts - 1 }, (_, i) => ({
          id_hash: hashToken(`filler-${i}`),
          path,
          body: "a=1",
          account_id: null,
          created_at: now,
        })),
      )
      .execute();
    expect((await holdPost({ path, body: "a=1", accountId: null, address: freshAddress() })).held).toBe(true);
    expect(await holdPost({ path, body: "a=1", accountId: null, address: freshAddress() })).toEqual({
      held: false,
      reason: "full",
    });
    const { count } = await db()
      .selectFrom("held_posts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(maxHeldPosts);
    await db().deleteFrom("held_posts").execute();
  });

  it("answers a form post with an HttpOnly, SameSite=Strict cookie, and the page takes it back and clears it", async () => {
    const fields = { edition: "3.1", intent: "publish", tagline: "Kept across a sign-in" };
    const cookie = await holdRequestPost(formPost(path, fields), { path, accountId: null, address: freshAddress() });
    expect(cookie).toMatch(/^aquila_held=[\w-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain(`Max-Age=${heldPostLifetimeMs / 1000}`);

    const taken = await takeRequestHeldPost(pageRequest(pair(cookie)), path, editor, "content");
    expect(Object.fromEntries(taken.form ?? [])).toEqual(fields);
    expect(taken.cookie).toMatch(/^aquila_held=; Max-Age=0; /);
    const again = await takeRequestHeldPost(pageRequest(pair(cookie)), path, editor, "content");
    expect(again.form).toBeUndefined();
  });

  it("keeps a post from each of a browser's tabs, each given back on its own page", async () => {
    const address = freshAddress();
    const first = await holdRequestPost(formPost(path, { edition: "1.0", tagline: "first tab" }), {
      path,
      accountId: null,
      address,
    });
    const faq = "/admin/content/faq";
    const both = await holdRequestPost(formPost(faq, { edition: "1.0", title: "second tab" }, pair(first)), {
      path: faq,
      accountId: null,
      address,
    });
    expect(pair(both).split("=")[1]?.split(".")).toHaveLength(2);

    const company = await takeRequestHeldPost(pageRequest(pair(both)), path, editor, "content");
    expect(company.form?.get("tagline")).toBe("first tab");
    // The other tab's post is still held, and the cookie now carries only its id.
    expect(pair(company.cookie).split("=")[1]?.split(".")).toHaveLength(1);
    const other = await takeRequestHeldPost(pageRequest(pair(company.cookie)), faq, editor, "content");
    expect(other.form?.get("title")).toBe("second tab");
    expect(other.cookie).toMatch(/^aquila_held=; Max-Age=0; /);
  });

  it("holds nothing for a body that is not a form", async () => {
    const json = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tagline: "not a form" }),
    });
    expect(await holdRequestPost(json, { path, accountId: null, address: freshAddress() })).toBeUndefined();
  });
});
