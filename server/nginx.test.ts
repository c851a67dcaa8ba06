import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { commonBrowserPattern, nginxPattern, nginxViewsConfig } from "./nginx";

const browsers = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
  "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
];

const programs = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
  "curl/8.5.0",
  "python-requests/2.32.3",
];

/** A name of the common browsers' shape with random version numbers: what the anchored pattern lets through. */
function randomBrowser(random: () => number): string {
  const n = (max: number) => String(Math.floor(random() * max));
  const version = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => n(1000)).join(".");
  const under = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => n(100)).join("_");
  const platforms = [
    `Windows NT 1${n(10)}.${n(10)}; Win64; x64`,
    `Macintosh; Intel Mac OS X 1${n(10)}_${n(100)}${random() < 0.5 ? `_${n(10)}` : ""}`,
    "X11; Linux x86_64",
    `X11; CrOS x86_64 ${version()}`,
    `Linux; Android ${version()}; K`,
    `iPhone; CPU iPhone OS ${under()} like Mac OS X`,
    `iPad; CPU OS ${under()} like Mac OS X`,
  ];
  const platform = platforms[Math.floor(random() * platforms.length)];
  if (random() < 0.2)
    return `Mozilla/5.0 (${["Windows NT 10.0; Win64; x64", `Macintosh; Intel Mac OS X 10.${n(20)}`, "X11; Linux x86_64", `Android ${version()}; Mobile`][Math.floor(random() * 4)]}; rv:${n(200)}.${n(10)}) Gecko/${random() < 0.5 ? "20100101" : `${n(200)}.${n(10)}`} Firefox/${n(200)}.${n(10)}`;
  if (random() < 0.5)
    return `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version()} ${random() < 0.5 ? "Mobile " : ""}Safari/537.36${random() < 0.3 ? ` Edg/${version()}` : ""}`;
  return `Mozilla/5.0 (${platform}) AppleWebKit/605.1.15 (KHTML, like Gecko) ${random() < 0.7 ? `Version/${version()} ` : ""}${random() < 0.5 ? `Mobile/${n(100)}${"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(random() * 26)]}${n(1000)} ` : ""}Safari/${version()}`;
}

describe("the names nginx takes for browsers at once", () => {
  it("are today's common browsers, and not programs", () => {
    for (const name of browsers) {
      expect(commonBrowserPattern.test(name), name).toBe(true);
      expect(isbot(name), name).toBe(false);
    }
    for (const name of programs) expect(commonBrowserPattern.test(name), name).toBe(false);
  });

  it("are never a program by isbot's pattern, whatever their version numbers", () => {
    let seed = 42;
    // A small deterministic generator, so a failure names a name that can be tried again.
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) {
      const name = randomBrowser(random);
      expect(commonBrowserPattern.test(name), name).toBe(true);
      expect(isbot(name), name).toBe(false);
    }
  });
});

describe("a pattern written for nginx", () => {
  it("doubles each backslash, which nginx reads back as one, and makes a dash after a class literal", () => {
    expect(nginxPattern(String.raw`^a\.b[\w\d-.]$`)).toBe(String.raw`"~^a\\.b[\\w\\d\\-.]$"`);
    expect(nginxPattern("bot", { caseless: true })).toBe('"~*bot"');
  });

  it("refuses what a quoted nginx string cannot hold", () => {
    expect(() => nginxPattern('a"b')).toThrow();
  });

  it("is written for isbot's whole pattern and the session cookie", () => {
    const config = nginxViewsConfig();
    expect(config).toContain("map $http_user_agent $aquila_program");
    expect(config).toMatch(/aquila_session=\[\\\\w-\]\{43\}/);
    expect(config).toContain("log_format aquila_views escape=default");
    expect(config).toContain("map $uri $aquila_from_disk {\n  ~^/prerendered/ 1;");
  });
});
