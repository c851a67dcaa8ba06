import { serialize } from "cookie";
import { cookieName, type SiteCookie } from "./cookies";

/** Writing the site's cookies (declared in cookies.ts), on the server only: the browser sets none. */

/** The Set-Cookie value that sets `cookie` to `value`, for its declared time unless `maxAgeSeconds` says less. */
export function setCookie(
  cookie: SiteCookie,
  value: string,
  https: boolean,
  maxAgeSeconds = cookie.maxAgeSeconds,
): string {
  return serialize(cookieName(cookie, https), value, {
    path: "/",
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
    secure: https,
    maxAge: maxAgeSeconds,
  });
}

/** The Set-Cookie value that removes `cookie`. */
export function clearCookie(cookie: SiteCookie, https: boolean): string {
  return setCookie(cookie, "", https, 0);
}

/** Headers setting each cookie given, in order (an undefined one is left out). */
export function setCookieHeaders(...values: Array<string | undefined>): Headers {
  const headers = new Headers();
  for (const value of values) if (value !== undefined) headers.append("Set-Cookie", value);
  return headers;
}
