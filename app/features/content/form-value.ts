import { z } from "~/lib/zod";
import { childName, emptyReading, objectShapeOf, type Shape, valueAt } from "./schema-shape";

/*
 * A content form's post, read back into the value its schema checks, and zod's verdict on it as
 * one plain message per field. Nothing here checks the value: what was typed comes back as typed,
 * so a refused form shows it again with the message next to it.
 */

/** The name of the buttons that add, remove and move list entries; their value is the instruction (schema-form.tsx). */
export const arrangeField = "_arrange";
/** A hidden field in every list entry, its value the entry's name: an entry whose boxes are all unticked posts nothing else. */
export const entryField = "_entry";

/** The posted fields, each name's first text value, and which entries each list has. */
class Posted {
  private readonly values = new Map<string, string>();
  /** For each list's name, the entry numbers posted under it. */
  private readonly entries = new Map<string, Set<number>>();
  /** The names with some non-empty answer under them ("phone" for "phone.display"). */
  private readonly answered = new Set<string>();

  constructor(formData: FormData) {
    for (const [name, value] of formData) {
      // A file is no answer a content form asks for; a field sent twice counts once, as first sent.
      if (typeof value !== "string") continue;
      if (name === entryField) {
        this.note(value);
        continue;
      }
      if (name === arrangeField || this.values.has(name)) continue;
      this.values.set(name, value);
      this.note(name);
      if (value !== "") for (const prefix of prefixes(name)) this.answered.add(prefix);
    }
  }

  /** Each numbered step of `name` as an entry of the list before it ("a.2.b.0": entry 2 of "a", entry 0 of "a.2.b"). */
  private note(name: string) {
    const segments = name.split(".");
    segments.forEach((segment, at) => {
      if (at === 0 || !/^(0|[1-9]\d{0,8})$/.test(segment)) return;
      const list = segments.slice(0, at).join(".");
      const known = this.entries.get(list) ?? new Set<number>();
      known.add(Number(segment));
      this.entries.set(list, known);
    });
  }

  text(name: string): string | undefined {
    return this.values.get(name);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The entry numbers posted for the list `name`, in order; a gap (an entry taken out by hand) is skipped. */
  entriesOf(name: string): number[] {
    return [...(this.entries.get(name) ?? [])].sort((a, b) => a - b);
  }

  anythingUnder(name: string): boolean {
    return this.answered.has(name);
  }
}

function prefixes(name: string): string[] {
  const segments = name.split(".");
  return segments.slice(1).map((_, at) => segments.slice(0, at + 1).join("."));
}

/** How many entries past its limit a list is read with: an editor who added a few too many keeps them. */
export const entriesReadPastLimit = 10;

/** Decimal notation only: `Number()` would also take "0x1F", "1_000" or " ", which nobody types as a number. */
const decimal = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The value a content form posted, shaped as `schema` describes it and not yet checked: dotted
 * names become nested objects and lists ("entries.2.question"), numbers become numbers (one that
 * is not a number stays the text typed, so it can be shown again with its message), a ticked box
 * is true and an unticked one false, a list's entries come in the order of their numbers, and an
 * empty control reads as its field's `emptyReading`.
 */
export function readFormValue(schema: z.core.$ZodType, formData: FormData): unknown {
  return readNode(objectShapeOf(schema), "", new Posted(formData));
}

function readNode(shape: Shape, name: string, posted: Posted): unknown {
  switch (shape.kind) {
    case "text": {
      // A browser sends each line break in a text area as CR LF; the text typed has LF, and its
      // length (what `maxLength` let through) counts one character for each.
      const text = posted.text(name)?.replace(/\r\n?/g, "\n");
      return text === undefined || text === "" ? emptyReading(shape) : text;
    }
    case "number": {
      const text = posted.text(name)?.trim();
      if (text === undefined || text === "") return emptyReading(shape);
      return decimal.test(text) ? Number(text) : text;
    }
    case "choice": {
      const text = posted.text(name);
      return text === undefined || text === "" ? emptyReading(shape) : text;
    }
    case "boolean":
      return posted.has(name);
    case "fixed":
      return shape.value;
    case "list":
      // A few entries past the list's limit are read (the form shows them, with the limit's
      // message); a post of thousands more is not drawn back entry by entry.
      return posted
        .entriesOf(name)
        .slice(0, (shape.maxLength ?? Infinity) + entriesReadPastLimit)
        .map((entry) => readNode(shape.item, childName(name, entry), posted));
    case "object": {
      // A group the schema lets go that was left wholly empty is gone, not an object of empty fields.
      if (name !== "" && (shape.optional || shape.nullable) && !posted.anythingUnder(name))
        return shape.optional ? undefined : null;
      const value: Record<string, unknown> = {};
      for (const [key, field] of shape.fields) {
        const read = readNode(field, childName(name, key), posted);
        if (read !== undefined) value[key] = read;
      }
      return value;
    }
  }
}

/**
 * Zod's verdict as one message per field, by dotted name ("entries.2.question"; "" for the item
 * as a whole), the first for each. A message the schema gives itself is kept; zod's own wording
 * ("Too big: expected string to have <=200 characters") is said for an editor instead ("At most
 * 200 characters"). Given the value that was checked, an empty answer is told "Required" rather
 * than what kind of answer is wanted.
 */
export function fieldErrorsOf(error: z.core.$ZodError, checked?: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join(".");
    if (Object.hasOwn(errors, name)) continue;
    const input = "input" in issue ? issue.input : checked === undefined ? notKnown : valueAt(checked, name);
    errors[name] = isZodWording(issue) ? plainMessage(issue, input) : issue.message;
  }
  return errors;
}

