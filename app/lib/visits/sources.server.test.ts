import { describe, expect, it } from "vitest";
import { campaignValue, createOriginReader } from "./sources.server";

const visitOrigin = createOriginReader(["https://aquila.example"]);

describe("where a visit came from", () => {
  it("names search engines, networks and webmail from the referrer's host", () => {
    expect(visitOrigin("https://www.google.com/search?q=air+cushion", "")).toEqual({
      channel: "search",
      source: "Google",
      medium: "",
      campaign: "",
    });
    expect(visitOrigin("https://duckduckgo.com/", "")).toMatchObject({ channel: "search", source: "DuckDuckGo" });
    expect(visitOrigin("https://l.facebook.com/l.php?u=x", "")).toMatchObject({
      channel: "social",
      source: "Facebook",
    });
    expect(visitOrigin("https://mail.google.com/mail/u/0/", "")).toMatchObject({ channel: "email", source: "Gmail" });
  });

  it("matches the list's entries by host and then path, and not a look-alike host", () => {
    expect(visitOrigin("https://www.bing.com/images/search?q=x", "")).toMatchObject({
      channel: "search",
      source: "Bing Images",
    });
    expect(visitOrigin("https://google.com.example.net/", "")).toMatchObject({
      channel: "site",
      source: "google.com.example.net",
    });
  });

  it("keeps another site's host only, without its path or query", () => {
    expect(visitOrigin("https://www.wheelchair-forum.example/thread/123?user=ann", "")).toEqual({
      channel: "site",
      source: "wheelchair-forum.example",
      medium: "",
      campaign: "",
    });
  });

  it("counts a view from the site's own pages as internal, by SITE_URL or by the Host it was sent to", () => {
    expect(visitOrigin("https://aquila.example/product", "")).toBe("internal");
    expect(visitOrigin("http://10.0.0.5:3000/faq", "", "10.0.0.5:3000")).toBe("internal");
    // Campaign tags on a link between the site's own pages are not an entry.
    expect(visitOrigin("https://aquila.example/", "?utm_source=footer")).toBe("internal");
  });

  it("takes no referrer, or one that is not a web address, as direct", () => {
    const direct = { channel: "direct", source: "", medium: "", campaign: "" };
    expect(visitOrigin(undefined, "")).toEqual(direct);
    expect(visitOrigin("not a url", "")).toEqual(direct);
    expect(visitOrigin("android-app://com.example/", "")).toEqual(direct);
  });

  it("reads campaign tags on the entry page, before the referrer, with the channel their medium names", () => {
    expect(visitOrigin(undefined, "?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring-2026")).toEqual({
      channel: "email",
      source: "newsletter",
      medium: "email",
      campaign: "spring-2026",
    });
    expect(visitOrigin("https://www.google.com/", "?utm_source=expo&utm_medium=flyer")).toEqual({
      channel: "campaign",
      source: "expo",
      medium: "flyer",
      campaign: "",
    });
    expect(visitOrigin(undefined, "?utm_campaign=spring")).toMatchObject({ source: "other", campaign: "spring" });
  });

  it("folds a value that is not a short plain word into other", () => {
    expect(campaignValue("x".repeat(41))).toBe("other");
    expect(campaignValue("<script>")).toBe("other");
    expect(campaignValue("ann@example.com")).toBe("other");
    expect(campaignValue(" Spring_2026 ")).toBe("spring_2026");
    expect(campaignValue("")).toBe("");
    expect(campaignValue(null)).toBe("");
  });
});
