import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase, seedReviews, signInAsAdmin } from "./seed";

// The shared e2e instance: other specs add reviews at the same time, so these find their own by a
// marker and read the ledger's figures against the database rather than as fixed numbers.

/** The ledger's figures as the page states them. */
async function ledgerFigures(page: import("@playwright/test").Page) {
  const summary = page.getByRole("region", { name: "Average rating" });
  const figure = async (term: string) =>
    Number(
      (
        await summary
          .locator("dt", { hasText: new RegExp(`^${term}$`) })
          .locator("+ dd")
          .textContent()
      )?.replace(/,/g, ""),
    );
  const rows = await summary
    .getByRole("table", { name: "Published reviews by rating" })
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector("th")?.textContent?.trim(), tr.querySelector("td")?.textContent?.trim()]),
    );
  return {
    average: (
      await summary
        .getByText(/out of 10$/)
        .first()
        .textContent()
    )
      ?.replace(/\s*out of 10$/, "")
      .trim(),
    received: await figure("Received"),
    published: await figure("Published"),
    pending: await figure("Awaiting moderation"),
    notPublished: await figure("Not published"),
    distribution: rows.map(([rating, count]) => [Number(rating?.split(" ")[0]), Number(count?.replace(/,/g, ""))]),
  };
}

test("the ledger states the distribution and the counts of the rows", async ({ page }) => {
  const marker = `ledger${Date.now()}`;
  seedReviews([
    { name: `Ada ${marker}`, quote: `${marker} one`, rating: 3, tags: ["travel"] },
    { name: `Bo ${marker}`, quote: `${marker} two`, rating: 10, tags: ["comfort"] },
    { name: `Cy ${marker}`, quote: `${marker} three`, rating: 6, published: false },
    { name: `Di ${marker}`, quote: `${marker} four`, rating: 1, declined: "duplicate" },
  ]);
  await page.goto("/testimonials");
  const before = await ledgerFigures(page);
  const db = e2eDatabase();
  const rows = db.prepare("select approved, decline_reason, rating from testimonials").all() as Array<{
    approved: number;
    decline_reason: string | null;
    rating: number;
  }>;
  const removed = (db.prepare("select count(*) as n from review_removals").get() as { n: number }).n;
  db.close();
  const published = rows.filter((r) => r.approved === 1);
  // Read after the page; another spec may have added a review in between, never removed one.
  expect(before.published).toBeLessThanOrEqual(published.length);
  expect(before.received).toBeLessThanOrEqual(rows.length + removed);
  expect(before.published + before.pending + before.notPublished).toBe(before.received);
  expect(before.distribution.map(([rating]) => rating)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  expect(before.distribution.reduce((sum, [, count]) => sum + (count ?? 0), 0)).toBe(before.published);
  const summary = page.getByRole("region", { name: "Average rating" });
  await expect(summary.getByText(/^\d[\d,]* of [\d,]+ reviews? from confirmed customers\.$/)).toBeVisible();
  await expect(
    summary.getByText("Verified means our team has confirmed the writer bought a cushion", { exact: false }),
  ).toBeVisible();
  await expect(summary.getByRole("listitem").filter({ hasText: "Duplicate" })).toBeVisible();

  // That a filter changes none of this is shown on an instance of its own (testimonials.spec.ts).
});

test("the moderation policy is linked from the ledger and from the review form", async ({ page }) => {
  await page.goto("/testimonials");
  await page
    .getByRole("region", { name: "Average rating" })
    .getByRole("link", { name: "How we moderate reviews" })
    .click();
  await expect(page).toHaveURL(/\/review-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "How we moderate reviews" })).toBeVisible();
  await expect(page.getByText("Ratings never decide whether a review is published", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How long it takes" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "cured, healed, treated or prevented" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send us a message about a review" })).toHaveAttribute(
    "href",
    "/contact?topic=general#contact-form",
  );
  await page.goBack();
  await page.locator("#share form").last().getByRole("link", { name: "How we moderate reviews" }).click();
  await expect(page).toHaveURL(/\/review-policy$/);
});

