import { describe, expect, it } from "vitest";
import { organizationLd, productLd, seo } from "./seo";

const matches = [{ id: "root", data: { siteUrl: "https://www.aquila.example" } }];

describe("page metadata", () => {
  const meta = seo(matches, {
    title: "About",
    description: "Who we are.",
    path: "/about",
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "About", path: "/about" },
    ],
  });

  it("titles the page '{title} | Aquila' with a canonical URL on SITE_URL", () => {
    expect(meta).toContainEqual({ title: "About | Aquila" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.aquila.example/about" });
  });

  it("asks to be indexed and revisited weekly", () => {
    expect(meta).toContainEqual({ name: "robots", content: "index, follow" });
    expect(meta).toContainEqual({ name: "revisit-after", content: "7 days" });
  });

  it("shares the hero cushion image by default, with absolute URLs", () => {
    expect(meta).toContainEqual({ property: "og:image", content: "https://www.aquila.example/images/og-softech.png" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("describes breadcrumbs as JSON-LD", () => {
    const ld = meta.find((m) => "script:ld+json" in m) as {
      "script:ld+json": { "@graph": Array<Record<string, unknown>> };
    };
    const list = ld["script:ld+json"]["@graph"][0] as { itemListElement: Array<{ item: string }> };
    expect(list.itemListElement.map((i) => i.item)).toEqual([
      "https://www.aquila.example/",
      "https://www.aquila.example/about",
    ]);
  });

  it("keeps admin pages out of search results", () => {
    expect(seo(matches, { title: "Admin", description: "x", path: "/admin", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex, nofollow",
    });
  });
});

describe("the product and the company as structured data", () => {
  const siteUrl = "https://www.aquila.example";
  const reviews = [
    { id: "r1", name: "Quinn", rating: 10, quote: "Great.", createdAt: "2026-11-01T10:00:00.000Z" },
    { id: "r2", name: "Ray", rating: 4, quote: "Fine.", createdAt: "2026-11-02T10:00:00.000Z" },
  ];

  it("names the product by one @id on every page", () => {
    expect(productLd(siteUrl)["@id"]).toBe("https://www.aquila.example/product#product");
    expect(productLd(siteUrl, { summary: { average: 7, count: 2 }, reviews })["@id"]).toBe(
      "https://www.aquila.example/product#product",
    );
  });

  it("rates the product with the summary it is given, on the 1-10 scale, with the reviews shown", () => {
    const product = productLd(siteUrl, { summary: { average: 7, count: 2 }, reviews });
    expect(product["@type"]).toBe("Product");
    expect(product.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 7,
      reviewCount: 2,
      bestRating: 10,
      worstRating: 1,
    });
    expect(product.review).toEqual([
      expect.objectContaining({
        author: { "@type": "Person", name: "Quinn" },
        datePublished: "2026-11-01",
        reviewRating: { "@type": "Rating", ratingValue: 10, bestRating: 10, worstRating: 1 },
      }),
      expect.objectContaining({
        author: { "@type": "Person", name: "Ray" },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 10, worstRating: 1 },
      }),
    ]);
  });

  it("makes no rating claim without published reviews, and is then no Product Google would find invalid", () => {
    for (const product of [
      productLd(siteUrl),
      productLd(siteUrl, { summary: { average: 0, count: 0 }, reviews: [] }),
    ]) {
      expect(product).not.toHaveProperty("aggregateRating");
      expect(product).not.toHaveProperty("review");
      expect(product).not.toHaveProperty("offers");
      expect(product["@type"]).toBe("MedicalDevice");
    }
  });

  it("gives the company its site address and a logo file", () => {
    expect(organizationLd(siteUrl)).toMatchObject({
      "@type": "Organization",
      name: "Aquila",
      url: "https://www.aquila.example/",
      logo: {
        "@type": "ImageObject",
        url: "https://www.aquila.example/images/apple-touch-icon.png",
        width: 180,
        height: 180,
      },
    });
  });
});
