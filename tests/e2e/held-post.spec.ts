import { generateTOTP } from "@epic-web/totp";
import { hashToken } from "~/features/auth/tokens.server";
import { testStaff, testTotpSecret } from "../support/seed";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase, e2eRows, signInAsStaff } from "./seed";

test.use({ viewport: { width: 1280, height: 1000 } });

/** Runs a statement on the e2e server's database, as something outside the browser would (another tab signing out). */
function run(sql: string, ...params: unknown[]) {
  const db = e2eDatabase();
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

test("an editor whose session ends mid-edit signs in again and finds what they typed in the form, not saved", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A session of its own: it is ended below, and other tests use the kept one.
  await signInAsStaff(context, baseURL ?? "", "editor", { fresh: true });
  await page.goto("/admin/content/company");
  const typed = `Comfort that waits for you ${Date.now()}`;
  await page.getByLabel("Tagline").fill(typed);

  // Signed out elsewhere while typing ("Sign out everywhere", or the 30 minutes running out).
  const session = (await context.cookies()).find((cookie) => cookie.name === "aquila_session");
  run(
    "update sessions set revoked_at = ? where id_hash = ?",
    new Date().toISOString(),
    hashToken(session?.value ?? ""),
  );

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcontent%2Fcompany$/);
  await expect(page.getByRole("status").filter({ hasText: "It is kept" })).toContainText(
    "what you sent was not saved. It is kept",
  );
  await expectNoAxeViolations(page, "sign-in, with a form held");

  const { username, password } = testStaff.editor;
  run("update accounts set totp_last_step = null where username = ?", username);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/verify\?redirectTo=%2Fadmin%2Fcontent%2Fcompany$/);
  await page
    .getByLabel(/Code from your authenticator app, or a recovery code/)
    .fill((await generateTOTP({ secret: testTotpSecret, period: 30 })).otp);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/admin\/content\/company$/);
  const notice = page.getByRole("status").filter({ hasText: "Your changes from before you were signed out" });
  await expect(notice).toHaveText(
    "Your changes from before you were signed out are below, not saved yet. Save or publish them.",
  );
  await expect(notice).toBeFocused();
  await expect(page.getByLabel("Tagline")).toHaveValue(typed);
  await expectNoAxeViolations(page, "content item, with the held form");
  // Shown once, and not saved: the held post and its cookie are gone, and no draft was made.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("aquila_held");
  expect(e2eRows("select path from held_posts where path = ?", "/admin/content/company")).toEqual([]);
  expect(e2eRows("select key from content_drafts where key = ?", "company")).toEqual([]);
});
