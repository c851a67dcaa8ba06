import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetcher,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useEffect, useRef } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import bodyFont from "@fontsource/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-400-normal.woff2?url";
import boldFont from "@fontsource/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-700-normal.woff2?url";
import { NotFound } from "./components/layout/not-found";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { themeFetcherKey } from "./components/layout/theme-switch";
import { toast, Toaster } from "./components/ui/toast";
import { getStaff } from "./features/auth/sessions.server";
import { type NoticeHandle, noticeFor } from "./lib/flash";
import { focusInPage } from "./lib/in-page-link";
import { clearFlash, readFlash } from "./lib/flash.server";
import { revalidateUnlessUnreachable } from "./lib/unreachable";
import { company, defaultSupportEmail } from "./content/site";
import { errorPages } from "./content/error-pages";
import { changedContent, readChangedContent } from "./content/live";
import { previewedItem } from "./content/store.server";
import { getConfig } from "./lib/config.server";
import { accordionClasses, enhanceAccordions } from "./lib/accordions";
import { enhanceDisclosures } from "./lib/disclosures";
import { useLoadsScripts } from "./lib/loads-scripts";
import { useNonce } from "./lib/nonce";
import { useHydrated } from "./lib/use-hydrated";
import { markerPieces } from "./lib/markers";
import { pageTitle } from "./lib/seo";
import { defaultTheme, isTheme, themeFromCookieHeader, themeLabels, themeStorageKey } from "./lib/theme";
import { enhanceThemeForms } from "./lib/theme-forms";

export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  // A one-time notice from the form just sent (post/redirect/get) is read once, then cleared.
  const flash = readFlash(request);
  const signedInAs = flash?.key === "signed-in" ? (await getStaff(request))?.username : undefined;
  return data(
    {
      theme: themeFromCookieHeader(request.headers.get("Cookie")),
      siteUrl: config.siteUrl,
      supportEmail: config.siteEmail,
      isDevelopment: config.nodeEnv === "development",
      flash: flash ? { ...flash, username: signedInAs } : null,
      // The content items published since app/content's initial values, for the browser to draw
      // the same page (nothing on a site whose content was never changed).
      content: changedContent() ?? null,
      preview: previewedItem() ?? null,
    },
    flash ? { headers: { "Set-Cookie": clearFlash() } } : undefined,
  );
}

export const shouldRevalidate = revalidateUnlessUnreachable;

/** A sign-in returns to the page it was asked from, whichever that is: its notice is the whole site's. */
export const handle: NoticeHandle = {
  notices: {
    "signed-in": (_id, username) => ({
      title: "Login successful",
      description: `Welcome back, ${username ?? "staff member"}!`,
    }),
  },
};

export const links: Route.LinksFunction = () => [
  // The two faces app.css declares, fetched with the stylesheet so `font-display: optional` finds
  // them in time on a first visit (the same hashed files the stylesheet points at).
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: boldFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// The inline scripts' text, built once rather than on every render (each page's CSP covers them
// with its nonce, or with their hashes in a prerendered file).
const disclosuresScript = `(${enhanceDisclosures.toString()})(document);`;
const accordionsScript = `(${enhanceAccordions.toString()})(document, ${JSON.stringify(accordionClasses)});`;
const themeFormsScript = `(${enhanceThemeForms.toString()})(document, ${JSON.stringify(themeStorageKey)}, ${JSON.stringify(themeLabels)});`;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const themeFetcher = useFetcher({ key: themeFetcherKey });
  const pending = themeFetcher.formData?.get("theme");
  const theme = isTheme(pending) ? pending : (root?.theme ?? defaultTheme);
  // A page whose route says `hydrate: false` in the manifest works fully as HTML and loads no
  // JavaScript bundle (docs/decisions/005-pages-without-hydration.md).
  // A preview of a draft is drawn at the admin's address, where the router would find another
  // route: it is shown as HTML only, as the pages without JavaScript are.
  const hydrate = useLoadsScripts(useMatches().map((match) => match.id)) && !root?.preview;
  const reactRuns = useHydrated();
  useMarkHydrated();
  // In the browser, content is read from what the server drew the page with.
  if (!import.meta.env.SSR) readChangedContent(root?.content ?? undefined);

  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-canvas font-sans text-ink antialiased">
        <a
          href="#main-content"
          onClick={(event) => focusInPage(event, "main-content")}
          className="sr-only z-50 tap-target rounded-md bg-brand px-4 py-3 font-semibold text-brand-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {root?.preview ? <PreviewBanner itemKey={root.preview} /> : null}
        <SiteHeader theme={theme} />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter supportEmail={root?.supportEmail ?? defaultSupportEmail} />
        <Toaster />
        {/* The header menus' keyboard and pointer behaviour, from the moment the page is parsed:
            before React starts, and on the pages that ship no React at all. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: disclosuresScript }} />
        {/* Once React runs, it keeps managing scroll when it moves to a page that ships no React
            (a footer link to /privacy#health-data must land on that section, and a new page at its top). */}
        {hydrate || reactRuns ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? (
          <Scripts nonce={nonce} />
        ) : (
          // Without React, the FAQ's answers still become the ARIA accordion React would render,
          // and the theme switch changes the theme in place, as React's does.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${accordionsScript}\n${themeFormsScript}` }} />
        )}
      </body>
    </html>
  );
}

