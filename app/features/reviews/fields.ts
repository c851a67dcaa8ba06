/**
 * The review form's fields, tags and filter tabs: what the page and the form show, without the
 * schema (./schema.ts), which the browser loads only when the form is used (lib/lazy-check.ts).
 */
import { heardQuestion } from "~/content/heard";
import { defineFields, type FormAnswer } from "~/lib/form-fields";
import type { PublicFormProblem } from "~/lib/forms";

export const tagValues = [
  "comfort",
  "support-experience",
  "travel",
  "ease-of-use",
  "mobility",
  "independence",
  "long-sessions",
  "pressure-sensitivity",
  "daily-use",
  "wheelchair-comfort",
] as const;
export type TagValue = (typeof tagValues)[number];

/** Each tag's name as the form, the cards, the filter tabs and the admin show it: one spelling everywhere. */
export const tagLabels: Record<TagValue, string> = {
  comfort: "Comfort",
  "support-experience": "Support Experience",
  travel: "Travel",
  "ease-of-use": "Ease of Use",
  mobility: "Mobility",
  independence: "Independence",
  "long-sessions": "Long Sessions",
  "pressure-sensitivity": "Pressure Sensitivity",
  "daily-use": "Daily Use",
  "wheelchair-comfort": "Wheelchair Comfort",
};

/** "ease-of-use" → "Ease of Use"; a tag stored before the list changed keeps its words. */
export function tagLabel(tag: string) {
  return Object.hasOwn(tagLabels, tag) ? tagLabels[tag as TagValue] : tag.replace(/-/g, " ");
}

/** The filter tabs, each a tag (or all), with the older tags that count towards it (docs/requirements.md §3.2). */
export const filterTabs = [
  { value: "all", label: "All Reviews", tags: [] },
  { value: "comfort", label: tagLabels.comfort, tags: ["comfort", "long-sessions", "wheelchair-comfort"] },
  {
    value: "support-experience",
    label: tagLabels["support-experience"],
    tags: ["support-experience", "pressure-sensitivity"],
  },
  { value: "travel", label: tagLabels.travel, tags: ["travel", "mobility"] },
  { value: "ease-of-use", label: tagLabels["ease-of-use"], tags: ["ease-of-use", "daily-use", "independence"] },
] as const satisfies ReadonlyArray<{ value: "all" | TagValue; label: string; tags: readonly TagValue[] }>;

export type FilterValue = (typeof filterTabs)[number]["value"];

export function parseFilter(value: string | null): FilterValue {
  return filterTabs.some((t) => t.value === value) ? (value as FilterValue) : "all";
}

/**
 * Which page of a tab's reviews (decision 019): the newest (no parameter), the oldest
 * (`?page=oldest`), or the page just older (`?before=`) or newer (`?after=`) than a review, named
 * by the opaque cursor the server gave in the link. Nothing else is read: an old `?page=3` shows
 * the newest page.
 */
export type ReviewPosition = { from: "newest" | "oldest" } | { before: string } | { after: string };

export function parsePosition(params: URLSearchParams): ReviewPosition {
  const before = params.get("before");
  if (before) return { before };
  const after = params.get("after");
  if (after) return { after };
  return { from: params.get("page") === "oldest" ? "oldest" : "newest" };
}

/** The query string of a page of reviews ("" for the newest page of every review), as the page and the JSON API link to it. */
export function reviewPageQuery(filter: FilterValue, position: ReviewPosition): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("tag", filter);
  if ("before" in position) params.set("before", position.before);
  else if ("after" in position) params.set("after", position.after);
  else if (position.from === "oldest") params.set("page", "oldest");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * What staff can do to a review, from the admin page, the testimonials page's panel or the JSON
 * API. "decline" covers a pending review and a published one (unpublishing); both need a reason.
 */
export const moderationIntents = [
  "publish",
  "decline",
  "delete",
  "verify",
  "unverify",
  "reply",
  "remove-reply",
] as const;
export type ModerationIntent = (typeof moderationIntents)[number];

/** The review form's fields, in the form's order: each one's label and longest value, written once. */
export const reviewFields = defineFields({
  name: { label: "Name", max: 100 },
  email: { label: "Email", max: 254 },
  rating: { label: "Rating" },
  context: { label: "Context", max: 120 },
  tags: { label: "Tags" },
  quote: { label: "Your review", max: 2000 },
  writtenBy: { label: "Who is writing this review" },
  heard: { label: heardQuestion.label },
});
export type ReviewField = keyof typeof reviewFields;

/** A public form's problems, and `missing`: the answer of docs/requirements.md §6.1 when a required field is empty. */
export type ReviewProblem = "missing" | PublicFormProblem;

/** The reviews page action's answer to a review it did not store, drawn by the form with or without JavaScript. */
export type ReviewAnswer = FormAnswer<ReviewField, ReviewProblem>;

export function hasMissingRequired(input: Record<string, unknown>) {
  return ["name", "email", "quote"].some(
    (field) => typeof input[field] !== "string" || (input[field] as string).trim() === "",
  );
}
