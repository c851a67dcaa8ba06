/**
 * The optional question each form asks, "How did you hear about us?", and its answers: stored with
 * the submission and counted per form (the admin's Visits page). Edit the wording here; the
 * values are what is stored and counted, so keep them.
 */
export const heardQuestion = {
  label: "How did you hear about us?",
  hint: "Optional. It helps us learn where people find us; we count the answers, nothing more.",
  placeholder: "Choose an answer (optional)",
};

export const heardAnswers = [
  { value: "search", label: "A search engine" },
  { value: "clinician", label: "A clinician or therapist" },
  { value: "dealer", label: "A dealer" },
  { value: "friend", label: "A friend or family member" },
  { value: "social", label: "Social media" },
  { value: "event", label: "An event" },
  { value: "other", label: "Somewhere else" },
] as const;

export type HeardAnswer = (typeof heardAnswers)[number]["value"];

/** How an answer reads in the admin and its exports; "Not answered" for none. */
export function heardLabel(value: string | null | undefined): string {
  return heardAnswers.find((answer) => answer.value === value)?.label ?? "Not answered";
}
