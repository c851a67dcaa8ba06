import { describe, expect, it } from "vitest";
import { filterTabs, hasMissingRequired, parseFilter, tagLabel } from "./fields";
import { ReviewSchema } from "./schema";
import { describeOneLineFields, realNames } from "../../../tests/support/one-line";

const valid = {
  name: "Dee",
  email: "dee@example.com",
  rating: "9",
  quote: "Comfortable all day.",
  context: "",
  tags: ["comfort", "travel"],
};

describe("review rules", () => {
  it("accepts a review, coercing the rating and dropping an empty context", () => {
    expect(ReviewSchema.parse(valid)).toEqual({
      name: "Dee",
      email: "dee@example.com",
      rating: 9,
      quote: "Comfortable all day.",
      context: null,
      tags: ["comfort", "travel"],
      writtenBy: "self",
    });
  });

  it.each([["0"], ["11"], ["7.5"], ["ten"]])("refuses the rating %s", (rating) => {
    expect(ReviewSchema.safeParse({ ...valid, rating }).success).toBe(false);
  });

  it("accepts only tags from the list, and a single tag as a string", () => {
    expect(ReviewSchema.safeParse({ ...valid, tags: ["<script>"] }).success).toBe(false);
    expect(ReviewSchema.parse({ ...valid, tags: "travel" }).tags).toEqual(["travel"]);
    // Whatever the wrong shape, the message says what to send.
    for (const tags of [[1, 2], [["comfort"]], [null], "nonsense"]) {
      const result = ReviewSchema.safeParse({ ...valid, tags });
      expect(result.success ? "" : result.error.issues[0]?.message).toBe("Choose tags from the list");
    }
  });

  it("caps lengths", () => {
    expect(ReviewSchema.safeParse({ ...valid, quote: "x".repeat(2001) }).success).toBe(false);
    expect(ReviewSchema.safeParse({ ...valid, name: "x".repeat(101) }).success).toBe(false);
  });

  it("knows when name, email or review is missing", () => {
    expect(hasMissingRequired({ ...valid, quote: "  " })).toBe(true);
    expect(hasMissingRequired(valid)).toBe(false);
  });

  it("maps older tags to the four filters", () => {
    expect(filterTabs.find((t) => t.value === "comfort")?.tags).toEqual([
      "comfort",
      "long-sessions",
      "wheelchair-comfort",
    ]);
    expect(filterTabs.find((t) => t.value === "ease-of-use")?.tags).toEqual([
      "ease-of-use",
      "daily-use",
      "independence",
    ]);
    expect(parseFilter("nonsense")).toBe("all");
    expect(tagLabel("support-experience")).toBe("Support Experience");
    // One spelling wherever a tag is shown: the filter tab's and the form's are the same words.
    expect(tagLabel("ease-of-use")).toBe("Ease of Use");
    for (const tab of filterTabs) if (tab.value !== "all") expect(tab.label).toBe(tagLabel(tab.value));
  });
});

describe("who wrote a review", () => {
  it("is the user unless the form says otherwise, and only from the list", () => {
    expect(ReviewSchema.parse({ ...valid, writtenBy: "clinician" }).writtenBy).toBe("clinician");
    expect(ReviewSchema.parse({ ...valid, writtenBy: "" }).writtenBy).toBe("self");
    expect(ReviewSchema.safeParse({ ...valid, writtenBy: "marketing" }).success).toBe(false);
  });
});

describe("who wrote a review, refused", () => {
  it.each([["x"], [["self", "helped"]], [5], [null], ["self".repeat(1000)]])(
    "refuses %j with a message that says what to do",
    (writtenBy) => {
      const result = ReviewSchema.safeParse({ ...valid, writtenBy });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(["Choose who is writing the review"]);
    },
  );
});

describe("a review's one-line answers", () => {
  const withContext = { ...valid, context: "Wheelchair user for 12 years, Ohio" };
  const firstErrors = (input: Record<string, unknown>) => {
    const result = ReviewSchema.safeParse(input);
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  };
  const oneLineFields = { name: "Please enter the name on one line", context: "Please enter the context on one line" };

  describeOneLineFields(firstErrors, withContext, oneLineFields);

  it.each(realNames)("accepts the name %s as typed", (name) => {
    expect(ReviewSchema.parse({ ...withContext, name }).name).toBe(name);
  });

  it("still takes a review of several lines", () => {
    expect(firstErrors({ ...withContext, quote: "Comfortable.\r\n\nNo sores\tsince." })).toEqual({});
  });
});
