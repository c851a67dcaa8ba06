import type { MetaDescriptor } from "react-router";
import { productIntro } from "~/content/product-intro";
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

/**
 * The structured-data nodes more than one page states, built here once so every page describes
 * the same things under the same `@id` (decision 009).
 */
type Node = Record<string, unknown>;

/** The one SofTech product: /product describes it, /testimonials rates it. */
export function productId(siteUrl: string): string {
  return `${siteUrl}/product#product`;
}

export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/** A real file in public/: Google asks for a logo of at least 112×112 px. */
export const logo = { src: "/images/apple-touch-icon.png", width: 180, height: 180 };

export function organizationLd(siteUrl: string): Node {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: company.name,
    url: new URL("/", siteUrl).toString(),
    logo: {
      "@type": "ImageObject",
      url: new URL(logo.src, siteUrl).toString(),
      width: logo.width,
      height: logo.height,
    },
    telephone: company.phone.dial,
  };
}

export interface RatingSummary {
  average: number;
  count: number;
}

export interface ShownReview {
  id: string;
  name: string;
  rating: number;
  quote: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** The id of a review's card on /testimonials, which its structured-data `@id` points at. */
export function reviewAnchor(id: string): string {
  return `review-${id}`;
}

export function reviewId(siteUrl: string, id: string): string {
  return `${siteUrl}/testimonials#${reviewAnchor(id)}`;
}

/** Ratings are whole numbers 1-10 everywhere, and structured data says so (docs/requirements.md §7.2). */
const scale = { bestRating: 10, worstRating: 1 } as const;

/**
 * The product as structured data. It is typed a schema.org `Product` only where it carries a
 * rating, that is on a page that shows the reviews it marks up and computed from the published
 * ones: Google reports a Product with none of offers, review or aggregateRating as invalid, and we
 * publish no price and may not claim a rating a page does not show. Everywhere else the same
 * `@id` is described as what it is, a `MedicalDevice`, with no rating claim (decision 009).
 */
export function productLd(
  siteUrl: string,
  ratings?: { summary: RatingSummary; reviews: readonly ShownReview[] },
): Node {
  const facts = {
    "@id": productId(siteUrl),
    name: company.productFullName,
    description: productIntro.body[0],
    image: new URL(defaultImage.src, siteUrl).toString(),
    url: new URL("/product", siteUrl).toString(),
  };
  if (!ratings || ratings.summary.count === 0) return { "@type": "MedicalDevice", ...facts };
  return {
    "@type": "Product",
    ...facts,
    brand: { "@type": "Brand", name: company.name },
    category: "Medical device > Wheelchair cushion",
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: ratings.summary.average,
      reviewCount: ratings.summary.count,
      ...scale,
    },
    review: ratings.reviews.map((r) => ({
      "@type": "Review",
      "@id": reviewId(siteUrl, r.id),
      author: { "@type": "Person", name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.quote,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, ...scale },
    })),
  };
}
