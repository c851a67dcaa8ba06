import { z } from "~/lib/zod";

/*
 * A content item's zod schema, read as the form that edits it: which control each field gets, its
 * label and hint, its limits, and what an empty control means. The form (schema-form.tsx) draws
 * from this and the posted fields are read back by it (form-value.ts), so both agree on every
 * field's name and on what an empty answer is.
 */

declare module "zod/v4/core" {
  /** What a content schema may say about a field in `.meta({...})`, besides `title` and `description`. */
  interface GlobalMeta {
    /** Edited in a text area: a paragraph rather than a line. */
    long?: boolean;
    /** Markdown text: a text area, with a short reminder of what the site turns into formatting. */
    markdown?: boolean;
    /** The words each choice of a `z.enum` is shown with, by value; a value without one is humanised. */
    choiceLabels?: Record<string, string>;
    /** An upload's id: chosen from the files of this kind uploaded under Files (app/lib/uploads). */
    file?: "manual" | "photo";
  }
}

type Schema = z.core.$ZodType;
type Fixed = string | number | boolean | null;

interface Common {
  /** `meta({ title })`: the label. Without one, the field's key humanised. */
  title?: string;
  /** `meta({ description })`: the hint under the label. */
  description?: string;
  /** The field may be left out (`.optional()`). */
  optional: boolean;
  /** The field may be null (`.nullable()`). */
  nullable: boolean;
  /** `.default(...)`: what a new entry starts with. */
  initial?: unknown;
  /** The schema refuses what the control reads as when left empty, so the label says "(required)". */
  required: boolean;
}

export type Shape =
  | (Common & {
      kind: "text";
      long: boolean;
      markdown: boolean;
      /** Chosen from the uploads of this kind rather than typed. */
      file?: "manual" | "photo";
      minLength?: number;
      maxLength?: number;
      /** A string format zod checks, such as "email" or "url". */
      format?: string;
    })
  | (Common & { kind: "number"; integer: boolean; minimum?: number; maximum?: number })
  | (Common & { kind: "boolean" })
  | (Common & { kind: "choice"; options: ReadonlyArray<{ value: string; label: string }> })
  | (Common & { kind: "fixed"; value: Fixed })
  | (Common & { kind: "object"; fields: ReadonlyArray<readonly [key: string, shape: Shape]> })
  | (Common & { kind: "list"; item: Shape; minLength?: number; maxLength?: number });

export type ObjectShape = Extract<Shape, { kind: "object" }>;
export type ListShape = Extract<Shape, { kind: "list" }>;

/** A schema the form cannot draw: a mistake in the schema, found the first time it is shown. */
export class UnsupportedSchemaError extends Error {
  override name = "UnsupportedSchemaError";
}

const shapes = new WeakMap<Schema, Shape>();

/** The form's reading of `schema`; `where` names the field in the error thrown for a type the form has no control for. */
export function shapeOf(schema: Schema, where = ""): Shape {
  const known = shapes.get(schema);
  if (known) return known;
  const shape = readShape(schema, where);
  shapes.set(schema, shape);
  return shape;
}

/** The shape of a whole content item, which is always an object of fields. */
export function objectShapeOf(schema: Schema): ObjectShape {
  const shape = shapeOf(schema);
  if (shape.kind !== "object") throw new UnsupportedSchemaError("A content form needs a z.object schema at its top.");
  return shape;
}

function readShape(schema: Schema, where: string): Shape {
  // Optional, nullable, default and the like wrap the schema that says what the value is. Their
  // metadata counts too, the outermost first: `.meta()` may be written before or after `.optional()`.
  const meta: z.core.GlobalMeta = {};
  let optional = false;
  let nullable = false;
  let initial: unknown;
  let inner = schema;
  for (;;) {
    const own = z.globalRegistry.get(inner);
    if (own) for (const [key, value] of Object.entries(own)) if (!(key in meta)) meta[key] = value;
    const def = inner._zod.def as z.core.$ZodTypeDef & { innerType?: Schema; in?: Schema };
    if (def.type === "optional") optional = true;
    else if (def.type === "nullable") nullable = true;
    else if (def.type === "default" || def.type === "prefault") {
      initial ??= (def as unknown as { defaultValue: unknown }).defaultValue;
    } else if (def.type === "pipe") {
      // A transform or a further check: the form edits what goes in.
      inner = def.in!;
      continue;
    } else if (def.type !== "readonly" && def.type !== "nonoptional" && def.type !== "catch") break;
    inner = def.innerType!;
  }
  const common = { title: meta.title, description: meta.description, optional, nullable, initial };
  const shape = readBare(inner, meta, common, where);
  return { ...shape, required: !accepts(schema, emptyReading(shape)) } as Shape;
}

