import { describe, expect, it } from "vitest";
import { seatInches } from "./fields";
import { OrderRequestSchema } from "./schema";
import { completeOrderForm } from "../../../tests/support/orders";
import { orderMessages as sectionFive } from "../../../tests/support/spec-messages";
import { describeOneLineFields, realNames } from "../../../tests/support/one-line";

const valid = completeOrderForm;

/** The first message per field, keyed by the field (a list's item errors count for the list). */
function errorsOf(input: Record<string, unknown>) {
  const result = OrderRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("order request rules", () => {
  it("accepts a complete request from the form, trimmed, with empty optional fields as null", () => {
    const parsed = OrderRequestSchema.parse({ ...valid, firstName: "  Rosa ", currentCushion: "  " });
    expect(parsed).toMatchObject({
      submittedBy: "self",
      firstName: "Rosa",
      seatWidth: 18,
      seatDepth: 17.5,
      currentCushion: null,
      medicalNotes: null,
      discomfortAreas: ["tailbone", "hips"],
      privacyConsent: true,
      medicalDisclaimer: true,
    });
  });

  it("answers an empty submission with every section-5 message, and nothing else", () => {
    expect(errorsOf({})).toEqual(sectionFive);
  });

  it("answers a form posted with every field empty with the same messages", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((field) => [field, ""]));
    expect(errorsOf(empty)).toEqual(sectionFive);
    expect(errorsOf({ ...empty, discomfortAreas: [], priorities: [] })).toEqual(sectionFive);
  });

  it.each([
    ["phone", { phone: "555-01001" }, "Please enter a valid phone number"],
    ["zipCode", { zipCode: "4300" }, "Please enter a valid ZIP or postal code"],
    ["zipCode", { zipCode: "43004-12" }, "Please enter a valid ZIP or postal code"],
    ["zipCode", { zipCode: "   " }, "ZIP/Postal code is required"],
    ["email", { email: "rosa@" }, "Please enter a valid email address"],
    ["email", { email: "a@example.com\r\nBcc: x@example.com" }, "Please enter a valid email address"],
    ["wheelchairType", { wheelchairType: "hybrid" }, "Please select wheelchair type"],
    ["dailySittingHours", { dailySittingHours: "all day" }, "Daily sitting hours is required"],
    ["sensitivityLevel", { sensitivityLevel: "extreme" }, "Please select sensitivity level"],
    ["padSize", { padSize: "xl" }, "Please select pad size"],
    ["coverType", { coverType: "leather" }, "Please select cover type"],
    ["controllerPlacement", { controllerPlacement: "center" }, "Please select controller placement"],
    ["discomfortAreas", { discomfortAreas: ["hips", "knees"] }, "Please select at least one area"],
    ["priorities", { priorities: "speed" }, "Please select at least one priority"],
    ["privacyConsent", { privacyConsent: "off" }, "You must agree to the privacy policy"],
    ["privacyConsent", { privacyConsent: false }, "You must agree to the privacy policy"],
    ["medicalDisclaimer", { medicalDisclaimer: "false" }, "You must acknowledge the medical disclaimer"],
  ])("refuses a bad %s with the message of requirements.md §3.4", (field, change, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it("takes a phone of exactly 10 characters and a ZIP code of exactly 5", () => {
    expect(errorsOf({ ...valid, phone: "5550100199", zipCode: "43004" })).toEqual({});
    expect(errorsOf({ ...valid, zipCode: "43004-1234" })).toEqual({});
  });

  it("follows the ruling on postal codes: a US ZIP or ZIP+4, elsewhere 3 to 10 letters, digits, spaces or hyphens", () => {
    for (const country of ["United States", "USA", "us", "U.S.", "United States of America"]) {
      expect(errorsOf({ ...valid, country, zipCode: "3000" }), country).toEqual({
        zipCode: "Please enter a valid ZIP or postal code",
      });
      expect(errorsOf({ ...valid, country, zipCode: "97201" }), country).toEqual({});
    }
    expect(errorsOf({ ...valid, country: "Australia", zipCode: "3000" })).toEqual({});
    expect(errorsOf({ ...valid, country: "United Kingdom", zipCode: "SW1A 1AA" })).toEqual({});
    expect(errorsOf({ ...valid, country: "Canada", zipCode: "K1A 0B1" })).toEqual({});
    expect(errorsOf({ ...valid, country: "Ireland", zipCode: "D02 X285" })).toEqual({});
    expect(errorsOf({ ...valid, country: "Australia", zipCode: "30" })).toEqual({
      zipCode: "Please enter a valid ZIP or postal code",
    });
    expect(errorsOf({ ...valid, country: "Australia", zipCode: "3000; drop" })).toEqual({
      zipCode: "Please enter a valid ZIP or postal code",
    });
    expect(errorsOf({ ...valid, country: "Australia", zipCode: "" })).toEqual({
      zipCode: "ZIP/Postal code is required",
    });
  });

  it(`takes seat measurements from ${seatInches.min} to ${seatInches.max} inches, and nothing outside`, () => {
    const seat = (seatWidth: unknown, seatDepth: unknown = "16") =>
      OrderRequestSchema.safeParse({ ...valid, seatWidth, seatDepth });
    expect(seat("10", "30").data).toMatchObject({ seatWidth: 10, seatDepth: 30 });
    for (const outside of ["9.99", "30.01", "0", 9, 31]) {
      expect(errorsOf({ ...valid, seatWidth: outside }), String(outside)).toEqual({
        seatWidth: "Enter a seat width between 10 and 30 inches",
      });
      expect(errorsOf({ ...valid, seatDepth: outside }), String(outside)).toEqual({
        seatDepth: "Enter a seat depth between 10 and 30 inches",
      });
    }
    // As people type them: a decimal comma, a unit, spaces.
    expect(seat("18,5").data?.seatWidth).toBe(18.5);
    expect(seat('18"').data?.seatWidth).toBe(18);
    expect(seat(" 18 in ").data?.seatWidth).toBe(18);
    expect(seat("16 inches").data?.seatWidth).toBe(16);
    for (const typo of ["abc", "-18", "18.555", "1e1", "0x12", "18 cm", true, [18]])
      expect(seat(typo).success, String(typo)).toBe(false);
  });

  it("takes one ticked checkbox as a string and several as a list, without repeats", () => {
    expect(OrderRequestSchema.parse({ ...valid, discomfortAreas: "hips", priorities: "quiet" })).toMatchObject({
      discomfortAreas: ["hips"],
      priorities: ["quiet"],
    });
    expect(
      OrderRequestSchema.parse({ ...valid, discomfortAreas: ["hips", "tailbone", "hips"] }).discomfortAreas,
    ).toEqual(["hips", "tailbone"]);
  });

  it("takes JSON numbers and booleans as well as the form's strings", () => {
    const json = OrderRequestSchema.parse({
      ...valid,
      seatWidth: 18,
      seatDepth: 17.5,
      privacyConsent: true,
      medicalDisclaimer: true,
      currentCushion: null,
      medicalNotes: null,
    });
    const form = OrderRequestSchema.parse({ ...valid, privacyConsent: "true", medicalDisclaimer: "on" });
    expect(json).toEqual(form);
    expect(json).toMatchObject({ seatWidth: 18, seatDepth: 17.5, privacyConsent: true, currentCushion: null });
    expect(errorsOf({ ...valid, seatWidth: "18", privacyConsent: 1 })).toEqual({
      privacyConsent: "You must agree to the privacy policy",
    });
  });

  it("asks someone filling it in for another person who they are and how they know them", () => {
    expect(errorsOf({ ...valid, submittedBy: "other" })).toEqual({
      submitterName: "Your name is required",
      submitterRelationship: "Please say how you know the person",
    });
    expect(errorsOf({ ...valid, submittedBy: "other", submitterName: "  ", submitterRelationship: "" })).toEqual({
      submitterName: "Your name is required",
      submitterRelationship: "Please say how you know the person",
    });
    expect(
      errorsOf({ ...valid, submittedBy: "other", submitterName: "Dr Lee", submitterRelationship: "aunt" }),
    ).toEqual({ submitterRelationship: "Please say how you know the person" });
    expect(
      OrderRequestSchema.parse({
        ...valid,
        submittedBy: "other",
        submitterName: "Dr Lee",
        submitterRelationship: "clinician",
      }),
    ).toMatchObject({
      submittedBy: "other",
      submitterName: "Dr Lee",
      submitterRelationship: "clinician",
    });
    // The person themselves (the default, or the payload of requirements.md §5.6, which never says) needs neither.
    expect(errorsOf({ ...valid, submittedBy: "self" })).toEqual({});
    expect(errorsOf({ ...valid, submittedBy: "" })).toEqual({});
    expect(errorsOf({ ...valid, submittedBy: "robot" })).toEqual({
      submittedBy: "Please say who is filling in the form",
    });
  });

  it("refuses text no database can keep, and over-long text", () => {
    expect(errorsOf({ ...valid, medicalNotes: "Sore\0" }).medicalNotes).toBe(
      "Please remove characters that cannot be saved",
    );
    expect(errorsOf({ ...valid, medicalNotes: "x".repeat(2001) }).medicalNotes).toBe(
      "Must be 2000 characters or fewer",
    );
    expect(errorsOf({ ...valid, firstName: "x".repeat(81) }).firstName).toBe("Must be 80 characters or fewer");
  });

  /** Every answer that is one line by nature, with the message that asks for it so. */
  const oneLineFields = {
    firstName: "Please enter the first name on one line",
    lastName: "Please enter the last name on one line",
    submitterName: "Please enter your name on one line",
    phone: "Please enter the phone number on one line",
    country: "Please enter the country on one line",
    state: "Please enter the state or province on one line",
    zipCode: "Please enter the ZIP or postal code on one line",
    currentCushion: "Please enter the current cushion on one line",
  };
  const filled = {
    ...valid,
    submittedBy: "other",
    submitterName: "Dr Lee",
    submitterRelationship: "clinician",
    currentCushion: "Foam, three years old",
  };

  describeOneLineFields(errorsOf, filled, oneLineFields);

  it.each(realNames)("accepts %s as a first, last and filling-in name", (name) => {
    expect(OrderRequestSchema.parse({ ...filled, firstName: name, lastName: name, submitterName: name })).toMatchObject(
      { firstName: name, lastName: name, submitterName: name },
    );
  });

  it("still takes notes of several lines", () => {
    expect(errorsOf({ ...filled, medicalNotes: "Healed sore.\r\nSits\tlong days." })).toEqual({});
  });
});
