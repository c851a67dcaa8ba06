import { expect, test } from "../fixtures";
import { e2eDatabase, seedReviews, signInAsAdmin } from "../seed";

test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test("without JavaScript a review posts and the page shows the outcome inline", async ({ page }) => {
  await page.goto("/testimonials");
  const form = page.locator("#share form").last();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();

  const email = `nojs-review-${Date.now()}@example.com`;
  const again = page.locator("#share form").last();
  await again.getByLabel("Name").fill("Pat");
  await again.getByLabel("Email").fill(email);
  await again.locator("label", { has: page.getByRole("radio", { name: "9 out of 10" }) }).click();
  await again
    .getByLabel(/Who is writing this review/)
    .selectOption({ label: "A clinician, on behalf of the person who uses it" });
  // A mistake first: everything typed and chosen comes back.
  await again.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Missing Information")).toBeVisible();
  const third = page.locator("#share form").last();
  await expect(third.getByLabel("Email")).toHaveValue(email);
  await expect(third.getByLabel(/Who is writing this review/)).toHaveValue("clinician");
  await third.getByRole("textbox", { name: /Your review/ }).fill("Works without any fuss.");
  await third.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you! Your review will be published once approved.")).toBeVisible();
  const db = e2eDatabase();
  expect(db.prepare("select rating, approved, written_by from testimonials where email = ?").get(email)).toEqual({
    rating: 9,
    approved: 0,
    written_by: "clinician",
  });
  db.close();
});

test("without JavaScript a review is answered with a confirmation page, and reloading it sends nothing again", async ({
  page,
}) => {
  await page.goto("/testimonials");
  const email = `nojs-reload-${Date.now()}@example.com`;
  const form = page.locator("#share form").last();
  await form.getByLabel("Name").fill("Rene");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("textbox", { name: /Your review/ }).fill("Sent once, however often the page is reloaded.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  // Post/redirect/get: the confirmation is a page of its own, fetched with GET.
  await expect(page).toHaveURL(/\/testimonials\?sent=1$/);
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeFocused();
  await page.reload();
  await page.reload();
  // The notice is shown once; the page after it is the ordinary one.
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials & Reviews" })).toBeVisible();
  await expect(page.getByText("Testimonial Submitted")).toHaveCount(0);
  const db = e2eDatabase();
  expect(db.prepare("select count(*) as n from testimonials where email = ?").get(email)).toEqual({ n: 1 });
  db.close();
});

test("without JavaScript the filters are links", async ({ page }) => {
  await page.goto("/testimonials");
  await page.getByRole("link", { name: "Travel", exact: true }).click();
  await expect(page).toHaveURL(/tag=travel/);
  await expect(page.getByRole("link", { name: "Travel", exact: true })).toHaveAttribute("aria-current", "page");
});

test("without JavaScript the ledger is a table with its bars, and the policy page reads", async ({ page }) => {
  await page.goto("/testimonials");
  const table = page.getByRole("table", { name: "Published reviews by rating" });
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await expect(table.locator("svg rect").first()).toBeVisible();
  await expect(page.getByText(/ reviews? from confirmed customers\.$/)).toBeVisible();
  await page.getByRole("link", { name: "How we moderate reviews" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "How we moderate reviews" })).toBeVisible();
});