type Bare = Omit<Common, "required">;
/** A shape before its one question that needs the rest of it: is an empty control an answer? */
type Unchecked<S = Shape> = S extends unknown ? Omit<S, "required"> : never;

function readBare(schema: Schema, meta: z.core.GlobalMeta, common: Bare, where: string): Unchecked {
  const def = schema._zod.def;
  switch (def.type) {
    case "string": {
      const text = schema as unknown as { minLength: number | null; maxLength: number | null; format: string | null };
      const maxLength = text.maxLength ?? undefined;
      return {
        ...common,
        kind: "text",
        markdown: meta.markdown === true,
        ...(meta.file ? { file: meta.file } : {}),
        long: meta.long === true || meta.markdown === true || (maxLength ?? 0) > longAbove,
        minLength: text.minLength ?? undefined,
        maxLength,
        format: text.format ?? undefined,
      };
    }
    case "number":
      return { ...common, kind: "number", ...numberLimits(schema) };
    case "boolean":
      return { ...common, kind: "boolean" };
    case "enum": {
      const values = Object.values((def as z.core.$ZodEnumDef).entries);
      if (!values.every((value) => typeof value === "string"))
        throw new UnsupportedSchemaError(`${named(where)}: only enums of text can be chosen from on the form.`);
      return { ...common, kind: "choice", options: choices(values, meta) };
    }
    case "literal": {
      const values = (def as z.core.$ZodLiteralDef<Fixed>).values;
      if (values.length === 1) return { ...common, kind: "fixed", value: values[0]! };
      if (!values.every((value) => typeof value === "string"))
        throw new UnsupportedSchemaError(`${named(where)}: only literals of text can be chosen from on the form.`);
      return { ...common, kind: "choice", options: choices(values, meta) };
    }
    case "object": {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const fields = Object.entries(shape).map(([key, field]) => {
        // Field names are dotted paths ("entries.2.question"), so a dot in a key would split it.
        if (key.includes(".")) throw new UnsupportedSchemaError(`${named(where)}: the key "${key}" has a dot in it.`);
        return [key, shapeOf(field, childName(where, key))] as const;
      });
      return { ...common, kind: "object", fields };
    }
    case "array": {
      const item = shapeOf((def as z.core.$ZodArrayDef).element, childName(where, "N"));
      if (item.kind === "list") throw new UnsupportedSchemaError(`${named(where)}: a list of lists has no form.`);
      return { ...common, kind: "list", item, ...lengthLimits(def.checks) };
    }
    default:
      throw new UnsupportedSchemaError(`${named(where)}: the form has no control for a ${def.type} schema.`);
  }
}

const named = (where: string) => (where ? `The field ${where}` : "The content");

/** Text allowed to be longer than this gets a text area, whatever its metadata says. */
const longAbove = 200;

function choices(values: readonly string[], meta: z.core.GlobalMeta) {
  return values.map((value) => ({ value, label: meta.choiceLabels?.[value] ?? humanise(value) }));
}

/** Beyond this a limit is a number format's range ("safeint"), not one the schema chose; it says nothing to an editor. */
const formatRange = 2 ** 52;

function numberLimits(schema: Schema) {
  const number = schema as unknown as { isInt: boolean };
  const integer = number.isInt;
  let minimum: number | undefined;
  let maximum: number | undefined;
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; value?: unknown; inclusive?: boolean };
    if (typeof def.value !== "number" || Math.abs(def.value) >= formatRange) continue;
    // The first whole number past an exclusive limit; a decimal one has none, so the limit itself
    // stands in for the browser and zod refuses the limit itself.
    const step = def.inclusive || !integer ? 0 : 1;
    if (def.check === "greater_than") minimum = Math.max(minimum ?? -Infinity, def.value + step);
    if (def.check === "less_than") maximum = Math.min(maximum ?? Infinity, def.value - step);
  }
  return { integer, minimum, maximum };
}

