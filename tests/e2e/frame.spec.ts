import { navigation } from "../../app/content/navigation";
import { siteRoutes } from "../../app/route-manifest";
import { expect, expectNoAxeViolations, test, viewports } from "./fixtures";

const navNames = ["Home", "About", "Testimonials"];
const navPaths = navigation.flatMap((item) => ("items" in item ? item.items.map((i) => i.href) : [item.href]));
const footerNames = [
  "About Us",
  "Testimonials",
  "SofTech System",
  "Paying for SofTech",
  "User Guides",
  "FAQ",
  "Contact",
  "Order",
];
const policyNames = ["Privacy Policy", "Consumer Health Data Privacy", "Accessibility", "How we moderate reviews"];

for (const route of siteRoutes) {
  for (const [size, viewport] of Object.entries(viewports).filter(([name]) => name !== "tablet")) {
    test(`frame on ${route.path} at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/ \| Aquila$/);

      const skip = page.getByRole("link", { name: "Skip to main content" });
      await page.keyboard.press("Tab");
      await expect(skip).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main-content")).toBeFocused();

      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      if (size === "mobile") {
        await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
      }
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const name of navNames) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      await expect(nav.getByText("Product menu")).toBeAttached();
      await expect(nav.getByText("Contact menu")).toBeAttached();
      await expect(page.getByRole("banner").getByRole("link", { name: "Request an Order" })).toBeVisible();

      const footer = page.getByRole("contentinfo");
      for (const name of footerNames)
        await expect(
          footer.getByRole("navigation", { name: "Footer" }).getByRole("link", { name, exact: true }),
        ).toBeVisible();
      // Every page links to the privacy policy and, separately, to its consumer-health-data section.
      for (const name of policyNames)
        await expect(
          footer.getByRole("navigation", { name: "Policies" }).getByRole("link", { name, exact: true }),
        ).toBeVisible();
      await expect(footer.getByRole("link", { name: /866-7AQUILA \(727-8452\)/ })).toHaveAttribute(
        "href",
        "tel:+18667278452",
      );
      await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
      await expect(footer).toContainText("not intended to diagnose, treat, cure or prevent any disease");
    });
  }

  if (navPaths.includes(route.path))
    test(`current route is marked on ${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      const nav = page.getByRole("navigation", { name: "Main" });
      const current = nav.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("href", route.path);
    });

  // axe in both themes at every width, zoom and setting: every-width.spec.ts.
}

test("menus work from the keyboard alone", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const productToggle = nav.locator("summary", { hasText: "Product" });
  await productToggle.focus();
  await page.keyboard.press("Enter");
  const guides = nav.getByRole("link", { name: "User Guides" });
  await expect(guides).toBeVisible();
  await expectNoAxeViolations(page, "product menu open");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Product", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(guides).toBeHidden();
  await expect(productToggle).toBeFocused();

  // Opening the Contact menu closes the Product menu: one open at a time.
  await productToggle.press("Enter");
  const contactToggle = nav.locator("summary", { hasText: "Contact" });
  await contactToggle.focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "FAQ" })).toBeVisible();
  await expect(guides).toBeHidden();
});

test("the focus ring is visible on every kind of control", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe("solid");
});

test.describe("on a touch screen", () => {
  test.use({ viewport: viewports.mobile, hasTouch: true, isMobile: true });

  test("in the mobile menu, with Product open, one tap on Contact opens Contact", async ({ page }) => {
    await page.goto("/");
    await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).tap();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Product" }).tap();
    await expect(nav.getByRole("link", { name: "User Guides" })).toBeVisible();
    await nav.locator("summary", { hasText: "Contact" }).tap();
    await expect(nav.getByRole("link", { name: "FAQ" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "User Guides" })).toBeHidden();
  });
});

test("the mobile menu toggles, closes on Escape and closes when a link is chosen", async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  await page.goto("/");
  const toggle = page.locator("summary", { hasText: /^\s*Menu\s*$/ });
  await toggle.click();
  const panelLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
  await expect(panelLink).toBeVisible();
  await expectNoAxeViolations(page, "mobile menu open");
  await page.keyboard.press("Escape");
  await expect(panelLink).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByRole("banner").getByRole("link", { name: "Request an Order" }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(panelLink).toBeHidden();
});

test("interactive targets are at least 44 by 44 pixels", async ({ page }) => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const small = await page.evaluate(() =>
      [...document.querySelectorAll("a[href], button, summary, input, select, textarea")]
        .filter((el) => {
          // A checkbox or radio inside its label is operated by the whole label.
          const label = el.tagName === "INPUT" ? el.closest("label") : null;
          if (el.getBoundingClientRect().width === 0) return false;
          const rect = (label ?? el).getBoundingClientRect();
          if (rect.width === 0 && rect.height === 0) return false;
          // Links inside running text are exempt (WCAG 2.5.8 inline exception).
          if (el.tagName === "A" && el.closest("p")) return false;
          return rect.width < 44 || rect.height < 44;
        })
        .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`),
    );
    expect(small, `small targets at ${viewport.width}px`).toEqual([]);
  }
});

test.describe("not found", () => {
  // The browser logs the 404 of the page itself; that one is expected here.
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("an unknown address shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("did you add the page to the router")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Contact us" })).toBeVisible();
    await expectNoAxeViolations(page, "404");
  });
});

test("on a page without a JavaScript bundle the menus still close on Escape and outside clicks", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto("/about");
  expect(scripts).toEqual([]);
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.locator("summary", { hasText: "Product" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  // Outside the menu: the heading's left end (the open menu may cover its middle).
  await page.locator("main h1").click({ position: { x: 5, y: 5 } });
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeHidden();

  await page.setViewportSize(viewports.mobile);
  const menu = page.locator("summary", { hasText: /^\s*Menu\s*$/ });
  await menu.click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeFocused();
});

test("at 375 px the theme can be changed from inside the menu", async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  await page.goto("/");
  await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
  const theme = page.locator("#mobile-theme-toggle");
  await theme.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Light" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});

test("a header menu closes when keyboard focus leaves it, so it never covers what has focus", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator("summary", { hasText: "Product" }).focus();
  await page.keyboard.press("Enter");
  // Through each of the menu's links, then one more: focus has left the menu.
  const links = navigation.find((item) => item.key === "productMenu");
  const count = links && "items" in links ? links.items.length : 0;
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i <= count; i++) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeHidden();
});

test("moving to another page puts focus at the start of its main content", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator("#main-content")).toBeFocused();
});

test("a menu opened before the page has hydrated stays open", async ({ page }) => {
  // Hold the scripts back so the click certainly lands before React starts.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator("summary", { hasText: "Product" }).click();
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeVisible();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated");
  await expect(nav.getByRole("link", { name: "User Guides" })).toBeVisible();
});
