import { siteRoutes } from "../../app/route-manifest";
import { trustSignals } from "../../app/content/trust-band";
import { expect, test, viewports } from "./fixtures";
import { contrastRatio } from "../support/contrast";
import { seedReviews } from "./seed";

const trustTitles = trustSignals().map((signal) => signal.title);

test("the trust band is the same six facts, with drawn marks, on the home, product and order pages", async ({
  page,
}) => {
  const seen: string[] = [];
  for (const path of ["/", "/product", "/order"]) {
    await page.goto(path);
    const band = page.getByRole("region", { name: "Approvals, coverage and guarantees" });
    await expect(band.getByRole("heading", { name: "Approvals, coverage and guarantees" })).toBeAttached();
    const items = band.getByRole("listitem");
    await expect(items).toHaveCount(6);
    for (const title of [
      "FDA-cleared",
      "CE marked",
      "Insurance coded",
      "Two active patents",
      "18-month warranty",
      "30-day guarantee",
    ]) {
      await expect(band.getByText(title, { exact: true })).toBeVisible();
    }
    // Until the company supplies the billing code, the band says how to get it and invents none.
    await expect(band).toContainText("Ask us for the billing code");
    // Marks are drawn, decorative and hidden from screen readers; no logo image is used.
    await expect(band.locator("svg[aria-hidden='true']")).toHaveCount(6);
    await expect(band.locator("img")).toHaveCount(0);
    seen.push((await band.innerText()).trim());
  }
  expect(new Set(seen).size).toBe(1);
  expect(trustTitles).toEqual([
    "FDA-cleared",
    "CE marked",
    "Insurance coded",
    "Two active patents",
    "18-month warranty",
    "30-day guarantee",
  ]);
});

test("text is set in Atkinson Hyperlegible Next, self-hosted and preloaded: two faces, both used", async ({
  page,
  request,
}) => {
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") fonts.push(new URL(response.url()).pathname);
  });
  await page.goto("/");
  const preloads = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(preloads).toHaveLength(2);
  for (const href of preloads) {
    expect(href).toMatch(/^\/assets\/atkinson-hyperlegible-next-latin-(400|700)-normal-[\w-]+\.woff2$/);
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("font/woff2");
    expect(response.headers()["cache-control"]).toContain("immutable");
  }
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('400 1em "Atkinson Hyperlegible Next"'))).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('700 1em "Atkinson Hyperlegible Next"'))).toBe(true);
  expect(await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(
    /^"Atkinson Hyperlegible Next"/,
  );
  // Only the two preloaded files were fetched: no other weight, style or subset.
  expect([...new Set(fonts)].sort()).toEqual([...preloads].sort());
});

test("no public page shifts its layout while it loads, its font included (CLS 0)", async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  const shifted: string[] = [];
  for (const route of siteRoutes) {
    await page.goto(route.path);
    await page.evaluate(() => document.fonts.ready);
    const total = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) sum += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          window.setTimeout(() => resolve(sum), 300);
        }),
    );
    if (total > 0) shifted.push(`${route.path}: ${total.toFixed(4)}`);
  }
  expect(shifted).toEqual([]);
});

test.describe("the alternating-cells animation", () => {
  const cellA = (page: import("@playwright/test").Page) => page.locator("#alternation .cell-a").first();
  const cellB = (page: import("@playwright/test").Page) => page.locator("#alternation .cell-b").first();

  test("runs, says what it shows, and a visible checkbox pauses it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const picture = page.locator("#alternation").getByRole("img");
    await expect(picture).toHaveAttribute("aria-label", /cells marked A and cells marked B take turns/);
    await expect(page.locator("#alternation figcaption")).toHaveText(
      "Cells A and B take turns; on the cushion they cycle about every 60 seconds. The animation is sped up.",
    );
    expect(await cellA(page).evaluate((cell) => getComputedStyle(cell).animationName)).toBe("cells-a");
    expect(await cellB(page).evaluate((cell) => getComputedStyle(cell).animationName)).toBe("cells-b");
    expect(await cellA(page).evaluate((cell) => getComputedStyle(cell).animationPlayState)).toBe("running");

    const pause = page.getByRole("checkbox", { name: "Pause the animation" });
    const box = await page.locator("label", { hasText: "Pause the animation" }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await pause.focus();
    await page.keyboard.press("Space");
    await expect(pause).toBeChecked();
    expect(await cellA(page).evaluate((cell) => getComputedStyle(cell).animationPlayState)).toBe("paused");
    // Paused means still: the cell's transform does not change over the next half second.
    const transform = () => cellA(page).evaluate((cell) => getComputedStyle(cell).transform);
    const first = await transform();
    await page.waitForTimeout(500);
    expect(await transform()).toBe(first);
  });

  test("with reduced motion it is a still picture of one phase, and there is nothing to pause", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    expect(await cellA(page).evaluate((cell) => getComputedStyle(cell).animationName)).toBe("none");
    const [a, b] = [await cellA(page).boundingBox(), await cellB(page).boundingBox()];
    expect(a!.height).toBeGreaterThan(b!.height * 2);
    await expect(page.getByRole("checkbox", { name: "Pause the animation" })).toBeHidden();
    // A still picture is not called sped up.
    await expect(page.locator("#alternation figcaption")).toHaveText(
      "Cells A and B take turns; on the cushion they cycle about every 60 seconds.",
      { useInnerText: true },
    );
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`on the brand-coloured final call to action the focus ring stands out from the band in the ${theme} theme`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    await page.goto("/");
    const band = page.locator("section[aria-labelledby='final-cta']");
    const link = band.getByRole("link", { name: "Send us a message" });
    await link.focus();
    expect(await link.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
    const ring = await link.evaluate((el) => getComputedStyle(el).outlineColor);
    const behind = await band.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(contrastRatio(ring, behind)).toBeGreaterThanOrEqual(3);
  });
}

test("the facts that are numbers stand as large figures, and the key message and the final call to action span the page", async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto("/");
  const figures = page.locator("#figures li");
  await expect(figures).toHaveCount(6);
  const values = await figures.evaluateAll((items) =>
    items.map((item) => item.querySelector("p")!.firstChild!.textContent!.trim()),
  );
  expect(values).toEqual(["60", "24–30", "18", "30", "1000+", "1999"]);
  // Large: each number is set well above the body text beside it.
  const [number, body] = await Promise.all([
    figures
      .first()
      .locator("p")
      .first()
      .evaluate((p) => parseFloat(getComputedStyle(p).fontSize)),
    page.locator("body").evaluate((b) => parseFloat(getComputedStyle(b).fontSize)),
  ]);
  expect(number).toBeGreaterThanOrEqual(body * 2.5);
  for (const band of ["#alternation", "section[aria-labelledby='final-cta']"]) {
    const box = (await page.locator(band).boundingBox())!;
    expect([box.x, box.width], band).toEqual([0, viewports.desktop.width]);
  }
});

