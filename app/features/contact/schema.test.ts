import { describe, expect, it } from "vitest";
import { ContactFormSchema } from "./schema";
import { describeOneLineFields, realNames } from "../../../tests/support/one-line";

const valid = {
  name: "Ana",
  email: "ana@example.com",
  topic: "product",
  message: "I would like a quote, please.",
  consent: "on",
};

function errorsOf(input: Record<string, unknown>) {
  const result = ContactFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("contact form rules", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = ContactFormSchema.parse({ ...valid, name: "  Ana  ", phone: "" });
    expect(parsed.name).toBe("Ana");
    expect(parsed.phone).toBeUndefined();
    expect(parsed.consent).toBe(true);
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["topic", { topic: "" }, "Please select a topic"],
    ["topic", { topic: "billing" }, "Please select a topic"],
    ["message", { message: "short" }, "Message must be at least 10 characters"],
    ["consent", { consent: undefined }, "You must agree to the privacy policy"],
  ])("refuses a bad %s with the message of requirements.md §3.3", (field, change, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toBe(message);
  });

  it("refuses text no database can keep byte for byte (NUL, a lone surrogate) instead of altering it", () => {
    expect(errorsOf({ ...valid, name: "Ann\0" }).name).toBe("Please remove characters that cannot be saved");
    expect(errorsOf({ ...valid, message: "A lone half \uD83D of an emoji" }).message).toBe(
      "Please remove characters that cannot be saved",
    );
    expect(errorsOf({ ...valid, message: "A whole emoji \uD83D\uDE00 is fine" }).message).toBeUndefined();
  });

  it("refuses a header-injection attempt in the email", () => {
    expect(errorsOf({ ...valid, email: "a@example.com\r\nBcc: x@example.com" }).email).toBe(
      "Please enter a valid email address",
    );
  });

  describeOneLineFields(
    errorsOf,
    { ...valid, name: "Ana Example", phone: "555-010-0199" },
    {
      name: "Please enter the name on one line",
      phone: "Please enter the phone number on one line",
    },
  );

  it.each(realNames)("accepts the name %s as typed", (name) => {
    expect(ContactFormSchema.parse({ ...valid, name }).name).toBe(name);
  });

  it("still takes a message of several lines", () => {
    expect(errorsOf({ ...valid, message: "First line,\r\nsecond line.\n\tIndented." })).toEqual({});
  });
});