test("a review written for someone else says so, and a review sent with the form keeps who wrote it", async ({
  page,
}) => {
  const marker = `writer${Date.now()}`;
  seedReviews([
    {
      name: `Eve ${marker}`,
      quote: `${marker} My husband sits better now.`,
      writtenBy: "family",
      reply: "Thank you for telling us.",
    },
  ]);
  await page.goto("/testimonials");
  const card = page.getByRole("article", { name: `Review by Eve ${marker}` });
  await expect(card.getByText("Written by a family member on behalf of the user")).toBeVisible();
  const reply = card.getByRole("note", { name: "Reply from Aquila" });
  await expect(reply).toContainText("Thank you for telling us.");

  const form = page.locator("#share form").last();
  const email = `caregiver-${marker}@example.com`;
  await form.getByLabel("Name").fill("Flo");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("textbox", { name: /Your review/ }).fill("Written for my client, who cannot type.");
  const writer = form.getByLabel(/Who is writing this review/);
  await expect(writer).toHaveValue("");
  await expect(writer.locator("option:checked")).toHaveText("I use the cushion and wrote this myself");
  await writer.selectOption({ label: "A caregiver, on behalf of the person who uses it" });
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeFocused();
  await expect(writer).toHaveValue("");
  const db = e2eDatabase();
  expect(db.prepare("select written_by, approved from testimonials where email = ?").get(email)).toEqual({
    written_by: "caregiver",
    approved: 0,
  });
  db.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing on the ledger, a reply and a helped review in the ${theme} theme`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    const marker = `axe${theme}${Date.now()}`;
    seedReviews([
      { name: `Gil ${marker}`, quote: `${marker} Helps on long days.`, writtenBy: "helped", reply: "Glad to hear it." },
    ]);
    await page.goto("/testimonials");
    await expect(
      page.getByRole("article", { name: `Review by Gil ${marker}` }).getByText("Written with help"),
    ).toBeVisible();
    await expectNoAxeViolations(page, `testimonials ledger ${theme}`);
  });
}

test("staff see flagged words highlighted, decline with a reason, reply, and every decision is audited", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await signInAsAdmin(context, baseURL ?? "");
  const marker = `flag${Date.now()}`;
  const [claim, kind] = seedReviews([
    {
      name: `Hal ${marker}`,
      quote: `${marker} This cushion healed my pressure sore in a month. Call me on 555-201-3344.`,
      published: false,
      verified: false,
    },
    { name: `Ivy ${marker}`, quote: `${marker} Comfortable all day at work.`, published: false, verified: false },
  ]);
  await page.goto(`/admin/testimonials?q=${marker}`);
  const flagged = page.getByRole("article", { name: new RegExp(`Hal ${marker}`) });
  await expect(flagged.getByText("Check before publishing", { exact: true })).toBeVisible();
  await expect(flagged.locator("mark")).toContainText([/healed my pressure sore|healed/, /555-201-3344/]);
  await expect(flagged.getByRole("listitem").filter({ hasText: "Medical claim" })).toBeVisible();
  // The writer's words are shown as written; only the labels read to a screen reader are added.
  const shown = await flagged
    .locator("p.whitespace-pre-wrap")
    .first()
    .evaluate((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".sr-only").forEach((label) => label.remove());
      return copy.textContent;
    });
  expect(shown).toBe(`${marker} This cushion healed my pressure sore in a month. Call me on 555-201-3344.`);
  await expect(
    page
      .getByRole("article", { name: new RegExp(`Ivy ${marker}`) })
      .getByText("Check before publishing", { exact: true }),
  ).toHaveCount(0);

  await flagged.locator("summary", { hasText: "Don't publish" }).click();
  await expectNoAxeViolations(page, "decision form open");
  await flagged
    .locator("details[open]")
    .getByLabel(/Reason/)
    .selectOption({ label: "A medical claim we cannot publish" });
  await flagged.getByLabel(/Note for staff/).fill("Asked the writer to send it again without the claim.");
  await flagged.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Not Published" })).toBeVisible();
  await expect(flagged.getByText("Not published: A medical claim we cannot publish.", { exact: false })).toBeVisible();

  const other = page.getByRole("article", { name: new RegExp(`Ivy ${marker}`) });
  await other.getByRole("button", { name: `Approve the review by Ivy ${marker}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testimonial Approved" })).toBeVisible();
  await other.locator("summary", { hasText: "Reply publicly" }).click();
  await other.getByRole("textbox", { name: /Reply from Aquila/ }).fill("Thank you, Ivy.");
  await other.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply Saved" })).toBeVisible();
  await expectNoAxeViolations(page, "moderation with a flagged review and a reply");

  await page.goto("/testimonials");
  await expect(
    page.getByRole("article", { name: `Review by Ivy ${marker}` }).getByRole("note", { name: "Reply from Aquila" }),
  ).toContainText("Thank you, Ivy.");
  await expect(page.getByRole("article", { name: `Review by Hal ${marker}` })).toHaveCount(0);

  const db = e2eDatabase();
  const audit = db
    .prepare("select action, detail from audit_log where target_id in (?, ?) order by at")
    .all(claim, kind) as Array<{ action: string; detail: string | null }>;
  db.close();
  expect(audit.map((a) => a.action).sort()).toEqual(["decline", "publish", "reply-posted"]);
  expect(audit.find((a) => a.action === "decline")?.detail).toBe("reason: medical-claim");
});

test("at 320 px long unbroken words wrap: the reviews page and the moderation page with its forms open never scroll sideways", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const marker = `wrap${Date.now()}`;
  const long = `https://example.com/${"a".repeat(280)}`;
  seedReviews([
    {
      name: `Lou ${marker}`,
      quote: `${marker} ${long}`,
      context: "x".repeat(100),
      reply: long,
      writtenBy: "clinician",
    },
  ]);
  await page.goto("/testimonials");
  await expect(page.getByRole("article", { name: `Review by Lou ${marker}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await signInAsAdmin(context, baseURL ?? "");
  await page.goto(`/admin/testimonials?q=${marker}`);
  const review = page.getByRole("article", { name: new RegExp(`Lou ${marker}`) });
  for (const summary of ["Unpublish…", "Edit reply…", "Delete"])
    await review.locator("summary", { hasText: summary }).click();
  await expect(review.getByRole("button", { name: "Save reply" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
