/**
 * A form's fields, written once: the label each is known by (on the form, in the error summary,
 * in the admin) and, for text, the longest value it takes. The schema reads its limits from here,
 * the form its labels and `maxLength`, and a refused post keeps what was typed by the same limits,
 * so no number is written twice (README, "Adding a form").
 */
export interface FieldSpec {
  label: string;
  /** The most characters the field takes; the schema refuses more, with a message that says so. */
  max?: number;
}

export type FieldSpecs<Name extends string = string> = Readonly<Record<Name, FieldSpec>>;

/** A form's fields, in the form's order. */
export function defineFields<const Specs extends Record<string, FieldSpec>>(specs: Specs): Specs {
  return specs;
}

/** The field names, in the form's order. */
export function fieldNames<Name extends string>(specs: FieldSpecs<Name>): Name[] {
  return Object.keys(specs) as Name[];
}

/** Each field's label, for the error summary. */
export function fieldLabels<Name extends string>(specs: FieldSpecs<Name>): Record<Name, string> {
  return Object.fromEntries(Object.entries<FieldSpec>(specs).map(([name, spec]) => [name, spec.label])) as Record<
    Name,
    string
  >;
}

/** What a field keeps of a refused value: twice its limit, so what was typed past it can still be seen and cut. */
function keptLength(spec: FieldSpec | undefined): number {
  return spec?.max ? spec.max * 2 : defaultKeptLength;
}
const defaultKeptLength = 500;

/**
 * The fields a schema checks that have no label here: a field added to the schema and not to the
 * form's specs would show in the error summary by its code name. Empty when every field has one.
 */
export function unlabelledFields(schemaFields: readonly string[], specs: FieldSpecs): string[] {
  return schemaFields.filter((name) => !specs[name]?.label);
}

/**
 * What a refused form shows again: the fields it knows, as typed (a checkbox group as its list),
 * each bounded by its own limit, so a mistake never costs the person what they wrote.
 */
export function keptValues<Name extends string>(
  form: Record<string, unknown>,
  specs: FieldSpecs<Name>,
): Partial<Record<Name, string | string[]>> {
  const values: Partial<Record<Name, string | string[]>> = {};
  for (const name of fieldNames(specs)) {
    const value = form[name];
    const max = keptLength(specs[name]);
    if (typeof value === "string") values[name] = value.slice(0, max);
    else if (Array.isArray(value))
      values[name] = value
        .filter((v): v is string => typeof v === "string")
        .slice(0, 20)
        .map((v) => v.slice(0, max));
  }
  return values;
}

/**
 * What a page form's action answers when it did not store the post, the same for every form, with
 * or without JavaScript: why, the field errors, what was typed (so nothing is lost), and the
 * ticket the form goes on with (the same one while it is good, so the clock and the key carry over).
 */
export interface FormAnswer<Name extends string, Problem extends string> {
  problem: Problem;
  errors: Record<string, string>;
  values: Partial<Record<Name, string | string[]>>;
  ticket: string;
}

/** A kept value as one text field shows it (a field sent twice shows its first). */
export function textOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A kept value as a checkbox group reads it. */
export function listOf(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
