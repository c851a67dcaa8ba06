import { describe, expect, it } from "vitest";
import { seo } from "./seo";

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
    const ld = meta.find((m) => "script:ld+json" in m) as { "script:ld+json": { "@graph": Array<Record<string, unknown>> } };
    const list = ld["script:ld+json"]["@graph"][0] as { itemListElement: Array<{ item: string }> };
    expect(list.itemListElement.map((i) => i.item)).toEqual(["https://www.aquila.example/", "https://www.aquila.example/about"]);
  });

  it("keeps admin pages out of search results", () => {
    expect(seo(matches, { title: "Admin", description: "x", path: "/admin", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex, nofollow",
    });
  });
});
