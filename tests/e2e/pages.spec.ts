import { faqItems, faqTeaserIds } from "../../app/content/faq";
import { manualsContent } from "../../app/content/manuals";
import { siteRoutes } from "../../app/route-manifest";
import { orderSiteURL, standInFormURL } from "../../playwright.config";
import { expect, expectNoAxeViolations, test, viewports } from "./fixtures";
import { escaped } from "./forms";

test.describe("home", () => {
  test("hero, sections in order, and their links", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Engineered to Heal. Customized for You." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "See How It Heals" })).toHaveAttribute("href", "/product");
    await expect(page.getByRole("link", { name: "Compare Cushions" })).toHaveAttribute("href", "#comparison");
    const hero = page.locator("img[fetchpriority=high]");
    await expect(hero).not.toHaveAttribute("loading", "lazy");

    const ids = await page.locator("main section[id]").evaluateAll((sections) => sections.map((s) => s.id));
    const order = ["showcase", "life-stories", "comparison", "technology", "evidence", "testimonials", "faq-teaser"];
    expect(ids.filter((id) => order.includes(id))).toEqual(order);

    await page.getByRole("link", { name: "Compare Cushions" }).click();
    await expect(page).toHaveURL(/#comparison$/);
    const table = page.locator("#comparison table");
    await expect(table.locator("tbody tr")).toHaveCount(10);
    await expect(table.locator("tbody tr").first()).toContainText("Yes");
    await expect(table.locator("tbody tr").first()).toContainText("No");
  });

  test("every image has its size and a text alternative", async ({ page }) => {
    for (const route of siteRoutes) {
      await page.goto(route.path);
      const missing = await page
        .locator("img")
        .evaluateAll((images) =>
          images
            .filter(
              (img) => !img.getAttribute("width") || !img.getAttribute("height") || img.getAttribute("alt") === null,
            )
            .map((img) => img.getAttribute("src")),
        );
      expect(missing, route.path).toEqual([]);
    }
  });

  test("the showcase toggle swaps the image set and starts again at the first slide", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/");
    const showcase = page.locator("#showcase");
    await expect(showcase.getByRole("link", { name: "Auto-Start", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(showcase.locator("img").first()).toHaveAttribute("src", /auto-start-1/);

    await showcase.getByRole("button", { name: "Show slide 3 of 4" }).click();
    await expect(showcase.getByRole("button", { name: "Show slide 3 of 4" })).toHaveAttribute("aria-current", "true");
    await showcase.getByRole("button", { name: "Next slide" }).click();
    await expect(showcase.getByRole("button", { name: "Show slide 4 of 4" })).toHaveAttribute("aria-current", "true");
    await showcase.getByRole("button", { name: "Next slide" }).click();
    await expect(showcase.getByRole("button", { name: "Show slide 1 of 4" })).toHaveAttribute("aria-current", "true");
    await showcase.getByRole("button", { name: "Previous slide" }).click();
    await expect(showcase.getByRole("button", { name: "Show slide 4 of 4" })).toHaveAttribute("aria-current", "true");

    await showcase.getByRole("link", { name: "Manual Rocker Switch", exact: true }).click();
    await expect(showcase.getByRole("link", { name: "Manual Rocker Switch", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(showcase.locator("img").first()).toHaveAttribute("src", /manual-switch-1/);
    await expect(showcase.getByRole("button", { name: "Show slide 1 of 4" })).toHaveAttribute("aria-current", "true");
    await expect(showcase.getByRole("link", { name: /^Order/ })).toHaveAttribute("href", "/order");
  });

  test("the FAQ teaser shows four of the questions", async ({ page }) => {
    await page.goto("/");
    const teaser = page.locator("#faq-teaser");
    for (const id of faqTeaserIds) {
      const item = faqItems.find((i) => i.id === id);
      await expect(teaser.getByRole("button", { name: item?.question })).toBeVisible();
    }
    await expect(teaser.getByRole("link", { name: "See all questions" })).toHaveAttribute("href", "/faq");
  });
});

test.describe("FAQ", () => {
  test("all 18 answers, one open at a time, and the open one closes when chosen again", async ({ page }) => {
    // The page loads no JavaScript file: an inline script turns the <details> into this accordion.
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto("/faq");
    expect(scripts).toEqual([]);
    const questions = page.locator("main h2 button[aria-expanded]");
    await expect(questions).toHaveCount(18);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(faqItems[0]?.answer ?? "")).toBeVisible();
    await expectNoAxeViolations(page, "faq open");
    await second.click();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("main [role=region]:visible")).toHaveCount(0);
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "false");
  });

  test("reached from a page React runs, the same accordion comes from React", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    const questions = page.locator("main h2 button[aria-expanded]");
    await expect(questions).toHaveCount(18);
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(faqItems[2]?.answer ?? "")).toBeVisible();
  });

  test("publishes FAQPage structured data and contact buttons", async ({ page }) => {
    await page.goto("/faq");
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    const graph = JSON.parse(ld ?? "{}")["@graph"] as Array<{ "@type": string; mainEntity?: unknown[] }>;
    expect(graph.find((g) => g["@type"] === "FAQPage")?.mainEntity).toHaveLength(18);
    await expect(page.getByRole("link", { name: "Email us" })).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByRole("link", { name: /^Call 866-7AQUILA/ })).toHaveAttribute("href", "tel:+18667278452");
  });
});