function lengthLimits(checks: readonly z.core.$ZodCheck[] | undefined) {
  let minLength: number | undefined;
  let maxLength: number | undefined;
  for (const check of checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number; maximum?: number; length?: number };
    if (def.check === "min_length") minLength = Math.max(minLength ?? 0, def.minimum ?? 0);
    if (def.check === "max_length") maxLength = Math.min(maxLength ?? Infinity, def.maximum ?? Infinity);
    if (def.check === "length_equals") minLength = maxLength = def.length;
  }
  return { minLength, maxLength };
}

function accepts(schema: Schema, value: unknown): boolean {
  try {
    return z.safeParse(schema, value).success;
  } catch {
    // An asynchronous check cannot answer here; the label then makes no promise either way.
    return true;
  }
}

/**
 * What a control left empty reads as: nothing when the field may be left out, null when it may be
 * null, otherwise empty text for text (so its own message says what is missing), false for an
 * unticked box, and nothing for a number or a choice (zod then says one is needed).
 */
export function emptyReading(shape: Unchecked): unknown {
  switch (shape.kind) {
    case "boolean":
      return false;
    case "fixed":
      return shape.value;
    case "list":
      return [];
    case "object":
      return undefined;
    case "text":
    case "number":
    case "choice":
      return shape.optional ? undefined : shape.nullable ? null : shape.kind === "text" ? "" : undefined;
  }
}

/** What a new entry starts as: each field's default, or what it reads as when left empty. */
export function blankOf(shape: Shape): unknown {
  if (shape.initial !== undefined) return structuredClone(shape.initial);
  if (shape.kind !== "object") return emptyReading(shape);
  const blank: Record<string, unknown> = {};
  for (const [key, field] of shape.fields) {
    const value = blankOf(field);
    if (value !== undefined) blank[key] = value;
  }
  return blank;
}

/** "closedDays", "phone_number", "case-studies" as "Closed days", "Phone number", "Case studies". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-\s]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label: its title, or its key humanised. */
export function labelOf(shape: Shape, key: string): string {
  return shape.title ?? humanise(key);
}

/** An entry's name in its list: "Entry 3", or the entry's own title with its number ("Question 3"). */
export function entryLabel(item: Shape, index: number): string {
  return `${item.title ?? "Entry"} ${index + 1}`;
}

/** The dotted name of `key` inside `parent` ("" at the top). */
export function childName(parent: string, key: string | number): string {
  return parent ? `${parent}.${key}` : String(key);
}

const isIndex = (segment: string) => /^(0|[1-9]\d*)$/.test(segment);

/**
 * The shape at a dotted name, with each step's label ("Questions", "Entry 3", "Question"), or
 * undefined for a name the schema does not have.
 */
export function shapeAt(root: ObjectShape, name: string): { shape: Shape; labels: string[] } | undefined {
  let shape: Shape = root;
  const labels: string[] = [];
  for (const segment of name === "" ? [] : name.split(".")) {
    if (shape.kind === "object") {
      const field: Shape | undefined = shape.fields.find(([key]) => key === segment)?.[1];
      if (!field) return undefined;
      labels.push(labelOf(field, segment));
      shape = field;
    } else if (shape.kind === "list" && isIndex(segment)) {
      labels.push(entryLabel(shape.item, Number(segment)));
      shape = shape.item;
    } else return undefined;
  }
  return { shape, labels };
}

/** `value[key]` when `value` is an object or array that has it as its own; nothing otherwise. */
export function childOf(value: unknown, key: string | number): unknown {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
  return (value as Record<string | number, unknown>)[key];
}

/** The value at a dotted name. */
export function valueAt(value: unknown, name: string): unknown {
  return name === "" ? value : name.split(".").reduce<unknown>((here, segment) => childOf(here, segment), value);
}
