import { readFileSync } from "node:fs";
import { caseStudies } from "../../app/content/case-studies";
import { siteRoutes } from "../../app/route-manifest";
import { coverage } from "../../app/content/site";
import { expect, test, viewports } from "./fixtures";

const benchmarks = JSON.parse(readFileSync(new URL("../../docs/benchmarks.json", import.meta.url), "utf8")) as {
  lighthouse: { machine: { date: string }; routes: Array<{ route: string; scores: { accessibility: number } }> };
};

/**
 * The pages a visitor reads before trusting us with their health details: the privacy policy with
 * its consumer-health-data section, the accessibility statement, and how the cushion is paid for.
 * Each is reachable from every page's footer (and Paying from the Product menu), and says only
 * what is true of this site.
 */

test("the privacy policy, its health-data section, the accessibility statement and Paying are in every page's footer", async ({
  page,
}) => {
  await page.goto("/testimonials");
  const policies = page.getByRole("contentinfo").getByRole("navigation", { name: "Policies" });
  await policies.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Consumer Health Data Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy#health-data$/);
  await expect(page.getByRole("heading", { level: 2, name: "Consumer health data" })).toBeInViewport();
  // Keyboard and screen-reader users continue from that section, not from the top of the page.
  await expect(page.locator("#health-data")).toBeFocused();
  await page.keyboard.press("Tab");
  const position = await page.evaluate(
    () => document.getElementById("health-data")?.compareDocumentPosition(document.activeElement as Node) ?? 0,
  );
  expect(position & 4, "focus moved on past the section").toBe(4);

  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility", exact: true }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility Statement" })).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "Paying for SofTech" }).click();
  await expect(page).toHaveURL(/\/paying$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paying for SofTech" })).toBeVisible();
});