test.describe("about", () => {
  test("story, mission, history and owners, each bio in its own dialog", async ({ page }) => {
    await page.goto("/about");
    for (const heading of ["Our story", "Our mission", "Our history", "Our owners"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator("#history")).toContainText("1999");
    await expect(page.locator("#history")).toContainText("2025");

    const triggers = page.getByRole("button", { name: /^Read bio/ });
    await expect(triggers).toHaveCount(2);
    await triggers.nth(0).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "bio dialog open");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(triggers.nth(0)).toBeFocused();

    await triggers.nth(1).click();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(triggers.nth(1)).toBeFocused();

    await expect(page.getByRole("link", { name: "Request an Order" }).last()).toHaveAttribute("href", "/order");
    await expect(page.getByRole("link", { name: "Send us a message" })).toHaveAttribute(
      "href",
      "/contact#contact-form",
    );
  });
});

test.describe("product", () => {
  test("every specification tile and call to action", async ({ page }) => {
    await page.goto("/product");
    const specs = page.locator("#specifications");
    for (const text of [
      "About every 60 seconds",
      "Soft / Medium / Firm",
      "None",
      "Any size or shape",
      "24-30 hours",
      "3-4 hours",
      "Two active patents",
      "30 days",
      "18 months",
      "Optional",
    ]) {
      await expect(specs.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.locator("#how-it-works li")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Auto-Start" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Manual Rocker Switch" })).toBeVisible();
    await expect(page.getByText("typical response within 1 business day")).toBeVisible();
    await expect(page.getByRole("link", { name: "User Guides" }).last()).toHaveAttribute("href", "/user-manuals");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("case studies", () => {
  test("three studies with status in words, and a way to ask for each", async ({ page }) => {
    await page.goto("/case-studies");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText("150");
    await expect(cards.nth(0)).toContainText("94% healing improvement");
    await expect(cards.nth(0)).toContainText("Status: Completed");
    await expect(cards.nth(2)).toContainText("Status: Ongoing");
    const request = cards.nth(0).getByRole("link", { name: /Request the full study/ });
    const href = await request.getAttribute("href");
    const url = new URL(href ?? "", "http://x");
    expect(url.pathname).toBe("/contact");
    expect(url.searchParams.get("topic")).toBe("product");
    expect(url.searchParams.get("subject")).toContain("Full study:");
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Order Now" })).toHaveAttribute("href", "/order");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("user guides", () => {
  test("four guides, each read as a page or downloaded as a PDF of the stated size", async ({ page, request }) => {
    await page.goto("/user-manuals");
    const guides = manualsContent.guides;
    expect(guides).toHaveLength(4);
    // (A name's words after the link's own are read from a visually hidden span: the name may have
    // a space before the colon.)
    const readLink = (title: string) =>
      page.getByRole("link", { name: new RegExp(`^Read as a page\\s*: ${escaped(title)}$`) });
    await expect(page.getByRole("link", { name: /^Read as a page\s*: / })).toHaveCount(4);
    await expect(page.getByRole("link", { name: /^Download PDF\s*: / })).toHaveCount(4);
    await expect(page.getByText("Placeholder Files").first()).toBeVisible();
    for (const guide of guides) {
      const download = page.getByRole("link", { name: new RegExp(`^Download PDF\\s*: ${escaped(guide.title)} \\(`) });
      await expect(download).toHaveAttribute("target", "_blank");
      const href = (await download.getAttribute("href")) ?? "";
      expect(href, guide.id).toMatch(new RegExp(`^/files/${guide.file}/[a-z0-9-]+\\.pdf$`));
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"], href).toBe("application/pdf");
      const body = await response.body();
      expect(body.subarray(0, 5).toString("latin1"), href).toBe("%PDF-");
      const bytes = body.length;
      const shown = bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} KB`;
      await expect(download).toHaveAccessibleName(
        new RegExp(`^Download PDF\\s*: ${escaped(guide.title)} \\(PDF, ${shown}, opens in a new tab\\)$`),
      );
      const card = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: guide.title, exact: true }) });
      await expect(card.locator("dt", { hasText: "Size" }).locator("xpath=following-sibling::dd")).toHaveText(shown);
      await expect(readLink(guide.title)).toHaveAttribute("href", `/user-manuals/${guide.id}`);
    }
    // Each "Read as a page" leads to its guide's page, with the guide's title as its heading.
    for (const guide of guides) {
      await readLink(guide.title).click();
      await expect(page).toHaveURL(new RegExp(`/user-manuals/${guide.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
      await page.goBack();
      await expect(page).toHaveURL(/\/user-manuals$/);
    }
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "View FAQ" })).toHaveAttribute("href", "/faq");
  });
});

test.describe("order", () => {
  test("without a hosted form, the native form and phone and email, never an empty frame", async ({ page }) => {
    await page.goto("/order");
    await expect(page.getByRole("heading", { level: 1, name: "Request Your Custom Aquila Pad" })).toBeVisible();
    for (const step of ["Submit Request", "Expert Consultation", "Custom Build", "Fast Delivery"]) {
      await expect(page.getByRole("heading", { level: 2, name: step })).toBeVisible();
    }
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Open in New Tab/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
    await expect(page.locator("#order-form").getByRole("link", { name: /866-7AQUILA/ })).toHaveAttribute(
      "href",
      "tel:+18667278452",
    );
    await page.getByRole("link", { name: "Start Your Order" }).click();
    await expect(page).toHaveURL(/#order-form$/);
  });

  test("with a hosted form, offers it after the native form, embedding exactly that origin in a titled frame", async ({
    page,
  }) => {
    const response = await page.goto(`${orderSiteURL}/order`);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain(`frame-src ${new URL(standInFormURL).origin}`);
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("title", "Hosted order request form");
    // The native form comes first; the hosted one is the alternative after it.
    const formBeforeFrame = await page.evaluate(() => {
      const form = document.querySelector("#order-request form");
      const iframe = document.querySelector("iframe");
      return Boolean(form && iframe && form.compareDocumentPosition(iframe) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(formBeforeFrame).toBe(true);
    await expect(frame).toHaveAttribute("src", standInFormURL);
    await frame.scrollIntoViewIfNeeded();
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Stand-in order form" })).toBeVisible();
    const height = await frame.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(500);
    expect(height).toBeLessThanOrEqual(900);
    await expect(page.getByRole("link", { name: /open it in a new tab/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: /Open in New Tab/ })).toHaveAttribute("href", standInFormURL);
    await expect(page.getByRole("link", { name: "Open Form Below" })).toHaveAttribute("href", "#order-request");
    await expectNoAxeViolations(page, "order with frame");
  });
});

for (const route of siteRoutes.filter((r) => r.prerender)) {
  test(`prerendered ${route.path} is served from a file with hashes in its CSP and an ETag`, async ({ request }) => {
    const first = await request.get(route.path, { headers: { "Accept-Encoding": "br" } });
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    const scriptSrc =
      headers["content-security-policy"]?.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-(inline|eval)/);
    const etag = headers.etag ?? "";
    const again = await request.get(route.path, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  });
}

for (const route of siteRoutes) {
  const loadsReact = route.hydrate;
  test(`${route.path} ${loadsReact ? "loads" : "loads no"} JavaScript bundle, as its manifest entry says`, async ({
    request,
  }) => {
    const html = await (await request.get(route.path)).text();
    expect(/<script\b[^>]*type="module"/.test(html)).toBe(loadsReact);
  });
}

test("axe finds nothing with a bio dialog or the mobile menu open in the light theme", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "theme", value: "light", url: baseURL }]);
  await page.goto("/about");
  await page
    .getByRole("button", { name: /^Read bio/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, "bio dialog, light");
  await page.keyboard.press("Escape");
  await page.setViewportSize(viewports.mobile);
  await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
  await expectNoAxeViolations(page, "mobile menu, light");
});
