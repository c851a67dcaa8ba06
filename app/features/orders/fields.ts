import { heardQuestion } from "~/content/heard";
import { defineFields, fieldLabels } from "~/lib/form-fields";

/**
 * The order request's fields: their names, choices, labels and steps, as the form and the admin
 * show them. The schema that checks them (./schema.ts) is loaded by the browser only when the
 * form is used (lib/lazy-check.ts).
 */
export interface Choice<Value extends string = string> {
  value: Value;
  label: string;
  hint?: string;
}

export function choiceLabel(choices: readonly Choice[], value: string): string {
  return choices.find((c) => c.value === value)?.label ?? value;
}

export const submittedByChoices = [
  { value: "self", label: "I will use the cushion" },
  {
    value: "other",
    label: "I am filling it in for someone else",
    hint: "A caregiver, family member, clinician or dealer.",
  },
] as const satisfies readonly Choice[];

export const relationshipChoices = [
  { value: "caregiver", label: "Caregiver or family member" },
  { value: "clinician", label: "Clinician or therapist" },
  { value: "dealer", label: "Dealer" },
  { value: "other", label: "Other" },
] as const satisfies readonly Choice[];

export const wheelchairTypes = [
  { value: "manual", label: "Manual wheelchair" },
  { value: "power", label: "Power wheelchair" },
] as const satisfies readonly Choice[];

export const sittingHoursChoices = [
  { value: "up-to-4", label: "Up to 4 hours" },
  { value: "4-8", label: "4 to 8 hours" },
  { value: "8-12", label: "8 to 12 hours" },
  { value: "over-12", label: "More than 12 hours" },
] as const satisfies readonly Choice[];

export const discomfortAreaChoices = [
  { value: "tailbone", label: "Tailbone" },
  { value: "sitting-bones", label: "Sitting bones" },
  { value: "hips", label: "Hips" },
  { value: "thighs", label: "Backs of the thighs" },
  { value: "lower-back", label: "Lower back" },
  { value: "none-yet", label: "No discomfort now: I want to prevent it" },
] as const satisfies readonly Choice[];

export const sensitivityChoices = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
] as const satisfies readonly Choice[];

export const priorityChoices = [
  { value: "pressure-relief", label: "Pressure relief" },
  { value: "long-day-comfort", label: "Comfort through long days" },
  { value: "stability", label: "Stability and posture" },
  { value: "travel", label: "Easy to travel with" },
  { value: "easy-care", label: "Easy to keep clean" },
  { value: "quiet", label: "Quiet operation" },
] as const satisfies readonly Choice[];

export const padSizeChoices = [
  { value: "match-seat", label: "Made to my seat measurements" },
  { value: "custom", label: "A different size or shape", hint: "Tell us about it in the notes." },
  { value: "not-sure", label: "Not sure yet", hint: "We will decide together at the consultation." },
] as const satisfies readonly Choice[];

export const coverTypes = [
  { value: "standard", label: "Standard cover" },
  { value: "easy-clean", label: "Easy-clean cover" },
] as const satisfies readonly Choice[];

export const controllerPlacements = [
  { value: "left", label: "Left side of the chair" },
  { value: "right", label: "Right side of the chair" },
  { value: "portable", label: "Portable, not fixed to the chair" },
] as const satisfies readonly Choice[];

/** Seat measurements are taken in inches; anything outside this range is a typing mistake. */
export const seatInches = { min: 10, max: 30 } as const;

/**
 * Every field of the order request, in the form's order, with the label it is known by (on the
 * form, in the error summary, in the admin and the export) and the longest text it takes; the
 * schema has exactly these.
 */
export const orderFields = defineFields({
  submittedBy: { label: "Who is filling in the form" },
  submitterName: { label: "Your name", max: 120 },
  submitterRelationship: { label: "How you know the person" },
  firstName: { label: "First name", max: 80 },
  lastName: { label: "Last name", max: 80 },
  email: { label: "Email", max: 254 },
  phone: { label: "Phone", max: 40 },
  country: { label: "Country", max: 80 },
  state: { label: "State/Province", max: 80 },
  zipCode: { label: "ZIP/Postal code", max: 12 },
  wheelchairType: { label: "Wheelchair type" },
  seatWidth: { label: "Seat width" },
  seatDepth: { label: "Seat depth" },
  currentCushion: { label: "Current cushion", max: 200 },
  dailySittingHours: { label: "Daily sitting hours" },
  discomfortAreas: { label: "Areas of discomfort" },
  sensitivityLevel: { label: "Sensitivity level" },
  priorities: { label: "Priorities" },
  padSize: { label: "Pad size" },
  coverType: { label: "Cover type" },
  controllerPlacement: { label: "Controller placement" },
  medicalNotes: { label: "Notes", max: 2000 },
  heard: { label: heardQuestion.label },
  privacyConsent: { label: "Privacy policy" },
  medicalDisclaimer: { label: "Medical disclaimer" },
});
export type OrderField = keyof typeof orderFields;
/** How each field is named in the error summary, the admin and the export. */
export const orderFieldLabels = fieldLabels(orderFields);

/** The form's steps, in order: each a fieldset, and with JavaScript one screen of the form. */
export const orderSteps = [
  {
    id: "contact",
    title: "Contact details",
    fields: ["submittedBy", "submitterName", "submitterRelationship", "firstName", "lastName", "email", "phone"],
  },
  { id: "location", title: "Location", fields: ["country", "state", "zipCode"] },
  { id: "chair", title: "Wheelchair and seat", fields: ["wheelchairType", "seatWidth", "seatDepth", "currentCushion"] },
  {
    id: "sitting",
    title: "Sitting and sensitivity",
    fields: ["dailySittingHours", "discomfortAreas", "sensitivityLevel"],
  },
  { id: "choices", title: "Cushion choices", fields: ["priorities", "padSize", "coverType", "controllerPlacement"] },
  {
    id: "consent",
    title: "Notes and consent",
    fields: ["medicalNotes", "heard", "privacyConsent", "medicalDisclaimer"],
  },
] as const satisfies ReadonlyArray<{ id: string; title: string; fields: readonly OrderField[] }>;

/** Order references look like AQ-7K3M-9QX2: no I, L, O or U, so they read aloud without doubt. */
export const referencePattern = /^AQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
