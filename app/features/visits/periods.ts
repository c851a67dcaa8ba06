import type { SubmissionKind } from "#db/schema";

/** The periods the Visits page offers: the last 7, 30 or 90 days, or month by month (the last 13 months). */
export const periods = [
  { value: "7", label: "Last 7 days", days: 7 },
  { value: "30", label: "Last 30 days", days: 30 },
  { value: "90", label: "Last 90 days", days: 90 },
  { value: "months", label: "Month by month", days: undefined },
] as const;
export type Period = (typeof periods)[number]["value"];

export function parsePeriod(value: string | null): Period {
  return periods.find((p) => p.value === value)?.value ?? "30";
}

/** Each form's name in the report, by the key its counts are stored under; a new kind is a compile error here until named. */
export const formLabels: Record<string, string> = {
  message: "Contact form",
  order: "Order request",
  review: "Review",
} satisfies Record<SubmissionKind, string>;
