import type { MetaDescriptor } from "react-router";
import { company } from "~/content/site";

/**
 * One helper gives every page the same head: `{title} | Aquila`, description, keywords, canonical
 * URL on SITE_URL, Open Graph and Twitter cards, robots, and JSON-LD with breadcrumbs.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, e.g. "/about"; the canonical URL is SITE_URL + path. */
  path: string;
  keywords?: string[];
  image?: { src: string; alt: string; width: number; height: number };
  type?: "website" | "article" | "product";
  breadcrumbs?: Array<{ name: string; path: string }>;
  jsonLd?: Array<Record<string, unknown>>;
  noindex?: boolean;
}

export const defaultImage = {
  src: "/images/og-softech.png",
  alt: "The SofTech alternating-pressure air cushion with its controller",
  width: 1200,
  height: 630,
};

const defaultKeywords = [
  "alternating pressure cushion",
  "wheelchair cushion",
  "pressure sore prevention",
  "pressure injury",
  company.productName,
  company.name,
];

interface RootMatch {
  id: string;
  data?: unknown;
}

/** SITE_URL as the root loader provides it. */
export function siteUrlFrom(matches: ReadonlyArray<RootMatch | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}

export function pageTitle(title: string): string {
  return `${title} | ${company.name}`;
}

export function seo(matches: ReadonlyArray<RootMatch | undefined>, page: PageMeta): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const url = new URL(page.path, siteUrl).toString();
  const image = page.image ?? defaultImage;
  const imageUrl = new URL(image.src, siteUrl).toString();
  const title = pageTitle(page.title);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: [...(page.keywords ?? []), ...defaultKeywords].join(", ") },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { name: "revisit-after", content: "7 days" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: company.name },
    { property: "og:type", content: page.type === "product" ? "product" : (page.type ?? "website") },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];

  const graph: Array<Record<string, unknown>> = [...(page.jsonLd ?? [])];
  if (page.breadcrumbs?.length) {
    graph.push({
      "@type": "BreadcrumbList",
      itemListElement: page.breadcrumbs.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: new URL(crumb.path, siteUrl).toString(),
      })),
    });
  }
  if (graph.length) meta.push({ "script:ld+json": { "@context": "https://schema.org", "@graph": graph } });
  return meta;
}

/** Breadcrumbs from Home to a page. */
export function crumbs(name: string, path: string) {
  return [
    { name: "Home", path: "/" },
    { name, path },
  ];
}
