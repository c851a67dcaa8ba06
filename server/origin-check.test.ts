import { describe, expect, it } from "vitest";
import { isForeignStateChange } from "./origin-check";

const own = ["https://www.aquila.example"];

describe("cross-origin state changes", () => {
  it("lets reads through from anywhere", () => {
    expect(isForeignStateChange("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, own)).toBe(
      false,
    );
  });

  it("refuses a post whose browser says it is cross-site", () => {
    expect(isForeignStateChange("POST", { "sec-fetch-site": "cross-site" }, own)).toBe(true);
    expect(isForeignStateChange("DELETE", { "sec-fetch-site": "same-site" }, own)).toBe(true);
  });

  it("refuses a post from a foreign or opaque origin", () => {
    expect(isForeignStateChange("POST", { origin: "https://evil.example" }, own)).toBe(true);
    expect(isForeignStateChange("PATCH", { origin: "null" }, own)).toBe(true);
  });

  it("accepts a post from our own origin, or from a client that sends no origin", () => {
    expect(
      isForeignStateChange("POST", { origin: "https://www.aquila.example", "sec-fetch-site": "same-origin" }, own),
    ).toBe(false);
    expect(isForeignStateChange("POST", {}, own)).toBe(false);
  });

  it("refuses a post with no origin whose referrer is another site's page, or not an address", () => {
    expect(isForeignStateChange("POST", { referer: "https://evil.example/form.html" }, own)).toBe(true);
    // Another port, another scheme or a subdomain is another origin.
    expect(isForeignStateChange("POST", { referer: "https://www.aquila.example:8443/order" }, own)).toBe(true);
    expect(isForeignStateChange("POST", { referer: "http://www.aquila.example/order" }, own)).toBe(true);
    expect(isForeignStateChange("POST", { referer: "https://aquila.example.evil.example/" }, own)).toBe(true);
    expect(isForeignStateChange("POST", { referer: "not an address" }, own)).toBe(true);
  });

  it("accepts a post with no origin from one of our own pages; an origin, when sent, is what counts", () => {
    expect(isForeignStateChange("POST", { referer: "https://www.aquila.example/order?step=2#top" }, own)).toBe(false);
    expect(isForeignStateChange("POST", { referer: "https://www.aquila.example" }, own)).toBe(false);
    expect(
      isForeignStateChange(
        "POST",
        { origin: "https://www.aquila.example", referer: "https://elsewhere.example/" },
        own,
      ),
    ).toBe(false);
  });
});
