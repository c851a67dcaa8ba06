import { describe, expect, it } from "vitest";
import { showingReviews, testimonialsDescription } from "./testimonials";

describe("the reviews page's counts", () => {
  it("say one review, not one reviews", () => {
    expect(showingReviews(1, 1)).toBe("Showing 1 of 1 review.");
    expect(showingReviews(1, 3)).toBe("Showing 1 of 3 reviews.");
    expect(showingReviews(0, 0)).toBe("Showing 0 of 0 reviews.");
    expect(testimonialsDescription({ published: 1, verified: 1 })).toMatch(/^1 published review of /);
    expect(testimonialsDescription({ published: 2, verified: 1 })).toMatch(/^2 published reviews of /);
  });
});
