import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("starts with nothing configured", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("./data/aquila.sqlite");
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.siteEmail).toMatch(/@aquila\.example$/);
    expect(config.smtp).toBeUndefined();
  });

  it("names every variable that is wrong", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "seventy", SITE_URL: "not a url", SITE_EMAIL: "nobody" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("SITE_URL");
    expect(message).toContain("SITE_EMAIL");
  });

  it("keeps only the origin of SITE_URL", () => {
    expect(parseConfig({ SITE_URL: "https://www.example.com/some/path" }).siteUrl).toBe("https://www.example.com");
  });

  it("refuses a short admin password", () => {
    expect(() => parseConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });

  it("trusts no proxy unless told, and then only the hops or addresses it names", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).trustProxy).toEqual(["loopback", "10.0.0.0/8", "::1"]);
  });

  it("refuses to trust every hop, which let a client choose its own address", () => {
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true .*no longer accepted/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "nginx" })).toThrow(/TRUST_PROXY/);
  });
});
