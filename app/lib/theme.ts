import { cookieValues } from "./cookie-values";
import type { SiteCookie } from "./cookies";

/** Light, dark or follow the operating system. Dark is the default. */
export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const defaultTheme: Theme = "dark";
/** Each theme's name, as the switch shows it. */
export const themeLabels: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
/** The cookie that carries the theme (listed with every other cookie in cookies.ts). */
export const themeCookie = {
  name: "theme",
  httpOnly: false,
  sameSite: "lax",
  maxAgeSeconds: 365 * 24 * 60 * 60,
  purpose: "remembers the light, dark or system theme you chose",
  lasts: "for a year",
} as const satisfies SiteCookie;
export const themeCookieName = themeCookie.name;
/** The local-storage key of docs/requirements.md §4.6; it mirrors the cookie, which is what the server reads. */
export const themeStorageKey = "aquila-theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

export function themeFromCookieHeader(cookie: string | null | undefined): Theme {
  return cookieValues(cookie, themeCookieName).find(isTheme) ?? defaultTheme;
}
