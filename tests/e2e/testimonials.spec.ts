import { orderSiteURL } from "../../playwright.config";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { e2eDatabase, e2eRows, seedReviews, signInAsAdmin } from "./seed";

// The second instance has its own database, so these see exactly the reviews they make.
test.describe.serial("ratings computed from the database, and the page's admin box", () => {
  // A refused admin password answers 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("with no published reviews the summary says 0.0 and an empty filter says so, with no structured rating", async ({
    page,
  }) => {
    await page.goto(`${orderSiteURL}/testimonials`);
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials & Reviews" })).toBeVisible();
    await expect(page.getByText(/^0\.0\s*out of 10$/)).toBeVisible();
    await expect(page.getByText("0 published reviews", { exact: true })).toBeVisible();
    await expect(page.getByText("0 of 0 reviews from confirmed customers.", { exact: true })).toBeVisible();
    await expect(page.getByText("No testimonials found for the selected filter.")).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).not.toContain("AggregateRating");
  });

  test("the summary and the structured data equal a recomputation over every published review", async ({ page }) => {
    seedReviews(
      [
        { name: "Quinn", quote: "Great.", rating: 10 },
        { name: "Ray", quote: "Good.", rating: 7 },
        { name: "Sol", quote: "Fine.", rating: 4 },
        { name: "Tia", quote: "Pending, not counted.", rating: 1, published: false },
      ],
      "order-site.sqlite",
    );
    await page.goto(`${orderSiteURL}/testimonials`);
    await expect(page.getByText(/^7\.0\s*out of 10$/)).toBeVisible();
    await expect(page.getByText("3 published reviews", { exact: true })).toBeVisible();
    // Seeded reviews are verified unless told otherwise; the pending one is not counted as published.
    await expect(page.getByText("3 of 3 reviews from confirmed customers.", { exact: true })).toBeVisible();
    const counts = page.getByRole("region", { name: "Average rating" }).locator("dl");
    await expect(counts).toHaveText(/Received\s*4\s*Published\s*3\s*Awaiting moderation\s*1\s*Not published\s*0/);
    const table = page.getByRole("table", { name: "Published reviews by rating" });
    await expect(table.getByRole("row", { name: /^10 out of 10 1$/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /^7 out of 10 1$/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /^4 out of 10 1$/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /^1 out of 10 0$/ })).toBeVisible();
    await expect(page.getByRole("img", { name: "7 out of 10" }).first()).toBeVisible();
    // The stars are drawn by CSS: the filled layer covers the rating's share of the ten stars.
    const stars = await page.getByRole("img", { name: "4 out of 10" }).evaluate((element) => ({
      all: element.getBoundingClientRect().width,
      filled: Number.parseFloat(getComputedStyle(element, "::after").width),
      outlined: Number.parseFloat(getComputedStyle(element, "::before").width),
    }));
    expect(stars.all).toBeGreaterThan(0);
    expect(stars.outlined).toBeCloseTo(stars.all, 1);
    expect(stars.filled / stars.all).toBeCloseTo(0.4, 2);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}")[
      "@graph"
    ] as Array<Record<string, unknown>>;
    const product = ld.find((g) => g["@type"] === "Product") as { aggregateRating: unknown; review: unknown[] };
    expect(product.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 7,
      reviewCount: 3,
      bestRating: 10,
      worstRating: 1,
    });
    expect(product.review).toHaveLength(3);
    expect(ld.some((g) => g["@type"] === "ItemList")).toBe(true);
    // A filter narrows the list, never the figures: the same average, counts and bars.
    const figures = async () => [
      await page.getByRole("region", { name: "Average rating" }).textContent(),
      await table.textContent(),
    ];
    const unfiltered = await figures();
    await page
      .getByRole("navigation", { name: "Filter reviews" })
      .getByRole("link", { name: "Travel", exact: true })
      .click();
    await expect(page).toHaveURL(/tag=travel/);
    await expect(page.getByText("No testimonials found for the selected filter.")).toBeVisible();
    expect(await figures()).toEqual(unfiltered);
  });

  test("refuses a wrong password, then opens the panel to approve and delete", async ({ page }) => {
    const marker = `a${Date.now()}`;
    await page.goto(`${orderSiteURL}/testimonials#admin-section`);
    const section = page.locator("#admin-section");
    await expect(section.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    // Nothing typed: focus goes to the field, which says why, so a screen reader hears it.
    await section.getByRole("button", { name: "Access Admin Panel" }).click();
    const password = section.getByLabel("Admin password");
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/Password is required/);
    await section.getByLabel("Admin password").fill("wrong");
    await section.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(page.getByText("Access Denied").first()).toBeVisible();
    await expect(page.getByText("Incorrect admin password").first()).toBeVisible();

    // A pending review to moderate, submitted through the public API of that instance.
    const submitted = await page.request.post(`${orderSiteURL}/api/testimonials`, {
      headers: { Origin: orderSiteURL },
      data: {
        name: `Nia ${marker}`,
        email: "nia@example.com",
        rating: 9,
        quote: `${marker} Helps my skin stay healthy.`,
        tags: [],
      },
    });
    expect(submitted.status()).toBe(201);

    // A review that needs a second look, and one already declined, which is not pending.
    seedReviews(
      [
        { name: `Una ${marker}`, quote: `${marker} It healed my pressure sore.`, published: false, verified: false },
        { name: `Vic ${marker}`, quote: `${marker} Declined already.`, declined: "spam", verified: false },
      ],
      "order-site.sqlite",
    );

    await section.getByLabel("Admin password").fill("e2e-moderator-password-long");
    await section.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(page.getByText("Admin Access Granted").first()).toBeVisible();
    await expect(section.getByRole("heading", { name: "Admin Panel" })).toBeFocused();
    await expectNoAxeViolations(page, "admin panel");
    const pendingList = section.getByRole("list").first();
    await expect(section.getByRole("heading", { name: "Pending reviews (3)" })).toBeVisible();
    await expect(pendingList.getByText(`Vic ${marker}`)).toHaveCount(0);
    const flagged = pendingList
      .getByRole("listitem")
      .filter({ hasText: `Una ${marker}` })
      .first();
    await expect(flagged.locator("mark")).toHaveText(/healed my pressure sore/);
    await expect(flagged.getByText("Check before publishing", { exact: false })).toBeVisible();
    await expect(flagged.getByRole("link", { name: "Decide on the full moderation page" })).toHaveAttribute(
      "href",
      "/admin/testimonials?state=pending",
    );

    await section.getByRole("button", { name: `Approve the review by Nia ${marker}` }).click();
    await expect(page.getByText("The testimonial is now live on the website.").first()).toBeVisible();
    await expect(page.getByRole("article", { name: `Review by Nia ${marker}` })).toBeVisible();

    await section.locator("summary", { hasText: `Delete the review by Nia ${marker}` }).click();
    // A deletion names its reason, which the ledger then counts.
    await section
      .locator("details[open]")
      .getByLabel(/Reason/)
      .selectOption({ label: "The writer asked us to remove it" });
    await section.getByRole("button", { name: `Yes, delete the review by Nia ${marker}` }).click();
    await expect(page.getByText("The testimonial has been successfully removed.").first()).toBeVisible();
    await expect(page.getByRole("article", { name: `Review by Nia ${marker}` })).toHaveCount(0);
    await expect(
      page
        .getByRole("region", { name: "Average rating" })
        .getByRole("listitem")
        .filter({ hasText: "The writer asked us to remove it" }),
    ).toContainText("1");
  });
});

