import { randomBytes } from "node:crypto";
import { getConfig } from "./config.server";
import { cookieValues, siteCookies } from "./cookies";
import { clearCookie, setCookie } from "./cookies.server";
import { type Flash, type FlashKey, flashIdPattern, isFlashKey } from "./flash";

/** The Set-Cookie value that carries `key` to the next page (a minute at most); `id` is random unless given. */
export function setFlash(key: FlashKey, id = randomBytes(6).toString("base64url")): string {
  if (!isFlashKey(key) || !flashIdPattern.test(id)) throw new Error(`not a notice: ${key}.${id}`);
  return setCookie(siteCookies.flash, `${key}.${id}`, getConfig().siteIsHttps);
}

/** A short random part for an id that carries an outcome, so the next identical outcome is a new notice. */
export function flashUnique(): string {
  return randomBytes(4).toString("base64url");
}

/** The Set-Cookie value that removes the notice once read. */
export function clearFlash(): string {
  return clearCookie(siteCookies.flash, getConfig().siteIsHttps);
}

/** The notice this request carries, if any. The root loader clears it once read. */
export function readFlash(request: Request): Flash | undefined {
  return flashFromCookieHeader(request.headers.get("Cookie"));
}

/** The notice a Cookie header carries, if any: only a known notice with a well-formed id counts. */
export function flashFromCookieHeader(cookie: string | null | undefined): Flash | undefined {
  for (const value of cookieValues(cookie, siteCookies.flash.name)) {
    const [key, id = ""] = value.split(".");
    if (isFlashKey(key) && flashIdPattern.test(id)) return { key, id };
  }
  return undefined;
}
