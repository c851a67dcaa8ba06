import type { Locator, Page, TestInfo } from "@playwright/test";
import { testimonialsPage } from "../../app/content/testimonials";
import { examplePages, siteRoutes } from "../../app/route-manifest";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { seedInvitation, seedMessage, seedOrder, seedReviews, signInAsStaff } from "./seed";

/**
 * Every page at every width, zoom and setting of docs/requirements.md §6.1: phones (320, 375,
 * 414), tablets (768, 820), small and large desktops (1024, 1280), and a 1280 × 800 window at
 * 200 % and 400 % zoom (640 × 400 and 320 × 200 CSS pixels); each of them with WCAG's text
 * spacing (1.4.12), and the pages in forced colours and under reduced motion. One page load per
 * route (two with the light theme); the sizes and settings change on the loaded page, as a
 * window resized or zoomed does.
 *
 * It fails on a page that scrolls sideways, a header whose links overlap or spill out of it, text
 * cut off by its box, a focused element hidden behind anything the site draws (every tabbable
 * element of the page is focused in turn at four sizes), and any axe violation. axe scans each
 * page on a phone and on a desktop, in each theme for the public pages: what it checks changes with
 * the layout (which controls show, how large they are) and the theme (contrast), and between those
 * the page's own checks above run at every size.
 */

const sizes = [
  { name: "320 px", width: 320, height: 640 },
  { name: "375 px", width: 375, height: 667 },
  { name: "414 px", width: 414, height: 896 },
  { name: "768 px", width: 768, height: 1024 },
  { name: "820 px", width: 820, height: 1180 },
  { name: "1024 px", width: 1024, height: 768 },
  { name: "1280 px", width: 1280, height: 800 },
  { name: "200 % zoom", width: 640, height: 400 },
  { name: "400 % zoom", width: 320, height: 200 },
] as const;
type Size = (typeof sizes)[number];
const size = (name: Size["name"]) => sizes.find((s) => s.name === name)!;

