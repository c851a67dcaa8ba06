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

/** Every field of the order request, in the form's order; the schema has exactly these. */
export const orderFieldNames = [
  "submittedBy",
  "submitterName",
  "submitterRelationship",
  "firstName",
  "lastName",
  "email",
  "phone",
  "country",
  "state",
  "zipCode",
  "wheelchairType",
  "seatWidth",
  "seatDepth",
  "currentCushion",
  "dailySittingHours",
  "discomfortAreas",
  "sensitivityLevel",
  "priorities",
  "padSize",
  "coverType",
  "controllerPlacement",
  "medicalNotes",
  "privacyConsent",
  "medicalDisclaimer",
] as const;
export type OrderField = (typeof orderFieldNames)[number];

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
  { id: "consent", title: "Notes and consent", fields: ["medicalNotes", "privacyConsent", "medicalDisclaimer"] },
] as const satisfies ReadonlyArray<{ id: string; title: string; fields: readonly OrderField[] }>;

/** How each field is named in the error summary. */
export const orderFieldLabels: Record<OrderField, string> = {
  submittedBy: "Who is filling in the form",
  submitterName: "Your name",
  submitterRelationship: "How you know the person",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  country: "Country",
  state: "State/Province",
  zipCode: "ZIP/Postal code",
  wheelchairType: "Wheelchair type",
  seatWidth: "Seat width",
  seatDepth: "Seat depth",
  currentCushion: "Current cushion",
  dailySittingHours: "Daily sitting hours",
  discomfortAreas: "Areas of discomfort",
  sensitivityLevel: "Sensitivity level",
  priorities: "Priorities",
  padSize: "Pad size",
  coverType: "Cover type",
  controllerPlacement: "Controller placement",
  medicalNotes: "Notes",
  privacyConsent: "Privacy policy",
  medicalDisclaimer: "Medical disclaimer",
};

/** Order references look like AQ-7K3M-9QX2: no I, L, O or U, so they read aloud without doubt. */
export const referencePattern = /^AQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
