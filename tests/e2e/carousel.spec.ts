import { expect, expectNoAxeViolations, test, viewports } from "./fixtures";
import { seedReviews } from "./seed";

// Newest first on the home page: these become the first cards while the test runs.
test.describe.serial("the home page's reviews carousel", () => {
  test.beforeAll(() => {
    const marker = Date.now();
    seedReviews(
      Array.from({ length: 9 }, (_, i) => ({
        name: `Carousel ${marker}-${i}`,
        // The newest (first) card has the long quote.
        quote: i === 8 ? `${"A long story about comfort and healing. ".repeat(8)}` : `Short review ${i}.`,
        rating: 10 - i,
        createdAt: new Date(Date.now() + 3_600_000 + i * 1000).toISOString(),
      })),
    );
  });

  for (const [width, perView] of [
    [viewports.mobile.width, 1],
    [viewports.tablet.width, 2],
    [viewports.desktop.width, 3],
  ] as const) {
    test(`shows ${perView} card(s) per view at ${width}px and wraps both ways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto("/");
      const carousel = page.getByRole("region", { name: "Reviews", exact: true });
      const dots = carousel.getByRole("button", { name: /^Show slide \d+ of \d+$/ });
      const last = 9 - perView + 1;
      // On a phone the dots give way to "1 / 9", so the controls stay on one line.
      const position = carousel.getByText(/^\d+ \/ \d+$/);
      // A screen reader is told the new position at every width: pressing a button only scrolls.
      const announced = carousel.locator("[aria-live='polite'][aria-atomic='true']");
      const isAt = async (slide: number) => {
        if (width < 640) await expect(position).toHaveText(`${slide} / ${last}`);
        else
          await expect(carousel.getByRole("button", { name: `Show slide ${slide} of ${last}` })).toHaveAttribute(
            "aria-current",
            "true",
          );
        await expect(announced).toHaveText(`Slide ${slide} of ${last}`);
      };
      await expect(dots).toHaveCount(width < 640 ? 0 : last);
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      await isAt(last);
      await carousel.getByRole("button", { name: "Next slide" }).click();
      await isAt(1);
    });
  }

  test("a short card ends level with the longest at 375 px, leaving no gap under it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const slides = page.getByRole("region", { name: "Reviews: slides" });
    // The first card has the long quote; the second a short one.
    const [longCard, shortCard] = [0, 1].map((i) =>
      slides.locator('[aria-roledescription="slide"]').nth(i).locator("article"),
    );
    const bottoms = async () => [
      (await longCard!.boundingBox())!.height,
      (await shortCard!.boundingBox())!.height,
      (await slides.boundingBox())!.height,
    ];
    const [long, short, row] = await bottoms();
    expect(Math.abs(long! - short!), "both cards are as tall").toBeLessThan(1);
    expect(row! - short!, "the row is no taller than its cards").toBeLessThan(1);
  });

  for (const width of [320, 375]) {
    test(`with nine reviews, its controls sit on one line at ${width} px and the page never scrolls sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto("/");
      const carousel = page.getByRole("region", { name: "Reviews", exact: true });
      const controls = [
        carousel.getByRole("button", { name: /^(Pause|Play)/ }),
        carousel.getByRole("button", { name: "Previous slide" }),
        carousel.getByText(/^\d+ \/ 9$/),
        carousel.getByRole("button", { name: "Next slide" }),
      ];
      const middles: number[] = [];
      for (const control of controls) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        middles.push(box!.y + box!.height / 2);
      }
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test("has a visible Pause button, advances by itself every 8 s, and stops when paused", async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize(viewports.desktop);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Reviews", exact: true });
    const pause = carousel.getByRole("button", { name: /^Pause/ });
    await expect(pause).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(8_100);
    await expect(carousel.getByRole("button", { name: "Show slide 2 of 7" })).toHaveAttribute("aria-current", "true");
    await pause.click();
    await expect(carousel.getByRole("button", { name: /^Play/ })).toBeVisible();
    // Neither hovered nor focused now, so only the Pause button holds it still.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(20_000);
    await expect(carousel.getByRole("button", { name: "Show slide 2 of 7" })).toHaveAttribute("aria-current", "true");
    await expectNoAxeViolations(page, "carousel");
  });

  test("never moves by itself when the visitor prefers reduced motion", async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(viewports.desktop);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Reviews", exact: true });
    await expect(carousel.getByRole("button", { name: /^Pause/ })).toHaveCount(0);
    await page.clock.runFor(30_000);
    await expect(carousel.getByRole("button", { name: "Show slide 1 of 7" })).toHaveAttribute("aria-current", "true");
  });

  test("long quotes get See more / See less", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(viewports.desktop);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Reviews", exact: true });
    await carousel.getByText("See more").first().click();
    await expect(carousel.getByText("See less").first()).toBeVisible();
  });
});