test("published reviews show as cards, with filters and See more / See less", async ({ page }) => {
  const marker = `m${Date.now()}`;
  const long = `${marker} ${"The cells alternate quietly and I can sit through a whole shift without the usual ache. ".repeat(3)}`;
  seedReviews([
    { name: `Ivy ${marker}`, quote: long, rating: 10, context: "Desk job, Oregon", tags: ["long-sessions"] },
    {
      name: `Jon ${marker}`,
      quote: `${marker} Support staff called back the same day.`,
      rating: 7,
      tags: ["support-experience"],
      verified: false,
    },
  ]);
  await page.goto("/testimonials");
  const ivy = page.getByRole("article", { name: `Review by Ivy ${marker}` });
  await expect(ivy).toBeVisible();
  await expect(ivy.getByRole("img", { name: "10 out of 10" })).toBeVisible();
  await expect(ivy.getByText("Verified")).toBeVisible();
  await expect(ivy.getByText("long sessions")).toBeVisible();
  await expect(ivy.getByText("Desk job, Oregon")).toBeVisible();
  await expect(ivy.getByText("See more")).toBeVisible();
  await ivy.getByText("See more").click();
  await expect(ivy.getByText("See less")).toBeVisible();
  await expect(page.getByRole("article", { name: `Review by Jon ${marker}` }).getByText("Verified")).toHaveCount(0);

  await page.getByRole("link", { name: "Comfort", exact: true }).click();
  await expect(page).toHaveURL(/tag=comfort/);
  await expect(page.getByRole("link", { name: "Comfort", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("article", { name: `Review by Ivy ${marker}` })).toBeVisible();
  await expect(page.getByRole("article", { name: `Review by Jon ${marker}` })).toHaveCount(0);

  await expect(page.getByText("Individual results vary.")).toBeVisible();
  await expect(page.getByText(/not medical advice/)).toBeVisible();
  await expectNoAxeViolations(page, "testimonials");
});

test("hostile review text is shown as text: nothing runs, no CSP violation", async ({ page }) => {
  const marker = `h${Date.now()}`;
  const payload = `<img src=x onerror="alert('${marker}')"><script>alert(1)</script>`;
  seedReviews([{ name: `<b>${marker}</b>`, quote: payload, rating: 5 }]);
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await page.goto("/testimonials");
  await expect(page.getByText(`“${payload}”`)).toBeVisible();
  await expect(page.getByText(`<b>${marker}</b>`)).toBeVisible();
  await page.goto("/");
  await page.waitForTimeout(200);
  expect(dialogs).toBe(0);
});

test("the review form: missing information, then a submission that waits for approval", async ({ page }) => {
  await page.goto("/testimonials#share");
  const form = page.locator("#share form").last();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByText("Missing Information")).toBeVisible();
  await expect(form.getByText("Please fill in all required fields")).toBeVisible();
  const summary = form.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Name is required");
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "review missing information");

  const email = `review-${Date.now()}@example.com`;
  await form.getByLabel("Name").fill("Kim");
  await form.getByLabel("Email").fill(email);
  await expect(form.getByRole("radio", { name: "5 out of 10" })).toBeChecked();
  await form.locator("label", { has: page.getByRole("radio", { name: "8 out of 10" }) }).click();
  await expect(form.getByRole("radio", { name: "8 out of 10" })).toBeChecked();
  expect(await form.locator(".rating-value").evaluate((el) => getComputedStyle(el, "::after").content)).toBe(
    '"8 out of 10"',
  );
  await form.getByLabel("travel").check();
  // The same words as the "Ease of Use" filter tab, not a capitalised "Ease Of Use".
  await form.getByLabel("Ease of Use", { exact: true }).check();
  await expect(form.getByRole("textbox", { name: /Your review/ })).toHaveAttribute("rows", "4");
  await form
    .getByRole("textbox", { name: /Your review/ })
    .fill("Light enough for trips; the battery lasts all weekend.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you! Your review will be published once approved.").first()).toBeVisible();
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue("");
  const db = e2eDatabase();
  const row = db.prepare("select rating, tags, approved from testimonials where email = ?").get(email);
  db.close();
  expect(row).toEqual({ rating: 8, tags: '["travel","ease-of-use"]', approved: 0 });
});

