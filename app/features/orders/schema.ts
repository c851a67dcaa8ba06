import { emailAddress, heardFrom, isStorableText, lineOfText, unstorableMessage, z } from "~/lib/zod";
import {
  type Choice,
  controllerPlacements,
  coverTypes,
  discomfortAreaChoices,
  type OrderField,
  orderFields,
  padSizeChoices,
  priorityChoices,
  relationshipChoices,
  seatInches,
  sensitivityChoices,
  sittingHoursChoices,
  submittedByChoices,
  wheelchairTypes,
} from "./fields";

/**
 * The order request (docs/requirements.md §3.4), checked with this schema in the browser, step by
 * step, and again on the server. Field names are those of §3.4, so the JSON payload of §5.6 is accepted as
 * written; the messages are those of §3.4, word for word.
 */

function values<const T extends readonly Choice[]>(choices: T) {
  return choices.map((c) => c.value) as unknown as [T[number]["value"], ...T[number]["value"][]];
}

/** A required one-line answer: `what` names it in the message that asks for one line. */
function requiredLine(what: string, message: string, max: number, min = 1) {
  return lineOfText(what, message).trim().min(min, message).max(max, `Must be ${max} characters or fewer`);
}

/** An optional answer: one line when `what` names it, else free text of several lines (the notes). */
function optionalText(max: number, what?: string) {
  return (
    (what ? lineOfText(what) : z.string().refine(isStorableText, unstorableMessage))
      .trim()
      .max(max, `Must be ${max} characters or fewer`)
      // A JSON client sends null for an empty optional field.
      .nullish()
      .transform((v) => (v ? v : null))
  );
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
      const text = v
        .trim()
        .replace(/\s*(inches|inch|in|")$/i, "")
        .replace(",", ".");
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
  submittedBy: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "self" : v),
    z.enum(values(submittedByChoices), "Please say who is filling in the form"),
  ),
  submitterName: optionalText(orderFields.submitterName.max, "your name"),
  submitterRelationship: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(values(relationshipChoices), "Please say how you know the person").optional(),
  ),
  firstName: requiredLine("the first name", "First name is required", orderFields.firstName.max),
  lastName: requiredLine("the last name", "Last name is required", orderFields.lastName.max),
  email: emailAddress(orderFields.email.max),
  phone: requiredLine("the phone number", "Please enter a valid phone number", orderFields.phone.max, 10),
  country: requiredLine("the country", "Country is required", orderFields.country.max),
  state: requiredLine("the state or province", "State/Province is required", orderFields.state.max),
  // Its form depends on the country: checked with it below (docs/requirements.md §3.4, postal codes).
  zipCode: requiredLine("the ZIP or postal code", "ZIP/Postal code is required", orderFields.zipCode.max),
  wheelchairType: z.enum(values(wheelchairTypes), "Please select wheelchair type"),
  seatWidth: inches("width"),
  seatDepth: inches("depth"),
  currentCushion: optionalText(orderFields.currentCushion.max, "the current cushion"),
  dailySittingHours: z.enum(values(sittingHoursChoices), "Daily sitting hours is required"),
  discomfortAreas: checkboxGroup(discomfortAreaChoices, "Please select at least one area"),
  sensitivityLevel: z.enum(values(sensitivityChoices), "Please select sensitivity level"),
  priorities: checkboxGroup(priorityChoices, "Please select at least one priority"),
  padSize: z.enum(values(padSizeChoices), "Please select pad size"),
  coverType: z.enum(values(coverTypes), "Please select cover type"),
  controllerPlacement: z.enum(values(controllerPlacements), "Please select controller placement"),
  medicalNotes: optionalText(orderFields.medicalNotes.max),
  heard: heardFrom,
  privacyConsent: agreement("You must agree to the privacy policy"),
  medicalDisclaimer: agreement("You must acknowledge the medical disclaimer"),
} satisfies Record<OrderField, z.ZodType>);

const invalidPostalCode = "Please enter a valid ZIP or postal code";

/** The names people give the United States in the country field. */
const unitedStates = /^(united states( of america)?|usa?|u\.s\.(a\.)?|america)$/i;

/**
 * The ruling on postal codes: in the United States a 5-digit ZIP or ZIP+4; elsewhere 3 to 10
 * letters, digits, spaces or hyphens ("3000" in Melbourne, "SW1A 1AA" in London). A country not
 * given yet is checked as elsewhere, so a US code passes until the country says otherwise.
 */
export function isPostalCode(code: string, country: unknown): boolean {
  const trimmed = code.trim();
  if (typeof country === "string" && unitedStates.test(country.trim())) return /^\d{5}(-\d{4})?$/.test(trimmed);
  return /^[\p{L}\p{N} -]{3,10}$/u.test(trimmed);
}

/**
 * Someone filling it in for another person says who they are (docs/requirements.md §3.4; staff need
 * it). Checked even when other fields are wrong, so every mistake is listed at once.
 */
export const OrderRequestSchema = OrderFields.superRefine(
  (order, ctx) => {
    const value = order as Partial<Record<string, unknown>>;
    if (typeof value.zipCode === "string" && value.zipCode.trim() !== "" && !isPostalCode(value.zipCode, value.country))
      ctx.addIssue({ code: "custom", path: ["zipCode"], message: invalidPostalCode });
    if (value.submittedBy !== "other") return;
    const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
    if (blank(value.submitterName))
      ctx.addIssue({ code: "custom", path: ["submitterName"], message: "Your name is required" });
    if (blank(value.submitterRelationship))
      ctx.addIssue({ code: "custom", path: ["submitterRelationship"], message: "Please say how you know the person" });
  },
  { when: () => true },
);

export type OrderRequestInput = z.output<typeof OrderRequestSchema>;
