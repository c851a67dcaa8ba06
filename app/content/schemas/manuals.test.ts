import { describe, expect, it } from "vitest";
import { MAX_CONTENT_BODY_BYTES } from "~/lib/request.server";
import { contentFormData } from "../../../tests/support/content-form";
import { manualsContent } from "../manuals";
import { manualsSchema } from "./manuals";

describe("the user guides' form", () => {
  it("fits a content item's post when every guide is as long as allowed, in characters of three bytes each", () => {
    const guide = manualsContent.guides[0]!;
    const longest = {
      ...manualsContent,
      guides: Array.from({ length: 8 }, (_, n) => ({
        ...guide,
        id: `guide-${n}`,
        title: "—".repeat(80),
        description: "—".repeat(300),
        body: `# ${"—".repeat(100)}\n\n${"—".repeat(25_000 - 104)}`,
        todo: "—".repeat(300),
      })),
    };
    expect(manualsSchema.safeParse(longest).success).toBe(true);
    const tooMany = { ...longest, guides: [...longest.guides, { ...guide, id: "one-more" }] };
    expect(manualsSchema.safeParse(tooMany).success).toBe(false);
    const body = new URLSearchParams(contentFormData(longest) as unknown as Record<string, string>).toString();
    const posted = `edition=1.0&intent=publish&${body}`;
    expect(Buffer.byteLength(posted)).toBeGreaterThan(1_500_000);
    expect(Buffer.byteLength(posted)).toBeLessThan(MAX_CONTENT_BODY_BYTES);
  });
});