/** WCAG 2.2 1.4.12's values, as the W3C's text-spacing bookmarklet applies them. */
const textSpacing = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** What is wrong with the page's layout as it is drawn now: sideways scrolling, the header, clipped text. */
function layoutProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Named by the innermost element that reaches past the window's right edge.
      const wide = [...document.querySelectorAll("body *")].filter(
        (el) =>
          el.getBoundingClientRect().right > root.clientWidth + 1 && el.checkVisibility() && !el.closest(".sr-only"),
      );
      // Or, when no box reaches past it, the innermost whose own content (a long word) does.
      const spilling = [...document.querySelectorAll("body *")].filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX === "visible" &&
          el.clientWidth > 0 &&
          el.checkVisibility(),
      );
      const culprit =
        wide.find((el) => !wide.some((other) => other !== el && el.contains(other))) ??
        spilling.find((el) => !spilling.some((other) => other !== el && el.contains(other)));
      problems.push(
        `${where}: the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window${culprit ? `, past it: ${name(culprit)}` : ""}`,
      );
    }

    // The header's own items: none over another, none outside the header's box.
    const header = document.querySelector("body > header")!;
    const box = header.getBoundingClientRect();
    // What shows of an element: its box, less what a scrolling ancestor (the folded menu's panel) clips.
    const shownBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [top, bottom, left, right] = [r.top, r.bottom, r.left, r.right];
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === "visible") continue;
        const clip = up.getBoundingClientRect();
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      return { top, bottom, left, right };
    };
    const items = [...header.querySelectorAll("a, summary, button")]
      .filter((el) => !el.closest("details:not([open]) > :not(summary)") && el.checkVisibility())
      .filter((el) => !el.closest(".sr-only") && el.getBoundingClientRect().width > 1)
      .filter((el) => {
        const shown = shownBox(el);
        return shown.bottom - shown.top > 1 && shown.right - shown.left > 1;
      });
    for (const [i, a] of items.entries()) {
      const ra = shownBox(a);
      if (ra.top < box.top - 1 || ra.bottom > box.bottom + 1 || ra.left < box.left - 1 || ra.right > box.right + 1)
        // An open menu's panel hangs below the header by design; its own toggle must not.
        if (!a.closest("details[open] > :not(summary)")) problems.push(`${where}: ${name(a)} spills out of the header`);
      const inPanel = (el: Element) => Boolean(el.closest("details[open] > :not(summary)"));
      for (const b of items.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        // An open menu lies over what is under it, as a menu does; its own items must not overlap.
        if (inPanel(a) !== inPanel(b)) continue;
        const rb = shownBox(b);
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 1 && y > 1) problems.push(`${where}: ${name(a)} overlaps ${name(b)} in the header`);
      }
    }

    // Text cut off by a box that hides what overflows it (the screen-reader-only text is meant to be).
    for (const el of document.querySelectorAll("body *")) {
      if (!(el instanceof HTMLElement) || el.closest(".sr-only") || !el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== "hidden" && style.overflowX !== "clip" && style.overflowY !== "hidden") continue;
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      // A one-line preview that ends in "…" and links to the whole text is shortened on purpose.
      if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") continue;
      if (!el.innerText.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        problems.push(
          `${where}: text is cut off in ${name(el)} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
        );
    }
    return problems;
  }, where);
}

/**
 * Focuses every element a Tab reaches, in order, and names those the site hides: whose visible
 * middle is under something else (the sticky header, a toast, a menu), or that stay off screen.
 * Run under reduced motion, so each focus scrolls at once, as it does for people who ask for it.
 *
 * `within`: only the elements inside this selector. `settle`: wait two frames after each focus,
 * for what moves out of focus's way (a toast) to move. `anyPart`: the element only has to show
 * somewhere (WCAG 2.4.11's "not entirely hidden"), for a window too small for more.
 */
function hiddenFocus(
  page: Page,
  where: string,
  options: { within?: string; settle?: boolean; anyPart?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(
    async ({ where, within = "body", settle = false, anyPart = false }) => {
      const problems: string[] = [];
      const selector =
        "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
      const tabbable = [...document.querySelectorAll<HTMLElement>(`${within} :is(${selector})`)].filter(
        (el) => el.tabIndex >= 0 && !el.closest("[inert]") && el.checkVisibility({ visibilityProperty: true }),
      );
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (const el of tabbable) {
        el.focus();
        if (document.activeElement !== el) continue;
        if (settle) {
          await frame();
          await frame();
        }
        // A visually hidden input is seen through its label (the rating's stars, a checkbox card).
        const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? null) : null;
        const shown = el.getBoundingClientRect().width > 1 || !label ? el : label;
        // A link in running text may wrap: its first line's box, not the box around both lines.
        const rect =
          [...shown.getClientRects()].find((r) => r.bottom > 0 && r.top < window.innerHeight && r.width > 1) ??
          shown.getBoundingClientRect();
        const top = Math.max(rect.top, 0);
        const bottom = Math.min(rect.bottom, window.innerHeight);
        const left = Math.max(rect.left, 0);
        const right = Math.min(rect.right, document.documentElement.clientWidth);
        const what = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
        if (bottom - top < 1 || right - left < 1) {
          problems.push(`${where}: ${what} is focused off screen`);
          continue;
        }
        const points = anyPart
          ? [0.5, 0.1, 0.9].flatMap((y) => [0.1, 0.5, 0.9].map((x) => [x, y] as const))
          : [[0.5, 0.5] as const];
        const hits = points.map(([x, y]) =>
          document.elementFromPoint(left + (right - left) * x, top + (bottom - top) * y),
        );
        const seen = (hit: Element | null) =>
          Boolean(hit && (el.contains(hit) || shown.contains(hit) || hit === label));
        if (!hits.some(seen)) {
          const hit = hits[0];
          const cover = hit
            ? `${hit.tagName.toLowerCase()}${hit.closest("header") ? " (in the header)" : ""}${hit.closest("[aria-label^='Notification'], ol") ? " (a notification)" : ""}`
            : "nothing";
          problems.push(`${where}: ${what} is focused under ${cover}`);
        }
      }
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
      return problems;
    },
    { where, ...options },
  );
}

/** Whether some of the focused element shows, below the header and not under anything else, once things have moved. */
async function focusedShows(page: Page): Promise<boolean> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const el = document.activeElement as HTMLElement;
        const r = el.getBoundingClientRect();
        for (let y = Math.max(r.top, 0) + 2; y < Math.min(r.bottom, window.innerHeight); y += 8) {
          const hit = document.elementFromPoint(r.left + r.width / 2, y);
          if (hit && el.contains(hit)) return true;
        }
        return false;
      }),
    )
    .toBe(true);
  return true;
}

/** Every size with and without text spacing, forced colours at two, reduced motion, and hidden focus at four. */
async function walk(page: Page, axeAt: readonly Size["name"][]) {
  const problems: string[] = [];
  for (const s of sizes) {
    await page.setViewportSize({ width: s.width, height: s.height });
    problems.push(...(await layoutProblems(page, s.name)));
    if (axeAt.includes(s.name)) await expectNoAxeViolations(page, s.name);
  }

  await page.emulateMedia({ reducedMotion: "reduce" });
  const animations = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === "running" && Number(a.effect?.getComputedTiming().duration ?? 0) > 1)
      .map((a) => (a.effect instanceof KeyframeEffect ? (a.effect.target?.className ?? "") : "")),
  );
  expect(animations, "animations running under reduced motion").toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  for (const name of ["375 px", "820 px", "1280 px", "400 % zoom"] as const) {
    const s = size(name);
    await page.setViewportSize({ width: s.width, height: s.height });
    problems.push(...(await hiddenFocus(page, name)));
  }

  const spacing = await page.addStyleTag({ content: textSpacing });
  for (const s of sizes) {
    await page.setViewportSize({ width: s.width, height: s.height });
    problems.push(...(await layoutProblems(page, `${s.name} with text spacing`)));
  }
  await spacing.evaluate((style) => (style as HTMLElement).remove());

  await page.emulateMedia({ reducedMotion: "no-preference", forcedColors: "active" });
  for (const name of ["320 px", "1280 px"] as const) {
    const s = size(name);
    await page.setViewportSize({ width: s.width, height: s.height });
    problems.push(...(await layoutProblems(page, `${name} in forced colours`)));
  }
  await page.emulateMedia({ forcedColors: "none" });
  return problems;
}

test.describe("every public page", () => {
  for (const route of [...siteRoutes, ...examplePages.map((path) => ({ path }))]) {
    test(`${route.path} at every width, zoom and setting`, async ({ page, context, baseURL }) => {
      test.slow();
      await page.setViewportSize(size("1280 px"));
      await page.goto(route.path);
      const problems = await walk(page, ["320 px", "1280 px"]);
      expect(problems).toEqual([]);

      // The light theme's colours pass too, on a phone and a desktop.
      await context.addCookies([{ name: "theme", value: "light", url: baseURL }]);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      for (const name of ["375 px", "1280 px"] as const) {
        await page.setViewportSize(size(name));
        await expectNoAxeViolations(page, `${name}, light theme`);
      }
    });
  }
});

test.describe("every public page in the fallback font", () => {
  // The web font is refused, as for a visitor who blocks web fonts or before it arrives; the
  // browser reports each refused file as a failed load.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });
  for (const route of siteRoutes) {
    test(`${route.path} with text spacing on a phone, in the fallback font`, async ({ page }) => {
      await page.route(/\.woff2?(\?|$)/, (font) => font.abort());
      await page.setViewportSize(size("375 px"));
      await page.goto(route.path);
      const webFontLoaded = () =>
        page.evaluate(() =>
          [...document.fonts].some((font) => font.family.includes("Atkinson") && font.status === "loaded"),
        );
      expect(await webFontLoaded()).toBe(false);
      await page.addStyleTag({ content: textSpacing });
      const problems: string[] = [];
      for (const name of ["320 px", "375 px", "414 px", "400 % zoom"] as const) {
        await page.setViewportSize(size(name));
        problems.push(...(await layoutProblems(page, `${name} with text spacing, fallback font`)));
      }
      expect(problems).toEqual([]);
    });
  }
});

test.describe("every admin page", () => {
  let message = "";
  let order = "";
  test.beforeAll(() => {
    const stamp = Date.now();
    message = seedMessage({
      name: `Width Tester ${stamp}`,
      email: `widths-${stamp}@example.com`,
      message: "A long message about a cushion that ".repeat(12),
    });
    order = seedOrder({
      firstName: "Width",
      lastName: `Tester ${stamp}`,
      email: `widths-order-${stamp}@example.com`,
    }).id;
  });

  const pages = [
    "/admin/queue",
    "/admin/replies",
    "/admin/templates",
    "/admin/testimonials",
    "/admin/orders",
    "/admin/orders/:order",
    "/admin/messages",
    "/admin/messages/:message",
    "/admin/spam",
    "/admin/data-requests",
    "/admin/accounts",
    "/admin/audit",
    "/admin/account",
    "/admin/confirm",
    "/admin/content",
    "/admin/content/company",
    "/admin/files",
    "/admin/launch",
  ];
  for (const path of pages) {
    test(`${path} at every width, zoom and setting`, async ({ page, context, baseURL }) => {
      test.slow();
      await signInAsStaff(context, baseURL ?? "");
      await page.setViewportSize(size("1280 px"));
      const response = await page.goto(path.replace(":order", order).replace(":message", message));
      expect(response?.status()).toBe(200);
      expect(await walk(page, ["375 px", "1280 px"])).toEqual([]);
    });
  }

  test("the sign-in page and an invitation at every width, zoom and setting", async ({ page }) => {
    test.slow();
    await page.setViewportSize(size("1280 px"));
    await page.goto("/admin/login");
    expect(await walk(page, ["375 px", "1280 px"])).toEqual([]);
    const invitation = await seedInvitation(`widths.${Date.now()}`, "leads");
    await page.setViewportSize(size("1280 px"));
    await page.goto(invitation);
    expect(await walk(page, ["375 px", "1280 px"])).toEqual([]);
  });
});

test("a toast moves out of the way of whatever has focus, or shrinks when the window is too small", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [name, anyPart] of [
    ["375 px", false],
    ["400 % zoom", true],
  ] as const) {
    await page.setViewportSize(size(name));
    await page.goto("/testimonials#share");
    const form = page.locator("#share form").last();
    // Nothing filled in: the "Missing Information" toast, and then Tab through the form under it.
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByRole("region", { name: /^Notification/ }).getByText("Missing Information")).toBeVisible();
    // The summary of problems has focus first; the toast makes way for it too.
    await expect(form.getByRole("alert").filter({ hasText: "problems with the form" })).toBeFocused();
    expect(await focusedShows(page), `${name}: the focused summary shows`).toBe(true);
    expect(await hiddenFocus(page, name, { within: "#share form", settle: true, anyPart })).toEqual([]);
  }
});

/** The mean colour of what an element looks like on screen, from a screenshot of it. */
async function meanColour(page: Page, target: Locator): Promise<[number, number, number]> {
  const png = (await target.screenshot()).toString("base64");
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
    const pixels = data.length / 4;
    return sum.map((v) => Math.round(v / pixels)) as [number, number, number];
  }, png);
}

/**
 * Whether the chosen one of two controls looks unlike the other, judged from screenshots; both
 * pictures are attached to the test's report.
 */
async function lookAlike(page: Page, testInfo: TestInfo, what: string, chosen: Locator, other: Locator) {
  const pictures = [await chosen.screenshot(), await other.screenshot()];
  await testInfo.attach(`forced colours, ${what}, chosen`, { body: pictures[0], contentType: "image/png" });
  await testInfo.attach(`forced colours, ${what}, not chosen`, { body: pictures[1], contentType: "image/png" });
  const [a, b] = [await meanColour(page, chosen), await meanColour(page, other)];
  const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return distance < 60 ? [`${what}: chosen rgb(${a.join(",")}), not chosen rgb(${b.join(",")})`] : [];
}

test("in forced colours the chosen filter, power option, slide and theme look unlike the others", async ({
  page,
}, testInfo) => {
  seedReviews(Array.from({ length: 4 }, (_, i) => ({ name: `Forced ${Date.now()} ${i}`, quote: `Dots ${i}.` })));
  await page.emulateMedia({ forcedColors: "active" });
  await page.setViewportSize(size("1280 px"));
  const alike: string[] = [];

  await page.goto("/testimonials");
  const filters = page.getByRole("navigation", { name: testimonialsPage.filtersLabel });
  const allReviews = filters.getByRole("link", { name: "All Reviews" });
  await expect(allReviews).toHaveAttribute("aria-current", "page");
  alike.push(
    ...(await lookAlike(page, testInfo, "filter tab", allReviews, filters.getByRole("link", { name: "Comfort" }))),
  );

  await page.goto("/");
  const power = page.getByRole("navigation", { name: "Power option" });
  alike.push(
    ...(await lookAlike(
      page,
      testInfo,
      "power option",
      power.locator("[aria-current]"),
      power.locator("a:not([aria-current])").first(),
    )),
  );
  const carousel = page.getByRole("region", { name: "Reviews", exact: true });
  alike.push(
    ...(await lookAlike(
      page,
      testInfo,
      "carousel dot",
      carousel.getByRole("button", { name: /^Show slide 1 of/ }),
      carousel.getByRole("button", { name: /^Show slide 2 of/ }),
    )),
  );
  await page.locator("#desktop-theme-toggle").click();
  const themes = page.locator('form[action="/theme"]').first();
  alike.push(
    ...(await lookAlike(
      page,
      testInfo,
      "theme",
      themes.locator('button[aria-pressed="true"]'),
      themes.locator('button[aria-pressed="false"]').first(),
    )),
  );
  expect(alike).toEqual([]);
});

test("the comparison tables show every column on a phone, and are still tables to a screen reader", async ({
  page,
}) => {
  for (const [path, table, product, productCell] of [
    ["/product", "How a traditional static cushion compares with the SofTech system", "SofTech", 1],
    ["/", "Features of a dynamic SofTech cushion compared with a static cushion", "Dynamic (SofTech)", 0],
  ] as const) {
    for (const name of ["320 px", "375 px", "820 px"] as const) {
      await page.setViewportSize(size(name));
      await page.goto(path);
      const comparison = page.getByRole("table", { name: table });
      await expect(comparison.getByRole("columnheader", { name: product, exact: true })).toBeAttached();
      const firstRow = comparison.getByRole("row").nth(1);
      await firstRow.scrollIntoViewIfNeeded();
      // Every cell of a row, the product's included, is on screen: nothing hides sideways.
      const cells = await firstRow.getByRole("cell").all();
      expect(cells.length, `${path} at ${name}`).toBe(2);
      for (const cell of cells) {
        const box = (await cell.boundingBox())!;
        expect(box.x, `${path} at ${name}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path} at ${name}`).toBeLessThanOrEqual(size(name).width);
      }
      // In cards, each value is named by its column on screen, and the header row is out of sight.
      if (name !== "820 px") {
        await expect(cells[productCell]!).toHaveAttribute("data-label", product);
        expect(await cells[productCell]!.evaluate((cell) => getComputedStyle(cell, "::before").content)).not.toBe(
          "none",
        );
        expect((await comparison.locator("thead").boundingBox())!.height).toBeLessThanOrEqual(1);
      }
    }
  }
});

test("the open menus and the review dialog fit a phone, 400 % zoom and text spacing, and hide nothing focused", async ({
  page,
}) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: "reduce" });
  const problems: string[] = [];
  // A larger default font with text spacing wraps the header: its menus must still fit the window.
  const larger = `${textSpacing}\nhtml { font-size: 125% !important; }`;
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("/about");
    const style = await page.addStyleTag({ content: larger });
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const toggle of [
      nav.locator("summary", { hasText: "Product" }),
      nav.locator("summary", { hasText: "Contact" }),
      page.locator("#desktop-theme-toggle"),
    ]) {
      await toggle.click();
      problems.push(...(await layoutProblems(page, `${width} px, larger text, ${await toggle.textContent()} open`)));
      await page.keyboard.press("Escape");
    }
    await style.evaluate((el) => (el as HTMLElement).remove());
  }
  await page.setViewportSize({ width: 320, height: 480 });
  await page.goto("/faq");
  const style = await page.addStyleTag({ content: larger });
  await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
  for (const menu of ["Product", "Contact"])
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: menu }).click();
  problems.push(...(await hiddenFocus(page, "320 × 480, larger text, menu open", { within: "header" })));
  await style.evaluate((el) => (el as HTMLElement).remove());

  for (const name of ["320 px", "400 % zoom"] as const) {
    await page.setViewportSize(size(name));
    await page.goto("/testimonials");
    const spacing = await page.addStyleTag({ content: textSpacing });
    // The folded menu, with both of its submenus open.
    await page.locator("summary", { hasText: /^\s*Menu\s*$/ }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const menu of ["Product", "Contact"]) await nav.locator("summary", { hasText: menu }).click();
    await expect(nav.getByRole("link", { name: "FAQ" })).toBeVisible();
    problems.push(...(await layoutProblems(page, `${name}, menu open`)));
    problems.push(...(await hiddenFocus(page, `${name}, menu open`, { within: "header" })));
    await page.keyboard.press("Escape");
    await spacing.evaluate((style) => (style as HTMLElement).remove());

    // The review form in its dialog: the page behind it is inert, so only the dialog is walked.
    await page.getByRole("button", { name: testimonialsPage.share.openDialog }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    problems.push(...(await layoutProblems(page, `${name}, review dialog`)));
    problems.push(...(await hiddenFocus(page, `${name}, review dialog`, { within: "dialog[open]", anyPart: true })));
    await expectNoAxeViolations(page, `${name}, review dialog`);
  }
  expect(problems).toEqual([]);
});