test("a review is answered with a confirmation page, and reloading it sends nothing again", async ({ page }) => {
  await page.goto("/testimonials#share");
  const email = `reload-${Date.now()}@example.com`;
  const form = page.locator("#share form").last();
  await form.getByLabel("Name").fill("Noor");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("textbox", { name: /Your review/ }).fill("Sent once, however often the page is reloaded.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  // The same post/redirect/get as without JavaScript: the address is the confirmation's, so a
  // reload asks for that page with GET.
  await expect(page).toHaveURL(/\/testimonials\?sent=1$/);
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Testimonial Submitted")).toBeVisible();
  await expect(form.getByRole("status").filter({ hasText: "Testimonial Submitted" })).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expectNoAxeViolations(page, "review confirmation");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials & Reviews" })).toBeVisible();
  await expect(page.getByText("Testimonial Submitted")).toHaveCount(0);
  expect(e2eRows("select count(*) as n from testimonials where email = ?", email)).toEqual([{ n: 1 }]);
});

test("the review dialog opens, is accessible, and closes after a submission", async ({ page }) => {
  await page.goto("/testimonials");
  await page.getByRole("button", { name: "Write a review in a dialog" }).click();
  const dialog = page.getByRole("dialog", { name: "Submit Your Review" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, "review dialog");
  await dialog.getByLabel("Name").fill("Lee");
  await dialog.getByLabel("Email").fill(`dialog-${Date.now()}@example.com`);
  await dialog.getByRole("textbox", { name: /Your review/ }).fill("Good support when I needed a new cover.");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/testimonials.data*", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Testimonial Submitted")).toBeVisible();
  await expect(page.getByRole("button", { name: "Write a review in a dialog" })).toBeFocused();
});

test.describe("when submitting fails", () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });
  test("the visitor is told to try again later", async ({ page }) => {
    await page.goto("/testimonials");
    // The form posts to the page's own action (as /testimonials.data when JavaScript runs).
    await page.route("**/testimonials.data*", (route) => route.fulfill({ status: 503, body: "unavailable" }));
    const form = page.locator("#share form").last();
    await form.getByLabel("Name").fill("Mo");
    await form.getByLabel("Email").fill("mo@example.com");
    await form.getByRole("textbox", { name: /Your review/ }).fill("Works for me.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Submission Failed").first()).toBeVisible();
    await expect(page.getByText("Please try again later").first()).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Mo");
  });
});

