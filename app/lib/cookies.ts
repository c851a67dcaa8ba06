/**
 * Every cookie the site sets, in one place: its name, how it is sent, how long it lasts and what
 * it is for. The server writes them through `setCookie` and `clearCookie` in cookies.server.ts
 * (serialized by the `cookie` package), and /privacy lists them from here (content/privacy.ts), so a cookie cannot be
 * added without the privacy page saying so. Used in the browser and on the server alike, so it
 * stays free of server-only imports.
 */
import { themeCookie } from "./theme";

export { cookieValues } from "./cookie-values";

export interface SiteCookie {
  /** Its name on plain HTTP. */
  name: string;
  /** On HTTPS it is sent as `__Host-<name>`: only this exact host, path-wide, never over HTTP. */
  hostOnly?: true;
  /** Out of reach of the page's scripts. */
  httpOnly: boolean;
  sameSite: "strict" | "lax";
  maxAgeSeconds: number;
  /** What /privacy says it does and how long it lasts, after its name. */
  purpose: string;
  lasts: string;
}

export const siteCookies = {
  /** Written beside the theme it carries (theme.ts): public pages read it without this list. */
  theme: themeCookie,
  flash: {
    name: "aquila_flash",
    httpOnly: true,
    sameSite: "lax",
    maxAgeSeconds: 60,
    purpose: "carries a one-time notice, such as \u201cMessage sent\u201d, to the next page",
    lasts: "for a minute",
  },
  session: {
    name: "aquila_session",
    hostOnly: true,
    httpOnly: true,
    sameSite: "strict",
    maxAgeSeconds: 12 * 60 * 60,
    purpose: "keeps a member of staff signed in",
    lasts: "for 12 hours at most",
  },
  device: {
    name: "aquila_device",
    hostOnly: true,
    httpOnly: true,
    sameSite: "strict",
    maxAgeSeconds: 365 * 24 * 60 * 60,
    purpose:
      "tells the staff sign-in that this browser has signed in to that account before, so others\u2019 wrong guesses never keep it out; it is set only for staff, and stays after signing out",
    lasts: "for a year after the last sign-in",
  },
  held: {
    name: "aquila_held",
    hostOnly: true,
    httpOnly: true,
    sameSite: "strict",
    maxAgeSeconds: 3 * 60 * 60,
    purpose:
      "keeps the place of a staff form sent after its sender\u2019s session had ended, so the form comes back filled once they sign in again; it is set only by such a post, and removed once the form is shown",
    lasts: "for 3 hours at most",
  },
} as const satisfies Record<string, SiteCookie>;

/** The name a cookie is sent under: `__Host-` first on HTTPS for one that asks for it. */
export function cookieName(cookie: SiteCookie, https: boolean): string {
  return https && cookie.hostOnly ? `__Host-${cookie.name}` : cookie.name;
}
