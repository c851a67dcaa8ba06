import { describe, expect, it } from "vitest";
import { privacyPolicy } from "~/content/privacy";
import { parseConfig, privacyFacts } from "~/lib/config.server";
import { cookieValues, siteCookies } from "./cookies";
import { clearCookie, setCookie } from "./cookies.server";

const attributes = (header: string) => header.split("; ").slice(1).sort();

describe("the site's cookies", () => {
  it("are written as declared: path-wide, HttpOnly and SameSite as each says, Secure on HTTPS", () => {
    expect(setCookie(siteCookies.theme, "light", false)).toMatch(/^theme=light; /);
    expect(attributes(setCookie(siteCookies.theme, "light", false))).toEqual([
      "Max-Age=31536000",
      "Path=/",
      "SameSite=Lax",
    ]);
    expect(attributes(setCookie(siteCookies.flash, "contact-sent.x1", true))).toEqual([
      "HttpOnly",
      "Max-Age=60",
      "Path=/",
      "SameSite=Lax",
      "Secure",
    ]);
    // The session is __Host- on HTTPS: this host only, path-wide, never sent over HTTP.
    expect(setCookie(siteCookies.session, "t", true)).toMatch(/^__Host-aquila_session=t; /);
    expect(clearCookie(siteCookies.session, false)).toMatch(/^aquila_session=; Max-Age=0; /);
  });

  it("are each named on /privacy with what it does and how long it lasts", () => {
    const text = JSON.stringify(privacyPolicy(privacyFacts(parseConfig({}))));
    for (const cookie of Object.values(siteCookies))
      expect(text).toContain(`${cookie.name}\u201d ${cookie.purpose}, ${cookie.lasts}.`);
  });

  it("are read whole after the first '=', every value of a name sent twice", () => {
    expect(cookieValues("a=1; theme=da=rk; theme=light", "theme")).toEqual(["da=rk", "light"]);
    expect(cookieValues(undefined, "theme")).toEqual([]);
    // The name inside another cookie's name or value is not that cookie.
    expect(cookieValues("xtheme=dark; a=theme", "theme")).toEqual([]);
    expect(cookieValues("a=1", "theme")).toEqual([]);
  });
});
