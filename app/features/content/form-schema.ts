import { z } from "zod";

/**
 * The form draws an object's fields. An item that is a list (the FAQ, the owners) is drawn as an
 * object with one field, `entries`, holding the list; these turn one into the other.
 */
const wrapped = new WeakMap<z.ZodType, z.ZodType>();

export function formSchemaOf(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodArray)) return schema;
  let form = wrapped.get(schema);
  if (!form) {
    form = z.object({ entries: schema });
    wrapped.set(schema, form);
  }
  return form;
}

/** The item's value as the form holds it. */
export function formValueOf(schema: z.ZodType, value: unknown): unknown {
  return schema instanceof z.ZodArray ? { entries: value } : value;
}

/** The form's value as the item holds it. */
export function itemValueOf(schema: z.ZodType, value: unknown): unknown {
  return schema instanceof z.ZodArray ? (value as { entries?: unknown } | null)?.entries : value;
}
