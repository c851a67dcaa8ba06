import { expect, expectNoAxeViolations, test } from "./fixtures";
import { testStaff } from "../support/seed";
import { e2eDatabase, e2eRows, seedMessage, seedReviews, signInAsAdmin, signInAsStaff } from "./seed";

test.describe("signing in", () => {
  // A refused sign-in answers 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("staff pages send strangers to the sign-in page, which signs them in and back", async ({ page }) => {
    await page.goto("/admin/testimonials");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Ftestimonials/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    const robots = await page.locator('meta[name="robots"]').getAttribute("content");
    expect(robots).toBe("noindex, nofollow");

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Username is required").first()).toBeVisible();
    await expect(page.getByText("Password is required").first()).toBeVisible();
    await expectNoAxeViolations(page, "login errors");

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login failed").first()).toBeVisible();
    await expect(page.getByText("Invalid username or password").first()).toBeVisible();

    await page.getByLabel("Password").fill("e2e-moderator-password-long");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Welcome back, admin!").first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/testimonials");
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});

test("admin pages are never cached and never indexed", async ({ request }) => {
  const response = await request.get("/admin/login");
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
});

test("the admin API answers 401 without a session, and cross-origin sign-in is refused", async ({ request }) => {
  const foreign = await request.post("/api/auth/login", {
    headers: { Origin: "https://evil.example" },
    data: { username: "admin", password: "e2e-moderator-password-long" },
  });
  expect(foreign.status()).toBe(403);
  const csv = await request.get("/admin/messages/export.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
});

test("the inbox lists, opens, marks handled, exports and deletes a message", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  const email = `inbox-${Date.now()}@example.com`;
  seedMessage({ name: "Cara =Formula", email, topic: "repair", message: "My cover has a tear; can it be replaced?" });

  await page.goto("/admin/messages?topic=repair&status=new");
  const link = page.getByRole("link", { name: /Cara =Formula — Request a Repair/ });
  await expect(link).toBeVisible();
  // Just arrived: due after one business day, said in words with the office's clock.
  await expect(page.getByRole("listitem").filter({ has: link })).toContainText(
    /Due · by (Mon|Tue|Wed|Thu|Fri), \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) E[SD]T/,
  );
  await expect(page.getByText("Stored only (inbox)").first()).toBeVisible();
  await expectNoAxeViolations(page, "inbox");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\r\n")[0]).toBe(
    '"Received","Name","Email","Phone","Topic","Message","How did you hear about us?","Consent given","Status","Handled"',
  );
  expect(text).toContain(`"Cara =Formula"`);
  expect(text).toContain(`"${email}"`);

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Request a Repair from Cara =Formula" })).toBeVisible();
  await expect(page.getByText("My cover has a tear")).toBeVisible();
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as handled." })).toBeVisible();
  await expectNoAxeViolations(page, "message");

  await page.getByText("Delete…").click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole("link", { name: /Cara =Formula/ })).toHaveCount(0);
});

test("a message still waiting two business days after it arrived is shown as late, in words", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "");
  const name = `Lior Waits ${Date.now()}`;
  seedMessage({
    name,
    email: `late-${Date.now()}@example.com`,
    topic: "accessibility",
    receivedAt: new Date(Date.now() - 10 * 86_400_000),
  });
  await page.goto("/admin/messages?topic=accessibility&status=new");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(name) }) });
  await expect(item).toContainText(/Late · was due \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) E[SD]T/);
  await expectNoAxeViolations(page, "inbox with a late message");

  // The admin opens on today's work, where it is under Overdue, and the tab counts what is overdue.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/queue$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today's work" })).toBeVisible();
  const overdue = page.getByRole("region", { name: /^Overdue/ });
  await expect(overdue.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Today/ })).toContainText(
    /\d+ overdue/,
  );
  await expectNoAxeViolations(page, "today's work");
  // By keyboard: the lead's link opens the message, where the owner takes it on.
  await overdue.getByRole("link", { name: new RegExp(name) }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(name) })).toBeVisible();
  await page.getByRole("button", { name: "Assign to me" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: `${testStaff.owner.username} handles it now.` }),
  ).toBeVisible();
  await expect(page.getByLabel("Handled by")).toHaveValue(/[0-9a-f-]{36}/);
  await expectNoAxeViolations(page, "message with who handles it");

  // Today's work, only the owner's own: the message is there, with their name.
  await page.goto("/admin/queue");
  await page.getByLabel("Handled by").selectOption("me");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/queue\?who=me&due=$/);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(name) }) });
  await expect(row).toContainText(`handled by ${testStaff.owner.username}`);
  await page.getByLabel("Handled by").selectOption("nobody");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);

  // Only what is overdue, anyone's: the late message, and no other section.
  await page.getByLabel("Handled by").selectOption("");
  await page.getByLabel("Due", { exact: true }).selectOption("overdue");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/queue\?who=&due=overdue$/);
  await expect(
    page.getByRole("region", { name: /^Overdue/ }).getByRole("link", { name: new RegExp(name) }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: /^(Due today|Coming up)/ })).toHaveCount(0);
});

test("a CSV cell that looks like a formula is exported as text", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL ?? "", "owner", { fresh: true });
  const email = `formula-${Date.now()}@example.com`;
  seedMessage({ name: '=HYPERLINK("http://evil.example")', email });
  const response = await page.request.get("/admin/messages/export.csv");
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await response.text();
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
});

