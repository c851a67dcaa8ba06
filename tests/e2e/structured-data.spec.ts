import { expect, test } from "./fixtures";
import { e2eDatabase, seedReviews } from "./seed";
import type { Page } from "@playwright/test";

type Node = Record<string, unknown>;

/** Every JSON-LD node the page declares, from each script's @graph (or the script itself). */
async function graphOf(page: Page): Promise<Node[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const parsed = JSON.parse(text) as Node & { "@graph"?: Node[] };
    return parsed["@graph"] ?? [parsed];
  });
}

const types = (node: Node) => [node["@type"]].flat();

/** Google's Product snippet needs one of these; a Product without any is reported invalid. */
function googleAcceptsProduct(node: Node) {
  return ["offers", "review", "aggregateRating"].some((key) => key in node);
}

function publishedRatings() {
  const db = e2eDatabase();
  try {
    const row = db
      .prepare("SELECT COUNT(*) AS count, AVG(rating) AS average FROM testimonials WHERE approved = 1")
      .get() as { count: number; average: number | null };
    return { count: row.count, average: row.count === 0 ? 0 : Math.round((row.average ?? 0) * 10) / 10 };
  } finally {
    db.close();
  }
}

test.describe("structured data", () => {
  test("/product and /testimonials describe one product under one @id, and every Product Google reads is valid", async ({
    page,
    baseURL,
  }) => {
    seedReviews([{ name: "Uma", quote: "Comfortable all day.", rating: 8 }]);
    const productId = `${baseURL}/product#product`;
    for (const path of ["/product", "/testimonials"]) {
      await page.goto(path);
      const graph = await graphOf(page);
      const declared = graph.filter((node) => node["@id"] === productId);
      expect(declared, `${path} declares the product once`).toHaveLength(1);
      expect(declared[0]?.name, path).toBe("SofTech alternating-pressure cushion system");
      const products = graph.filter((node) => types(node).includes("Product"));
      expect(products.length, `${path}: at most one Product`).toBeLessThanOrEqual(1);
      for (const product of products) {
        expect(product["@id"], path).toBe(productId);
        expect(googleAcceptsProduct(product), `${path}: Product has offers, review or aggregateRating`).toBe(true);
      }
    }
  });

  test("/product makes no rating claim: it is prerendered and shows no reviews", async ({ page }) => {
    await page.goto("/product");
    const text = JSON.stringify(await graphOf(page));
    expect(text).not.toContain("aggregateRating");
    expect(text).not.toContain('"review"');
  });

  test("/testimonials rates the product with a recomputation over the published reviews, and marks up reviews it shows", async ({
    page,
    baseURL,
  }) => {
    seedReviews([
      { name: "Vic", quote: "Sits well.", rating: 9 },
      { name: "Wren", quote: "Not for me.", rating: 3 },
    ]);
    const productId = `${baseURL}/product#product`;
    // Other tests add reviews to the same database at the same time: compare a page whose load the
    // database did not change around.
    await expect
      .poll(async () => {
        const before = publishedRatings();
        await page.goto("/testimonials");
        const product = (await graphOf(page)).find((node) => node["@id"] === productId);
        const after = publishedRatings();
        if (before.count !== after.count) return "the database changed while the page loaded";
        const expected = {
          "@type": "AggregateRating",
          ratingValue: after.average,
          reviewCount: after.count,
          bestRating: 10,
          worstRating: 1,
        };
        return JSON.stringify(product?.aggregateRating) === JSON.stringify(expected)
          ? "equal"
          : JSON.stringify({ page: product?.aggregateRating, expected });
      })
      .toBe("equal");

    const product = (await graphOf(page)).find((node) => node["@id"] === productId) as Node & {
      review: Array<{ author: { name: string }; reviewRating: Node }>;
    };
    expect(types(product)).toEqual(["Product"]);
    expect(product.review.length).toBeGreaterThan(0);
    const main = (await page.locator("main").textContent()) ?? "";
    for (const review of product.review) {
      expect(main, "a marked-up review is shown on the page").toContain(review.author.name);
      expect(review.reviewRating).toMatchObject({ "@type": "Rating", bestRating: 10, worstRating: 1 });
    }
  });

  test("the Organization names its site and a logo that answers 200", async ({ page, request, baseURL }) => {
    await page.goto("/");
    const organization = (await graphOf(page)).find((node) => types(node).includes("Organization")) as Node & {
      url: string;
      logo: string | { url: string };
    };
    expect(organization.url).toBe(`${baseURL}/`);
    const logo = typeof organization.logo === "string" ? organization.logo : organization.logo.url;
    expect(logo.startsWith(`${baseURL}/`)).toBe(true);
    const response = await request.get(logo);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\//);
  });
});
