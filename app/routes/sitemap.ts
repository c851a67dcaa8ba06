import { manualsContent } from "~/content/manuals";
import { getConfig } from "~/lib/config.server";
import { siteRoutes } from "~/route-manifest";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function loader() {
  const { siteUrl } = getConfig();
  // Each user guide's own page follows the list of guides, as published.
  const pages = siteRoutes.flatMap((route) => [
    route,
    ...(route.path === "/user-manuals"
      ? manualsContent.guides.map((guide) => ({ ...route, path: `/user-manuals/${guide.id}`, priority: 0.5 }))
      : []),
  ]);
  const urls = pages
    .map(
      (r) =>
        `  <url><loc>${escapeXml(new URL(r.path, siteUrl).toString())}</loc><changefreq>${r.changefreq}</changefreq><priority>${r.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