test("a session cookie replayed after sign-out gets 401 from the admin API", async ({ playwright, baseURL }) => {
  const client = await playwright.request.newContext({ baseURL });
  const login = await client.post("/api/auth/login", {
    data: { username: "admin", password: "e2e-moderator-password-long" },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toEqual({ user: { username: "admin" } });
  const setCookie = login.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  const cookie = setCookie.split(";")[0] ?? "";
  expect((await client.post("/api/admin/testimonials", { data: {} })).status()).toBe(200);
  await client.post("/admin/logout", { maxRedirects: 0 });
  const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  expect((await replay.post("/api/admin/testimonials", { data: {} })).status()).toBe(401);
  await client.dispose();
  await replay.dispose();
});

test.describe("admin errors", () => {
  // The document itself answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("an admin page that cannot load says so inside the staff frame, with a way back", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsStaff(context, baseURL ?? "");
    for (const [path, list] of [
      ["/admin/orders/0b9f3c4e-7d1a-4c55-9e2b-1f0a5d6c7e8f", "order requests"],
      ["/admin/messages/0b9f3c4e-7d1a-4c55-9e2b-1f0a5d6c7e8f", "messages"],
      ["/admin/orders/not-an-id", "order requests"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
      await expectNoAxeViolations(page, path);
      await page.getByRole("link", { name: `Back to ${list}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${list === "messages" ? "messages" : "orders"}$`));
    }
  });
});

test.describe("a moderation that fails", () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test("says Approval Failed on the page, not an error page, and changes nothing", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = `approvefail${Date.now()}`;
    const [id] = seedReviews([{ name: `Ola ${marker}`, quote: `${marker} waiting`, published: false }]);
    // The database refuses this one review's change, as a failing disk or a lost connection would.
    const db = e2eDatabase();
    db.exec(
      `create trigger refuse_${marker} before update on testimonials when old.id = '${id}' begin select raise(abort, 'disk I/O error'); end`,
    );
    try {
      await signInAsAdmin(context, baseURL ?? "");
      await page.goto(`/admin/testimonials?q=${marker}`);
      const review = page.getByRole("article", { name: new RegExp(`Ola ${marker}`) });
      await review.getByRole("button", { name: /^Approve/ }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: "Approval Failed. Failed to approve the testimonial. Please try again." }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
      await expect(review).toBeVisible();
      expect(db.prepare("select approved from testimonials where id = ?").get(id)).toEqual({ approved: 0 });
    } finally {
      db.exec(`drop trigger if exists refuse_${marker}`);
      db.close();
    }
  });
});

test.describe("deliveries to staff that keep failing", () => {
  // Each retries every failing delivery of messages, the other's too: one after the other.
  test.describe.configure({ mode: "serial" });
  for (const javaScriptEnabled of [true, false]) {
    test(`say so in the inbox with their last error, and are all retried at once (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      const page = await context.newPage();
      await signInAsStaff(context, baseURL ?? "");
      const stamp = `${Date.now()}${javaScriptEnabled ? "js" : "nojs"}`;
      const given = seedMessage({ name: `Given Up ${stamp}`, email: `given-${stamp}@example.com` });
      const retrying = seedMessage({ name: `Still Trying ${stamp}`, email: `trying-${stamp}@example.com` });
      const db = e2eDatabase();
      try {
        db.prepare(
          "update outbox set channel = 'email', status = 'failed', attempts = 8, last_error = '550 mailbox unavailable' where ref_id = ?",
        ).run(given);
        db.prepare(
          "update outbox set channel = 'email', status = 'pending', attempts = 3, last_error = 'connect ECONNREFUSED 10.0.0.5:587', next_attempt_at = '2999-01-01T00:00:00.000Z' where ref_id = ?",
        ).run(retrying);
      } finally {
        db.close();
      }

      await page.goto("/admin/messages");
      const item = (name: string) => page.getByRole("listitem").filter({ hasText: name });
      await expect(item(`Given Up ${stamp}`)).toContainText("Delivery failed (email)");
      await expect(item(`Given Up ${stamp}`)).toContainText("Last error: 550 mailbox unavailable");
      await expect(item(`Still Trying ${stamp}`)).toContainText("Failing, retrying (email)");
      await expect(item(`Still Trying ${stamp}`)).toContainText("Last error: connect ECONNREFUSED 10.0.0.5:587");
      await expect(page.getByText(/\d+ deliveries to staff are failing\./)).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page, "inbox with failing deliveries");

      await page.getByRole("button", { name: "Retry all failed deliveries" }).click();
      await expect(page.getByRole("status").filter({ hasText: /\d+ failing deliveries queued again\./ })).toBeVisible();
      // Due again at once, attempts counted from nothing (the worker here has no mail server, so it may have tried once).
      const rows = e2eRows("select attempts, next_attempt_at from outbox where ref_id in (?, ?)", given, retrying);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.attempts as number).toBeLessThanOrEqual(1);
        expect((row.next_attempt_at as string) < "2999").toBe(true);
      }
      expect(
        e2eRows("select detail from audit_log where action = 'retry-deliveries' and target_type = 'contact_message'"),
      ).not.toHaveLength(0);
      await context.close();
    });
  }
});
