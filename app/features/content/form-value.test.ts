import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { arrangeField, entriesReadPastLimit, entryField, fieldErrorsOf, readFormValue } from "./form-value";

function formData(fields: Array<[string, string | Blob]>) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const HoursSchema = z.object({
  timeZone: z.string().min(1),
  opens: z.int().min(0).max(23),
  closes: z.int().min(0).max(23),
  buffer: z.number().optional(),
  cap: z.number().nullable(),
  note: z.string().optional(),
  remark: z.string().nullable(),
  holidays: z.boolean(),
  closedDays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the day as YYYY-MM-DD")),
  phone: z.object({ display: z.string(), dial: z.string() }).optional(),
});

describe("reading a content form's post", () => {
  it("turns numbers into numbers and keeps one that is not a number as it was typed", () => {
    const read = readFormValue(
      HoursSchema,
      formData([
        ["timeZone", "America/New_York"],
        ["opens", " 9 "],
        ["closes", "5pm"],
        ["buffer", "0x10"],
        ["cap", "-2.5e1"],
      ]),
    );
    expect(read).toMatchObject({ opens: 9, closes: "5pm", buffer: "0x10", cap: -25 });
    const result = HoursSchema.safeParse(read);
    // A finished issue does not say the field wants a whole number; the hint under it does.
    expect(fieldErrorsOf(result.error!)).toMatchObject({ closes: "Enter a number", buffer: "Enter a number" });
    expect(fieldErrorsOf(HoursSchema.safeParse({ ...(read as object), closes: 17.5 }).error!)).toMatchObject({
      closes: "Enter a whole number",
    });
  });

  it("reads an empty field as left out, null or empty text, as its schema allows", () => {
    const read = readFormValue(
      HoursSchema,
      formData([
        ["timeZone", ""],
        ["opens", ""],
        ["buffer", ""],
        ["cap", ""],
        ["note", ""],
        ["remark", ""],
        ["phone.display", ""],
        ["phone.dial", ""],
      ]),
    );
    expect(read).toEqual({ timeZone: "", cap: null, remark: null, holidays: false, closedDays: [] });
  });

  it("keeps a group the schema lets go when anything in it is filled", () => {
    const read = readFormValue(
      HoursSchema,
      formData([
        ["phone.display", "866-7AQUILA"],
        ["phone.dial", ""],
      ]),
    );
    expect(read).toMatchObject({ phone: { display: "866-7AQUILA", dial: "" } });
  });

  it("takes a ticked box as true, whatever it sends, and an unticked one as false", () => {
    expect(readFormValue(HoursSchema, formData([["holidays", "on"]]))).toMatchObject({ holidays: true });
    expect(readFormValue(HoursSchema, formData([]))).toMatchObject({ holidays: false });
  });

  it("reads a list's entries in the order of their numbers, skipping gaps, and ignores the arranging button", () => {
    const read = readFormValue(
      HoursSchema,
      formData([
        ["closedDays.10", "2026-12-31"],
        ["closedDays.2", "2026-12-24"],
        ["closedDays.5", "2026-12-26"],
        ["closedDays.x", "not an entry"],
        ["closedDays.01", "not an entry either"],
        [arrangeField, "add:closedDays"],
      ]),
    );
    expect(read).toMatchObject({ closedDays: ["2026-12-24", "2026-12-26", "2026-12-31"] });
    expect(read).not.toHaveProperty(arrangeField);
  });

  it("reads a list only a few entries past its limit, however many are posted", () => {
    const Limited = z.object({ days: z.array(z.string()).max(3, "At most 3 days") });
    const posted = formData(Array.from({ length: 3_700 }, (_, at) => [`days.${at}`, `day ${at}`]));
    const read = readFormValue(Limited, posted) as { days: string[] };
    expect(read.days).toHaveLength(3 + entriesReadPastLimit);
    expect(read.days.at(-1)).toBe(`day ${2 + entriesReadPastLimit}`);
    expect(Limited.safeParse(read).error?.issues.map((issue) => issue.message)).toEqual(["At most 3 days"]);
  });

  it("keeps an entry that posts nothing but its marker", () => {
    const Schema = z.object({ days: z.array(z.object({ open: z.boolean() })) });
    const read = readFormValue(
      Schema,
      formData([
        [entryField, "days.0"],
        [entryField, "days.1"],
        ["days.1.open", "on"],
      ]),
    );
    expect(read).toEqual({ days: [{ open: false }, { open: true }] });
  });

  it("turns a text area's CR LF line breaks back into the line feeds typed", () => {
    const Schema = z.object({ answer: z.string().max(12).meta({ markdown: true }) });
    const read = readFormValue(Schema, formData([["answer", "One.\r\n\r\nTwo."]]));
    expect(read).toEqual({ answer: "One.\n\nTwo." });
    expect(Schema.safeParse(read).success).toBe(true);
  });

  it("takes a field sent twice as first sent, and no file for text", () => {
    const Schema = z.object({ title: z.string(), body: z.string() });
    const read = readFormValue(
      Schema,
      formData([
        ["title", "First"],
        ["title", "Second"],
        ["body", new Blob(["file"])],
      ]),
    );
    expect(read).toEqual({ title: "First", body: "" });
  });

  it("fills in a fixed value from the schema, whatever was posted", () => {
    const Schema = z.object({ kind: z.literal("faq"), title: z.string() });
    expect(
      readFormValue(
        Schema,
        formData([
          ["kind", "other"],
          ["title", "FAQ"],
        ]),
      ),
    ).toEqual({ kind: "faq", title: "FAQ" });
  });
});

