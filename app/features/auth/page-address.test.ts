import { describe, expect, it } from "vitest";
import { pageAddress } from "./access.server";

describe("the page a sign-in leads back to", () => {
  it("is the page itself, not the data request the router made for it", () => {
    expect(pageAddress(new Request("http://site.test/admin/spam.data"))).toBe("/admin/spam");
    expect(pageAddress(new Request("http://site.test/admin/messages.data?topic=repair&_routes=routes%2Fadmin"))).toBe(
      "/admin/messages?topic=repair",
    );
    expect(pageAddress(new Request("http://site.test/_root.data"))).toBe("/");
  });

  it("keeps a page address as it is", () => {
    expect(pageAddress(new Request("http://site.test/admin/testimonials?q=gus"))).toBe("/admin/testimonials?q=gus");
  });
});