test("the moderation page approves, unpublishes, searches and records who did what", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsAdmin(context, baseURL ?? "");
  const marker = `p${Date.now()}`;
  const [id = ""] = seedReviews([
    { name: `Oli ${marker}`, quote: `${marker} pending review`, published: false, verified: false },
  ]);
  await page.goto(`/admin/testimonials?q=${marker}`);
  await expect(page.getByText(/\d+ pending, \d+ published, \d+ not published/)).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Approve the review by Oli ${marker}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testimonial Approved" })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`Mark verified customer\\s*: Oli ${marker}`) }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked Verified" })).toBeVisible();
  await page.locator("summary", { hasText: `Unpublish… the review by Oli ${marker}` }).click();
  await page
    .getByLabel(/Reason/)
    .filter({ visible: true })
    .selectOption("off-topic");
  await page.getByRole("button", { name: "Record decision" }).filter({ visible: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Not Published" })).toBeVisible();
  await expect(page.getByText("Not published: Not about the product.", { exact: false })).toBeVisible();
  // The page lists the last twenty actions of all staff; other tests act in parallel, so only the
  // decision just made is sure to be among them. The whole history is read from the database.
  await expect(
    page.getByText(new RegExp(`admin unpublish testimonial ${id.slice(0, 8)} \\(reason: off-topic\\)`)),
  ).toBeVisible();
  expect(e2eRows("select action, username from audit_log where target_id = ? order by at", id)).toEqual([
    { action: "publish", username: "admin" },
    { action: "mark-verified", username: "admin" },
    { action: "unpublish", username: "admin" },
  ]);
  await expectNoAxeViolations(page, "moderation");
  const response = await page.request.get("/admin/testimonials");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("the admin API answers 401 without a session, whatever password is sent", async ({ request }) => {
  expect(
    (await request.post("/api/admin/testimonials", { data: { password: "e2e-moderator-password-long" } })).status(),
  ).toBe(401);
  expect((await request.delete("/api/admin/testimonials/x", { data: { password: "x" } })).status()).toBe(401);
  expect((await request.patch("/api/admin/testimonials/x/approve", { data: { password: "x" } })).status()).toBe(401);
});

test("pages of reviews: older, newer and back, each link keeping its reviews; axe finds nothing on the pager", async ({
  page,
}) => {
  // Dated 1990: other tests add newer reviews all the time, and the no-JavaScript run older ones.
  const marker = `Pager ${Date.now()}`;
  seedReviews(
    Array.from({ length: 14 }, (_, i) => ({
      name: `${marker} ${i}`,
      quote: `A review from the first days, number ${i}.`,
      createdAt: new Date(Date.UTC(1990, 0, 1, 0, i)),
    })),
  );
  const shown = () =>
    page.locator("#reviews article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
  const reviews = (...numbers: number[]) => numbers.map((i) => `Review by ${marker} ${i}`);
  const pager = page.getByRole("navigation", { name: "Review pages" });

  await page.goto("/testimonials");
  await expect(pager.getByRole("link", { name: "Older reviews" })).toBeVisible();
  await expect(pager.getByRole("link", { name: "Newer reviews" })).toHaveCount(0);
  // A link that starts just after these reviews, as the site's own links name a place.
  await page.goto(`/testimonials?before=${Buffer.from("1990-01-01T00:14:00.000Z ~").toString("base64url")}#reviews`);
  const first = reviews(13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2);
  await expect.poll(shown).toEqual(first);
  await expectNoAxeViolations(page, "a page of reviews with its pager");

  await pager.getByRole("link", { name: "Older reviews" }).click();
  await expect(page).toHaveURL(/\/testimonials\?before=[A-Za-z0-9_-]+#reviews$/);
  await expect.poll(async () => (await shown()).slice(0, 2)).toEqual(reviews(1, 0));
  await pager.getByRole("link", { name: "Newer reviews" }).click();
  await expect(page).toHaveURL(/\/testimonials\?after=[A-Za-z0-9_-]+#reviews$/);
  await expect.poll(shown).toEqual(first);

  await pager.getByRole("link", { name: "Oldest reviews" }).click();
  await expect(page).toHaveURL(/\/testimonials\?page=oldest#reviews$/);
  await expect(pager.getByRole("link", { name: "Older reviews" })).toHaveCount(0);
  await expect(pager.getByRole("link", { name: "Newest reviews" })).toBeVisible();
});
