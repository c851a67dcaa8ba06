import { data } from "react-router";
import { contentItem } from "~/content/items";
import { itemState, withPreview } from "~/content/store.server";
import { requireAccess } from "~/features/auth/access.server";
import { refreshUploads } from "~/lib/uploads/uploads.server";
import { themeCookieName, themeFromCookieHeader } from "~/lib/theme";
import type { Route } from "./+types/admin.content-preview";

/**
 * The real public page with an item's draft in place of what is published: for the staff member
 * asking, never kept by any cache, marked as a preview, and not for search engines. `?page=` picks
 * one of the pages that show the item (the first by default).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAccess(request, "content");
  const item = contentItem(params.key);
  const state = item ? await itemState(params.key) : undefined;
  if (!item || !state || !context.renderPage) throw data("No such content item.", { status: 404 });
  const asked = new URL(request.url).searchParams.get("page");
  const page = asked && item.pages.includes(asked) ? asked : item.pages[0];
  const url = new URL(page ?? "/", request.url);
  const theme = themeFromCookieHeader(request.headers.get("Cookie"));
  // Rendered as an anonymous visitor gets it: no session, only the theme.
  const anonymous = new Request(url, { headers: { Cookie: `${themeCookieName}=${theme}` } });
  const body = state.draft?.body ?? state.published.body;
  // A photo or PDF uploaded on another instance since this one last read the list of uploads.
  await refreshUploads();
  const renderPage = context.renderPage;
  // Read whole inside the preview, so every part of the page is drawn with the draft.
  const { rendered, html } = await withPreview(params.key, body, async () => {
    const answer = await renderPage(anonymous);
    return { rendered: answer, html: await answer.arrayBuffer() };
  });
  const headers = new Headers(rendered.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.delete("Set-Cookie");
  headers.delete("Content-Length");
  return new Response(html, { status: rendered.status, headers });
}