const notKnown = Symbol("not known");

/** Inputs of each kind zod names in "received …", for an issue whose input it has left out. */
const sampleInputs: unknown[] = [undefined, null, "", 0, Number.NaN, false, [], {}, new Date(0)];

/** Whether the message is zod's own wording for the issue rather than one the schema gave. */
function isZodWording(issue: z.core.$ZodIssue): boolean {
  const locale = z.config().localeError;
  if (!locale) return false;
  const says = (raw: unknown) => {
    const worded = locale(raw as z.core.$ZodRawIssue);
    return (typeof worded === "string" ? worded : worded?.message) === issue.message;
  };
  if (says(issue)) return true;
  // A finished issue keeps no input, and zod's wording of a wrong type names the input's type.
  return issue.code === "invalid_type" && sampleInputs.some((input) => says({ ...issue, input }));
}

const count = (n: number | bigint, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${Number(n) === 1 ? one : many}`;

/** The editor's wording of an issue, from what a finished issue keeps. */
function plainMessage(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined || input === null || input === "") return "Required";
      if (issue.expected === "int") return "Enter a whole number";
      if (issue.expected === "number") return "Enter a number";
      return "Required";
    case "too_small": {
      const n = issue.minimum;
      if (issue.origin === "string") {
        if ((issue.inclusive && Number(n) === 1) || (!issue.inclusive && Number(n) === 0)) return "Required";
        return `${issue.exact ? "Exactly" : "At least"} ${count(n, "character", "characters")}`;
      }
      if (issue.origin === "array") {
        if (issue.exact) return `Exactly ${count(n, "entry", "entries")}`;
        return Number(n) === 1 ? "Add at least one entry" : `Add at least ${count(n, "entry", "entries")}`;
      }
      return issue.inclusive ? `At least ${n.toLocaleString("en-US")}` : `More than ${n.toLocaleString("en-US")}`;
    }
    case "too_big": {
      const n = issue.maximum;
      if (issue.origin === "string")
        return `${issue.exact ? "Exactly" : "At most"} ${count(n, "character", "characters")}`;
      if (issue.origin === "array") return `${issue.exact ? "Exactly" : "At most"} ${count(n, "entry", "entries")}`;
      return issue.inclusive ? `At most ${n.toLocaleString("en-US")}` : `Less than ${n.toLocaleString("en-US")}`;
    }
    case "invalid_value":
      return input === undefined || input === null ? "Required" : "Choose one of the options";
    case "invalid_format":
      return formatMessage(issue);
    case "not_multiple_of":
      return `Enter a multiple of ${issue.divisor.toLocaleString("en-US")}`;
    default:
      return "Check this value";
  }
}

function formatMessage(issue: z.core.$ZodIssueInvalidStringFormat): string {
  switch (issue.format) {
    case "email":
      return "Enter an email address, like name@example.com";
    case "url":
      return "Enter a web address, like https://example.com";
    case "date":
      return "Enter a date as year-month-day, like 2026-12-24";
    case "time":
      return "Enter a time as hours:minutes, like 09:30";
    case "datetime":
      return "Enter a date and time, like 2026-12-24T09:30";
    case "starts_with":
      return `Start with “${(issue as z.core.$ZodIssueStringStartsWith).prefix}”`;
    case "ends_with":
      return `End with “${(issue as z.core.$ZodIssueStringEndsWith).suffix}”`;
    case "includes":
      return `Include “${(issue as z.core.$ZodIssueStringIncludes).includes}”`;
    default:
      return "Check the format of this value";
  }
}
