import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { createAccount } from "~/features/auth/account-creation.server";
import type { SpamReason } from "~/lib/forms";
import { setLogLevel } from "~/lib/logger.server";
import { countSpam, holdAsSpam, listSpam } from "~/lib/spam.server";
import { useTestDatabase } from "~/lib/test-database";
import { spamRestorers } from "~/spam-restorers.server";
import { spamKindsFor } from "~/features/spam/access";
import { actOnSpam } from "~/features/spam/moderation.server";
import { testHashParams } from "../tests/support/hash-params";

setLogLevel("silent");

const honeypot: SpamReason = { code: "honeypot", detail: "A hidden field was filled in." };

describe("held submissions by role", () => {
  it("gives a moderator reviews only, leads messages and orders, an owner all three, an editor none", () => {
    expect(spamKindsFor("moderator")).toEqual(["review"]);
    expect(spamKindsFor("leads")).toEqual(["message", "order"]);
    expect(spamKindsFor("owner")).toEqual(["review", "message", "order"]);
    expect(spamKindsFor("editor")).toEqual([]);
  });
});

describe.each(testDialects)("the spam list by role on %s", (dialect) => {
  useTestDatabase(dialect);

  it("lists and counts only a role's kinds, and answers another kind's item as not there, leaving it held", async () => {
    const held = {
      review: await holdAsSpam("review", { name: "Held review" }, [honeypot], 1000),
      message: await holdAsSpam("message", { name: "Held message" }, [honeypot], 1000),
    };
    const moderator = {
      accountId: await createAccount(`mod-${dialect}`, "moss-harbour-cedar-84", "moderator", {
        hashParams: testHashParams,
      }),
      username: "mod",
    };
    const kinds = spamKindsFor("moderator");
    expect((await listSpam(200, kinds)).map((item) => item.id)).toEqual([held.review]);
    expect(await countSpam(kinds)).toBe(1);
    expect(await countSpam(spamKindsFor("leads"))).toBe(1);
    expect(await listSpam(200, [])).toEqual([]);

    const refused = await actOnSpam(moderator, { intent: "delete", id: held.message }, spamRestorers, kinds);
    expect(refused).toMatchObject({ ok: false, status: 404 });
    expect((await listSpam()).map((item) => item.id).sort()).toEqual([held.review, held.message].sort());
    const deleted = await actOnSpam(moderator, { intent: "delete", id: held.review }, spamRestorers, kinds);
    expect(deleted).toMatchObject({ ok: true, kind: "review" });
  });

  it("shows an editor nothing held and lets them release or delete nothing, leaving every item held", async () => {
    const held = [
      await holdAsSpam("review", { name: "Held review" }, [honeypot], 1000),
      await holdAsSpam("message", { name: "Held message" }, [honeypot], 1000),
      await holdAsSpam("order", { name: "Held order" }, [honeypot], 1000),
    ];
    const editor = {
      accountId: await createAccount(`editor-${dialect}`, "moss-harbour-cedar-84", "editor", {
        hashParams: testHashParams,
      }),
      username: "editor",
    };
    const before = (await listSpam()).map((item) => item.id);
    expect(before).toEqual(expect.arrayContaining(held));
    const kinds = spamKindsFor("editor");
    expect(await listSpam(200, kinds)).toEqual([]);
    expect(await countSpam(kinds)).toBe(0);
    for (const id of held)
      for (const intent of ["release", "delete"])
        expect(await actOnSpam(editor, { intent, id }, spamRestorers, kinds), `${intent} ${id}`).toMatchObject({
          ok: false,
          status: 404,
        });
    expect((await listSpam()).map((item) => item.id)).toEqual(before);
  });
});