for (const [size, viewport] of [
  ["desktop", viewports.desktop],
  ["mobile", viewports.mobile],
] as const) {
  test(`Paying for SofTech is in the Product menu on ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/about");
    if (size === "mobile") await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Product" }).click();
    await nav.getByRole("link", { name: "Paying for SofTech" }).click();
    await expect(page).toHaveURL(/\/paying$/);
    // The menu has closed behind the choice; the link in it marks the page.
    const links = page.locator('header a[href="/paying"]');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) await expect(link).toHaveAttribute("aria-current", "page");
  });
}

test("the product and order pages link to Paying for SofTech", async ({ page }) => {
  await page.goto("/product");
  await expect(page.getByRole("main").getByRole("link", { name: "Paying for SofTech" })).toHaveAttribute(
    "href",
    "/paying",
  );
  await page.goto("/order");
  await page.getByRole("link", { name: "How paying, and insurance, work" }).click();
  await expect(page).toHaveURL(/\/paying$/);
});

test("every form that collects data links to the privacy policy, the consent boxes from their own words", async ({
  page,
}) => {
  await page.goto("/contact");
  const contactConsent = page.locator("label[for=field-consent]");
  await expect(contactConsent.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");
  await expect(page.getByRole("checkbox", { name: /as described in the privacy policy/ })).toBeVisible();

  await page.goto("/order");
  // With JavaScript the form shows one part at a time, and the consent box is in the last.
  await expect(page.locator("label[for=field-privacyConsent] a")).toHaveText("privacy policy");
  await expect(page.locator("label[for=field-privacyConsent] a")).toHaveAttribute("href", "/privacy");
  await expect(page.getByRole("main").getByRole("link", { name: "consumer health data", exact: true })).toHaveAttribute(
    "href",
    "/privacy#health-data",
  );

  await page.goto("/testimonials");
  const reviewForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit Review" }) });
  await expect(reviewForm.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");

  // Following the link from the consent box opens the policy (it does not tick the box).
  await page.goto("/contact");
  await contactConsent.getByRole("link", { name: "privacy policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("the privacy policy states this site's retention periods and what staff emails carry, from its configuration", async ({
  page,
}) => {
  await page.goto("/privacy");
  const howLong = page.locator("#how-long");
  // The browser tests' server runs with the defaults: 24 months, 24 months, 12 months, 30 days.
  await expect(howLong).toContainText("Until we have answered it, then until 24 months after it arrived.");
  await expect(howLong).toContainText("Until it is closed, then until 24 months after it arrived.");
  await expect(howLong).toContainText("12 months after our decision.");
  await expect(howLong).toContainText("The email address given with it is erased 12 months after it was published.");
  await expect(howLong).toContainText("30 days");
  // No SMTP is configured there, so no email is sent about a submission, and nothing is forwarded.
  await expect(page.locator("#where")).toContainText("no email is sent about it");
  await expect(page.locator("#where")).not.toContainText("also sent to the service");
  await expect(page.locator("#never-sold")).toContainText(
    "We do not share it with third parties. No other company handles it.",
  );
  await page.getByRole("link", { name: "Send a privacy request" }).click();
  await expect(page).toHaveURL(/\/contact\?topic=privacy#contact-form$/);
  await expect(page.getByLabel("Topic")).toHaveValue("privacy");
});

test("the accessibility statement quotes the measured figures and takes barrier reports through the contact form", async ({
  page,
}) => {
  await page.goto("/accessibility");
  await expect(page.locator("#standard")).toContainText("WCAG) 2.2 at level AA");
  const run = benchmarks.lighthouse;
  await expect(page.locator("#testing")).toContainText(`measured on ${run.machine.date.slice(0, 10)}`);
  const rows = page.locator("#testing tbody tr");
  await expect(rows).toHaveCount(run.routes.length);
  for (const [index, route] of run.routes.entries()) {
    const title = siteRoutes.find((page) => page.path === route.route)?.title ?? route.route;
    await expect(rows.nth(index)).toHaveText(`${title}${route.scores.accessibility}`);
    await expect(rows.nth(index).getByRole("link", { name: title })).toHaveAttribute("href", route.route);
  }
  await expect(page.locator("#limitations")).toContainText("not tagged for screen readers");
  await expect(page.locator("#report")).toContainText("We reply within 1-2 business days");
  await page.getByRole("link", { name: "Report a barrier" }).click();
  await expect(page).toHaveURL(/\/contact\?topic=accessibility#contact-form$/);
  await expect(page.getByLabel("Topic")).toHaveValue("accessibility");
});

test("Paying for SofTech never shows a guessed billing code, and explains who bills insurance", async ({ page }) => {
  await page.goto("/paying");
  const billing = page.locator("#billing-code");
  if (coverage.billingCode.code) await expect(billing).toContainText(coverage.billingCode.code);
  else {
    await expect(billing).toContainText("Ask us for the code");
    await expect(billing).not.toContainText(/\b[A-Z]\d{4}\b/);
    await expect(billing.getByRole("link", { name: /866-7AQUILA/ })).toHaveAttribute("href", "tel:+18667278452");
  }
  await expect(page.getByRole("main")).toContainText("does not bill insurance itself: medical-equipment dealers do");
  await expect(page.locator("#included")).toContainText("30-day satisfaction guarantee");
  await expect(page.locator("#included")).toContainText("18-month manufacturer warranty");
  await expect(page.locator("#included")).toContainText("3-5 business days");
  await expect(page.getByRole("heading", { level: 3, name: "If you help someone else" })).toBeVisible();
});

test("an ongoing study's result is labelled interim, with its participants and status beside it", async ({ page }) => {
  await page.goto("/case-studies");
  for (const study of caseStudies) {
    const card = page.getByRole("article", { name: study.title });
    if (study.status === "Ongoing") {
      await expect(card.getByText(`Interim result, study ongoing (${study.participants} participants)`)).toBeVisible();
      await expect(card).toContainText("the final result may differ");
    } else {
      await expect(card.getByText("Result", { exact: true })).toBeVisible();
      await expect(card).not.toContainText("Interim");
    }
  }
});