describe("zod's verdict, for an editor", () => {
  const Schema = z.object({
    title: z.string().min(1).max(200),
    code: z.string().length(4),
    intro: z.string().min(20),
    email: z.email(),
    count: z.int().min(1).max(10),
    share: z.number().positive().lt(1),
    step: z.number().multipleOf(5),
    tone: z.enum(["plain", "warm"]),
    tags: z.array(z.string()).min(2).max(3),
    slug: z.string().startsWith("/"),
    owner: z.object({ name: z.string().min(1, "Give the owner's name") }),
    custom: z.string().refine((text) => text !== "no"),
  });

  it("says each problem plainly, by dotted name, and keeps the schema's own messages", () => {
    const typed = {
      title: "x".repeat(201),
      code: "12345",
      intro: "Short",
      email: "someone",
      count: 0,
      share: 1,
      step: 7,
      tone: "loud",
      tags: ["a"],
      slug: "about",
      owner: { name: "" },
      custom: "no",
    };
    expect(fieldErrorsOf(Schema.safeParse(typed).error!)).toEqual({
      title: "At most 200 characters",
      code: "Exactly 4 characters",
      intro: "At least 20 characters",
      email: "Enter an email address, like name@example.com",
      count: "At least 1",
      share: "Less than 1",
      step: "Enter a multiple of 5",
      tone: "Choose one of the options",
      tags: "Add at least 2 entries",
      slug: "Start with “/”",
      "owner.name": "Give the owner's name",
      custom: "Check this value",
    });
  });

  it("says a missing answer is required, given the value checked or zod's record of the input", () => {
    const empty = { title: "", count: undefined, tone: undefined, tags: ["a", "b", "c", "d"] };
    const result = Schema.safeParse(empty);
    expect(fieldErrorsOf(result.error!, empty)).toMatchObject({
      title: "Required",
      count: "Required",
      tone: "Required",
      tags: "At most 3 entries",
    });
    // Without the value, what kind of answer is wanted.
    expect(fieldErrorsOf(result.error!)).toMatchObject({ title: "Required", count: "Enter a number" });
    const reported = Schema.safeParse(empty, { reportInput: true });
    expect(fieldErrorsOf(reported.error!)).toMatchObject({ count: "Required", tone: "Required" });
  });

  it("keeps a message given for the whole item, and takes zod's exact wording for zod's own", () => {
    const Hours = z
      .object({ opens: z.int(), closes: z.int("Invalid input: expected int, received number") })
      .refine((hours) => hours.opens < hours.closes, "The office must open before it closes");
    const result = Hours.safeParse({ opens: 17, closes: 9 });
    expect(fieldErrorsOf(result.error!)).toEqual({ "": "The office must open before it closes" });
    // A message the schema set that matches zod's wording word for word cannot be told apart.
    expect(fieldErrorsOf(Hours.safeParse({ opens: 1, closes: 1.5 }).error!)).toEqual({
      closes: "Enter a whole number",
    });
  });
});