test("without JavaScript staff record a reason and post a reply, and the page shows both", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsAdmin(context, baseURL ?? "");
  const marker = `nojsmod${Date.now()}`;
  seedReviews([
    { name: `Jo ${marker}`, quote: `${marker} first`, published: false, verified: false, writtenBy: "clinician" },
    { name: `Kai ${marker}`, quote: `${marker} second` },
  ]);
  await page.goto(`/admin/testimonials?q=${marker}`);
  const pending = page.getByRole("article", { name: new RegExp(`Jo ${marker}`) });
  await pending.locator("summary", { hasText: "Don't publish" }).click();
  // The browser refuses the form until a reason is chosen; then the server records it.
  await pending.getByRole("button", { name: "Record decision" }).click();
  const reason = pending.locator("details[open]").getByLabel(/Reason/);
  await expect(reason).toBeFocused();
  await reason.selectOption("off-topic");
  await pending.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Not Published" })).toBeVisible();

  const published = page.getByRole("article", { name: new RegExp(`Kai ${marker}`) });
  await published.locator("summary", { hasText: "Reply publicly" }).click();
  await published.getByRole("textbox", { name: /Reply from Aquila/ }).fill("We are glad it helps.");
  await published.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply Saved" })).toBeVisible();

  await page.goto("/testimonials");
  await expect(
    page.getByRole("article", { name: `Review by Kai ${marker}` }).getByRole("note", { name: "Reply from Aquila" }),
  ).toContainText("We are glad it helps.");
  const db = e2eDatabase();
  expect(
    db.prepare("select decline_reason, approved, written_by from testimonials where quote = ?").get(`${marker} first`),
  ).toEqual({ decline_reason: "off-topic", approved: 0, written_by: "clinician" });
  db.close();
});

test("without JavaScript the pages of reviews are links that keep their reviews", async ({ page }) => {
  // Dated 1980: older than the reviews of the JavaScript run's pager test.
  const marker = `Plain pager ${Date.now()}`;
  seedReviews(
    Array.from({ length: 13 }, (_, i) => ({
      name: `${marker} ${i}`,
      quote: `An early review, number ${i}.`,
      createdAt: new Date(Date.UTC(1980, 0, 1, 0, i)),
    })),
  );
  const shown = () =>
    page.locator("#reviews article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
  const pager = page.getByRole("navigation", { name: "Review pages" });
  const first = Array.from({ length: 12 }, (_, i) => `Review by ${marker} ${12 - i}`);
  await page.goto(`/testimonials?before=${Buffer.from("1980-01-01T00:13:00.000Z ~").toString("base64url")}`);
  expect(await shown()).toEqual(first);
  await pager.getByRole("link", { name: "Older reviews" }).click();
  expect((await shown())[0]).toBe(`Review by ${marker} 0`);
  await pager.getByRole("link", { name: "Newer reviews" }).click();
  expect(await shown()).toEqual(first);
  await expect(pager.getByRole("link", { name: "Newest reviews" })).toHaveAttribute("href", "/testimonials#reviews");
  // A link older than every review (its reviews unpublished since) shows the newest page, with
  // the way on to older ones, not an empty list.
  await page.goto(`/testimonials?before=${Buffer.from("0001-01-01T00:00:00.000Z 0").toString("base64url")}`);
  await expect(page.locator("#reviews article")).toHaveCount(12);
  await expect(pager.getByRole("link", { name: "Older reviews" })).toBeVisible();
});

test("without JavaScript the admin box opens on the reviews page, however many reviews wait", async ({ page }) => {
  const marker = `nojspanel${Date.now()}`;
  // Enough waiting reviews that the panel is a large part of the page, which React would otherwise
  // send hidden, after a "Loading admin panel..." that only a script can replace.
  const long = "Sits well through a long day at work and on the drive home, and the cells are quiet. ".repeat(4);
  seedReviews(
    Array.from({ length: 40 }, (_, i) => ({
      name: `Panel ${marker} ${i}`,
      quote: `${long}${marker}`,
      published: false,
    })),
  );
  try {
    await page.goto("/testimonials#admin-section");
    const section = page.locator("#admin-section");
    await section.getByLabel("Admin password").fill("e2e-moderator-password-long");
    await section.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(section.getByText(`Panel ${marker} 39`).first()).toBeVisible();
    await expect(section.getByRole("button", { name: /^Approve/ }).first()).toBeVisible();
    await expect(page.getByText("Loading admin panel...")).toHaveCount(0);
  } finally {
    const db = e2eDatabase();
    db.prepare("delete from testimonials where quote like ?").run(`%${marker}`);
    db.close();
  }
});
