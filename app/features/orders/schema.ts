import { isStorableText, unstorableMessage, z } from "~/lib/zod";

/**
 * The order request (spec sections 3 and 5), checked with this schema in the browser, step by
 * step, and again on the server. Field names are the spec's, so its JSON payload is accepted as
 * written; the messages are section 5's, word for word.
 */

interface Choice<Value extends string = string> {
  value: Value;
  label: string;
  hint?: string;
}

function values<const T extends readonly Choice[]>(choices: T) {
  return choices.map((c) => c.value) as unknown as [T[number]["value"], ...T[number]["value"][]];
}

export function choiceLabel(choices: readonly Choice[], value: string): string {
  return choices.find((c) => c.value === value)?.label ?? value;
}

export const submittedByChoices = [
  { value: "self", label: "I will use the cushion" },
  { value: "other", label: "I am filling it in for someone else", hint: "A caregiver, family member, clinician or dealer." },
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

function requiredText(message: string, max: number, min = 1) {
  return z
    .string(message)
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(min, message)
    .max(max, `Must be ${max} characters or fewer`);
}

function optionalText(max: number) {
  return z
    .string()
    .refine(isStorableText, unstorableMessage)
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    // A JSON client sends null for an empty optional field.
    .nullish()
    .transform((v) => (v ? v : null));
}

/** One checkbox sends a string, several a list, none nothing. */
function checkboxGroup<const T extends readonly Choice[]>(choices: T, message: string) {
  return z
    .union([z.array(z.string()), z.string()], message)
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values(choices), message)).min(1, message))
    .transform((list) => [...new Set(list)]);
}

/** Inches as typed ("18", "18.5", "18,5") or sent as a JSON number. */
function inches(what: "width" | "depth") {
  const required = `Seat ${what} is required`;
  const range = `Enter a seat ${what} between ${seatInches.min} and ${seatInches.max} inches`;
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "string") return v;
      const text = v.trim().replace(/\s*(inches|inch|in|")$/i, "").replace(",", ".");
      if (text === "") return undefined;
      return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    },
    // Nothing given is "required"; something that is not a number of inches gets the range.
    z
      .number({ error: (issue) => (issue.input === undefined ? required : range) })
      .min(seatInches.min, range)
      .max(seatInches.max, range),
  );
}

function agreement(message: string) {
  return z.literal(["on", "true", true], message).transform(() => true as const);
}

/** The fields before the cross-field rule, so a step can be checked on its own. */
export const OrderFields = z.object({
  submittedBy: z.preprocess((v) => (v === undefined || v === null || v === "" ? "self" : v), z.enum(values(submittedByChoices), "Please say who is filling in the form")),
  submitterName: optionalText(120),
  submitterRelationship: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(values(relationshipChoices), "Please say how you know the person").optional()),
  firstName: requiredText("First name is required", 80),
  lastName: requiredText("Last name is required", 80),
  email: z
    .string("Please enter a valid email address")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone: requiredText("Please enter a valid phone number", 40, 10),
  country: requiredText("Country is required", 80),
  state: requiredText("State/Province is required", 80),
  zipCode: requiredText("ZIP/Postal code is required", 12, 5),
  wheelchairType: z.enum(values(wheelchairTypes), "Please select wheelchair type"),
  seatWidth: inches("width"),
  seatDepth: inches("depth"),
  currentCushion: optionalText(200),
  dailySittingHours: z.enum(values(sittingHoursChoices), "Daily sitting hours is required"),
  discomfortAreas: checkboxGroup(discomfortAreaChoices, "Please select at least one area"),
  sensitivityLevel: z.enum(values(sensitivityChoices), "Please select sensitivity level"),
  priorities: checkboxGroup(priorityChoices, "Please select at least one priority"),
  padSize: z.enum(values(padSizeChoices), "Please select pad size"),
  coverType: z.enum(values(coverTypes), "Please select cover type"),
  controllerPlacement: z.enum(values(controllerPlacements), "Please select controller placement"),
  medicalNotes: optionalText(2000),
  privacyConsent: agreement("You must agree to the privacy policy"),
  medicalDisclaimer: agreement("You must acknowledge the medical disclaimer"),
});

/**
 * Someone filling it in for another person says who they are (the spec lacks this; staff need
 * it). Checked even when other fields are wrong, so every mistake is listed at once.
 */
export const OrderRequestSchema = OrderFields.superRefine(
  (order, ctx) => {
    const value = order as Partial<Record<string, unknown>>;
    if (value.submittedBy !== "other") return;
    const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
    if (blank(value.submitterName)) ctx.addIssue({ code: "custom", path: ["submitterName"], message: "Your name is required" });
    if (blank(value.submitterRelationship)) ctx.addIssue({ code: "custom", path: ["submitterRelationship"], message: "Please say how you know the person" });
  },
  { when: () => true },
);

export type OrderRequestInput = z.output<typeof OrderRequestSchema>;
export type OrderField = keyof typeof OrderFields.shape;

/** The form's steps, in order: each a fieldset, and with JavaScript one screen of the form. */
export const orderSteps = [
  { id: "contact", title: "Contact details", fields: ["submittedBy", "submitterName", "submitterRelationship", "firstName", "lastName", "email", "phone"] },
  { id: "location", title: "Location", fields: ["country", "state", "zipCode"] },
  { id: "chair", title: "Wheelchair and seat", fields: ["wheelchairType", "seatWidth", "seatDepth", "currentCushion"] },
  { id: "sitting", title: "Sitting and sensitivity", fields: ["dailySittingHours", "discomfortAreas", "sensitivityLevel"] },
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
