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
});