/** Says, above a staff member's preview of a draft, that nobody else sees it, and leads back to the draft. */
function PreviewBanner({ itemKey }: { itemKey: string }) {
  return (
    <aside aria-label="Preview" className="border-b-4 border-warning bg-warning-soft px-4 py-3 text-ink">
      <p className="mx-auto max-w-5xl">
        <strong>Preview of a draft.</strong> This is how the page will look once published; nobody else sees it yet.{" "}
        <a href={`/admin/content/${encodeURIComponent(itemKey)}`} className="tap-target font-semibold underline">
          Back to editing
        </a>
      </p>
    </aside>
  );
}

/**
 * Marks <html data-hydrated> once React has taken over the page. Before that, every form posts
 * and every menu works as plain HTML; the mark tells the browser tests (and anyone looking at a
 * page in devtools) which of the two they are dealing with.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export default function App() {
  useFocusMainOnNavigation();
  useFlashToast();
  return <Outlet />;
}

/** With JavaScript, the notice a redirect carried is also a toast (the page itself shows the outcome too). */
function useFlashToast() {
  const flash = useRouteLoaderData<typeof loader>("root")?.flash;
  const matches = useMatches();
  const id = flash?.id;
  useEffect(() => {
    if (!flash) return;
    const notice = noticeFor(
      matches.map((match) => match.handle),
      flash,
    );
    if (notice)
      toast({ variant: notice.failed ? "error" : "success", title: notice.title, description: notice.description });
    // Only a new notice (a new id) is announced again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}

/**
 * After a client-side move to another page, focus goes to the main area (as a full page load
 * would reset it), so keyboard and screen-reader users start reading the new page, not the link
 * they left behind. Changes of query or hash on the same page keep focus where it is.
 */
function useFocusMainOnNavigation() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A link to a part of the new page (/privacy#health-data) starts there, as it would on a
    // page loaded afresh: the next Tab and the screen reader continue from that part.
    const part = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (part) {
      if (!part.hasAttribute("tabindex")) part.setAttribute("tabindex", "-1");
      part.focus({ preventScroll: true });
      return;
    }
    document.getElementById("main-content")?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound showRouterHint={root?.isDevelopment ?? false} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // A staff page the person's role does not include (app/features/auth/access.server.ts).
    return (
      <div className="container-page py-16">
        <title>{pageTitle("Not part of your role")}</title>
        <h1 className="text-title font-bold">Not part of your role</h1>
        <p className="mt-4 max-w-prose text-muted">{typeof error.data === "string" ? error.data : null}</p>
        <p className="mt-6">
          <a href="/admin" className="inline-flex tap-target items-center font-semibold text-brand underline">
            Go to the admin
          </a>
        </p>
      </div>
    );
  }
  // Read from the content held in memory, as every page's is: this page is drawn whatever else failed.
  const words = errorPages.error;
  return (
    <div className="container-page py-16">
      <title>{pageTitle(words.title)}</title>
      <h1 className="text-title font-bold">{words.title}</h1>
      <p className="mt-4 max-w-prose text-muted">{markerPieces(words.text, { phone: company.phone.display })}</p>
      <p className="mt-6">
        <a href="/" className="inline-flex tap-target items-center font-semibold text-brand underline">
          {words.home}
        </a>
      </p>
    </div>
  );
}