test("the technology rows are drawn in the page's own colours, each saying what it shows, in the light and the dark theme", async ({
  page,
  context,
  baseURL,
}) => {
  const plates: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL }]);
    await page.goto("/");
    const technology = page.locator("#technology");
    const drawings = technology.getByRole("img");
    await expect(drawings).toHaveCount(4);
    for (const name of [
      /two controllers/,
      /battery four-fifths charged/,
      /one corner cut away/,
      /moisture control unit/,
    ]) {
      await expect(technology.getByRole("img", { name })).toBeVisible();
    }
    // No image file with a plate of its own: every picture here takes its colours from the theme.
    await expect(technology.locator("img")).toHaveCount(0);
    plates.push(
      await drawings
        .first()
        .locator("rect")
        .first()
        .evaluate((rect) => getComputedStyle(rect).fill),
    );
  }
  expect(plates[0]).not.toBe(plates[1]);
});

test("the product page opens with its drawing, and its five benefits leave no hole at any width", async ({ page }) => {
  await page.goto("/product");
  await expect(
    page
      .getByRole("banner")
      .or(page.locator("main header"))
      .getByRole("img", { name: /person sitting in a wheelchair on the cushion/ }),
  ).toBeVisible();
  for (const width of [320, 375, 768, 800, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    const list = page.locator("#benefits ul").first();
    const right = (await list.boundingBox())!;
    const boxes = await list
      .locator(":scope > li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const rows = new Map<number, number>();
    for (const box of boxes) rows.set(Math.round(box.top), Math.max(rows.get(Math.round(box.top)) ?? 0, box.right));
    for (const [top, rowRight] of rows)
      expect(Math.abs(rowRight - (right.x + right.width)), `row at ${top}px, ${width}px wide`).toBeLessThan(2);
  }
});

/** How far each card's box runs past its last line of content: 0 when it takes the height of its words. */
function slackOf(articles: Element[]) {
  return articles.map((article) => {
    const box = article.getBoundingClientRect();
    const style = getComputedStyle(article);
    const last = article.lastElementChild!.getBoundingClientRect();
    const slack = box.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom) - last.bottom;
    return Math.round(slack);
  });
}

test.describe("review cards take the height of their words", () => {
  // Dated in the past, so they join the pages without pushing other tests' reviews off page 1.
  test.beforeAll(() => {
    const marker = Date.now();
    seedReviews([
      {
        name: `Height short ${marker}`,
        quote: "Short and sweet.",
        rating: 9,
        createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      },
      {
        name: `Height long ${marker}`,
        quote: "A long account of a year on the cushion. ".repeat(3),
        rating: 8,
        createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString(),
      },
    ]);
  });

  test("on /testimonials, in columns that keep the reading order", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/testimonials");
    const list = page.locator("main ul:has(> li > article)");
    expect(await list.evaluate((ul) => getComputedStyle(ul).columnCount)).toBe("3");
    const cards = page.locator("main article[aria-label^='Review by']");
    expect(await cards.count()).toBeGreaterThan(1);
    expect(await cards.evaluateAll(slackOf)).toEqual(Array(await cards.count()).fill(0));
    // The reading order is the source order, which runs down each column in turn.
    const lefts = await cards.evaluateAll((articles) =>
      articles.map((article) => Math.round(article.getBoundingClientRect().left)),
    );
    const columnsInOrder = lefts.filter((left, i) => i === 0 || left !== lefts[i - 1]);
    expect(columnsInOrder).toEqual([...new Set(lefts)].sort((x, y) => x - y));
  });

  test("in the home page's carousel", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Reviews", exact: true }).locator("article");
    expect(await cards.count()).toBeGreaterThan(1);
    expect(await cards.evaluateAll(slackOf)).toEqual(Array(await cards.count()).fill(0));
  });
});
