import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import {
  CheckboxField,
  ChoiceGroup,
  describedBy,
  fieldId,
  Messages,
  SelectField,
  TextArea,
  TextField,
} from "~/components/ui/field";
import { useHydrated } from "~/lib/use-hydrated";
import type { z } from "~/lib/zod";
import { arrangeField, entryField } from "./form-value";
import {
  blankOf,
  childName,
  entryLabel,
  labelOf,
  type ListShape,
  objectShapeOf,
  type ObjectShape,
  type Shape,
  shapeAt,
  valueAt,
} from "./schema-shape";

/*
 * One form for every content item, drawn from its zod schema: each field gets the site's own
 * labelled control (components/ui/field.tsx), its label and hint from the schema's metadata, and
 * its name as a dotted path ("phone.display", "entries.2.question") that form-value.ts reads back.
 *
 * Lists are arranged by submit buttons (`_arrange` = "add:entries", "remove:entries.2",
 * "up:entries.2", "down:entries.2"), so they work without JavaScript: the action applies
 * `arrange` to what was posted, unchecked, and draws the form again with everything typed kept.
 */

export const markdownHint = "Markdown: paragraphs, *emphasis*, lists, [links](https://…)";

/** A choice with this many options or fewer is a set of radio buttons, all in sight; more is a menu. */
const radiosUpTo = 4;

/** The uploads a file field offers, by kind (app/lib/uploads): each with the words it is listed with. */
export type UploadChoices = Partial<Record<"manual" | "photo", ReadonlyArray<{ value: string; label: string }>>>;

interface Drawing {
  errors: Record<string, string>;
  uploads: UploadChoices;
  idPrefix: string;
  /** The id of the control that takes focus as the page arrives (after an arrangement), until React runs. */
  arrivalFocus?: string;
}

export function SchemaFields({
  schema,
  value,
  errors = {},
  arranged,
  idPrefix = "field",
  uploads = {},
}: {
  schema: z.core.$ZodType;
  /** What each file field offers to choose from. */
  uploads?: UploadChoices;
  /** The stored value, or what was posted (unchecked) when the form is drawn again. */
  value: unknown;
  /** Messages by dotted name, as `fieldErrorsOf` gives them. */
  errors?: Record<string, string>;
  /** The `_arrange` instruction this drawing follows: focus goes to what it moved, added or left. */
  arranged?: string;
  /** Prefixes every id, as for the other fields on the site (`ErrorSummary` takes the same). */
  idPrefix?: string;
}) {
  const shape = objectShapeOf(schema);
  const hydrated = useHydrated();
  const target = arranged ? focusAfter(value, arranged) : undefined;
  const focusId = target === undefined ? undefined : fieldId(target, idPrefix);
  // Without JavaScript the page comes back from the post at its top, so `autofocus` takes the
  // editor back to the list they were arranging. With JavaScript the same answer replaces the
  // button they pressed, and focus is moved once per answer; not for the answer the page arrived
  // with, which the attribute has seen to (the editor may have moved on since).
  const handled = useRef<unknown>(hydrated ? undefined : value);
  useEffect(() => {
    if (focusId === undefined || handled.current === value) return;
    const timer = window.setTimeout(() => {
      handled.current = value;
      document.getElementById(focusId)?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusId, value]);
  const drawing: Drawing = { errors, uploads, idPrefix, arrivalFocus: hydrated ? undefined : focusId };
  const itemError = errors[""];
  return (
    <div className="grid gap-6">
      {/* Enter in a field submits with the form's first submit button; without this one, that
          would be the first list's first "Move down" or "Remove". This one saves, as the page's
          own button does: it posts no `_arrange`. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <button type="submit" tabIndex={-1}>
          Save
        </button>
      </div>
      {itemError ? (
        <p id={fieldId("", idPrefix)} tabIndex={-1} className="font-semibold text-danger">
          {itemError}
        </p>
      ) : null}
      <FieldList shape={shape} name="" value={value} drawing={drawing} />
    </div>
  );
}

/** A value's fingerprint: a control keyed by it is drawn afresh when the value it shows changes. */
function stamp(value: unknown): string {
  return JSON.stringify(value) ?? "";
}

function FieldList({
  shape,
  name,
  value,
  drawing,
}: {
  shape: ObjectShape;
  name: string;
  value: unknown;
  drawing: Drawing;
}) {
  return shape.fields.map(([key, field]) => {
    const child = valueAt(value, key);
    // A control shows its value as its default, which React leaves alone once drawn: keyed by the
    // value, a control is drawn afresh when an answer brings another (an entry moved into its place).
    const grouped = field.kind === "object" || field.kind === "list";
    return (
      <Field
        key={grouped ? key : `${key}=${stamp(child)}`}
        shape={field}
        name={childName(name, key)}
        label={labelOf(field, key)}
        value={child}
        drawing={drawing}
      />
    );
  });
}

interface FieldProps {
  shape: Shape;
  name: string;
  label: string;
  value: unknown;
  drawing: Drawing;
}

function Field({ shape, name, label, value, drawing }: FieldProps) {
  const { errors, idPrefix } = drawing;
  const id = fieldId(name, idPrefix);
  const common = {
    name,
    label,
    error: errors[name],
    hint: hintOf(shape),
    required: shape.required,
    idPrefix,
    ...focusOnArrival(drawing, id),
  };
  switch (shape.kind) {
    case "text":
      if (shape.file) {
        const chosen = textOf(value);
        const offered = drawing.uploads[shape.file] ?? [];
        // A file no longer offered (or not yet known to this page) stays chosen, by its id.
        const options =
          chosen && !offered.some((option) => option.value === chosen)
            ? [{ value: chosen, label: `File ${chosen.slice(0, 8)}…` }, ...offered]
            : offered;
        return (
          <SelectField
            {...common}
            options={options}
            placeholder={shape.file === "photo" ? "No photo" : "Choose a PDF"}
            defaultValue={chosen}
          />
        );
      }
      return shape.long ? (
        <TextArea {...common} rows={shape.markdown ? 8 : 4} maxLength={shape.maxLength} defaultValue={textOf(value)} />
      ) : (
        <TextField
          {...common}
          type={shape.format === "email" ? "email" : shape.format === "url" ? "url" : "text"}
          maxLength={shape.maxLength}
          defaultValue={textOf(value)}
        />
      );
    case "number":
      return (
        <TextField
          {...common}
          type="number"
          step={shape.integer ? 1 : "any"}
          min={shape.minimum}
          max={shape.maximum}
          defaultValue={textOf(value)}
        />
      );
    case "boolean": {
      const { required: _required, ...checkbox } = common;
      return <CheckboxField {...checkbox} defaultChecked={value === true} />;
    }
    case "choice": {
      const chosen = typeof value === "string" ? value : "";
      if (shape.options.length > radiosUpTo)
        return <SelectField {...common} options={shape.options} placeholder="Choose one" defaultValue={chosen} />;
      // A radio button cannot be unticked, so a choice that may be left empty offers "None".
      const options = shape.required ? shape.options : [{ value: "", label: "None" }, ...shape.options];
      return (
        <ChoiceGroup
          type="radio"
          name={name}
          legend={label}
          options={options}
          error={common.error}
          hint={common.hint}
          required={shape.required}
          idPrefix={idPrefix}
          defaultValue={chosen}
        />
      );
    }
    case "fixed":
      // Nothing to edit: the value is the schema's, and form-value.ts puts it back.
      return null;
    case "object":
      return (
        <Group id={id} legend={label} hint={common.hint} error={common.error} drawing={drawing}>
          <div className="grid gap-4">
            <FieldList shape={shape} name={name} value={value} drawing={drawing} />
          </div>
        </Group>
      );
    case "list":
      return <ListField shape={shape} name={name} label={label} value={value} drawing={drawing} />;
  }
}

function Group({
  id,
  legend,
  hint,
  error,
  drawing,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  drawing: Drawing;
  children: React.ReactNode;
}) {
  // Focusable from a script only: the error summary's link and an arrangement land on the group.
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(id, error, hint)}
      className="rounded-lg border border-line p-4"
      {...focusOnArrival(drawing, id)}
    >
      <legend className="px-1 font-semibold">{legend}</legend>
      <Messages id={id} hint={hint} error={error} />
      <div className="mt-3">{children}</div>
    </fieldset>
  );
}

function ListField({ shape, name, label, value, drawing }: Omit<FieldProps, "shape"> & { shape: ListShape }) {
  const id = fieldId(name, drawing.idPrefix);
  const entries = Array.isArray(value) ? value : [];
  const canAdd = shape.maxLength === undefined || entries.length < shape.maxLength;
  const canRemove = entries.length > (shape.minLength ?? 0);
  return (
    <Group id={id} legend={label} hint={hintOf(shape)} error={drawing.errors[name]} drawing={drawing}>
      {entries.length === 0 ? <p className="text-muted">No entries yet.</p> : null}
      <ol className="grid gap-4">
        {entries.map((entry, index) => {
          const entryName = childName(name, index);
          const entryId = fieldId(entryName, drawing.idPrefix);
          const title = entryLabel(shape.item, index);
          const context = `${title} of ${label}`;
          const buttons = (
            <div className="mt-3 flex flex-wrap gap-2">
              {index > 0 ? (
                <ArrangeButton id={`${entryId}-up`} instruction={`up:${entryName}`} drawing={drawing}>
                  Move up<span className="sr-only"> {context}</span>
                </ArrangeButton>
              ) : null}
              {index < entries.length - 1 ? (
                <ArrangeButton id={`${entryId}-down`} instruction={`down:${entryName}`} drawing={drawing}>
                  Move down<span className="sr-only"> {context}</span>
                </ArrangeButton>
              ) : null}
              {canRemove ? (
                <ArrangeButton id={`${entryId}-remove`} instruction={`remove:${entryName}`} drawing={drawing}>
                  Remove<span className="sr-only"> {context}</span>
                </ArrangeButton>
              ) : null}
            </div>
          );
          const marker = postsAlways(shape.item) ? null : <input type="hidden" name={entryField} value={entryName} />;
          return (
            <li key={index}>
              {shape.item.kind === "object" ? (
                <Group id={entryId} legend={title} error={drawing.errors[entryName]} drawing={drawing}>
                  {marker}
                  <div className="grid gap-4">
                    <FieldList shape={shape.item} name={entryName} value={entry} drawing={drawing} />
                  </div>
                  {buttons}
                </Group>
              ) : (
                <div className="rounded-lg border border-line p-4">
                  {marker}
                  <Field
                    key={stamp(entry)}
                    shape={shape.item}
                    name={entryName}
                    label={title}
                    value={entry}
                    drawing={drawing}
                  />
                  {buttons}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        <ArrangeButton id={`${id}-add`} instruction={`add:${name}`} drawing={drawing} className="mt-4">
          Add entry<span className="sr-only"> to {label}</span>
        </ArrangeButton>
      ) : null}
    </Group>
  );
}

function ArrangeButton({
  id,
  instruction,
  drawing,
  className = "",
  children,
}: {
  id: string;
  instruction: string;
  drawing: Drawing;
  className?: string;
  children: React.ReactNode;
}) {
  // formNoValidate: a half-filled entry must not stop the editor adding the next one; the form is
  // checked when it is saved.
  return (
    <button
      type="submit"
      id={id}
      name={arrangeField}
      value={instruction}
      formNoValidate
      className={buttonClass("secondary", className)}
      {...focusOnArrival(drawing, id)}
    >
      {children}
    </button>
  );
}

/**
 * `autoFocus` for the one control an arrangement returns the editor to, as the page arrives from
 * the post without JavaScript (React 19 writes the attribute when rendering on the server). Focus
 * moves only in answer to the editor's own press of an arranging button, onto what it changed.
 */
function focusOnArrival(drawing: Drawing, id: string): { autoFocus?: true } {
  return drawing.arrivalFocus === id ? { autoFocus: true } : {};
}

/**
 * Whether a field posts something however it is left: a text box or a menu does, an unticked box
 * or an unchosen radio button does not. An entry with nothing that always posts carries a hidden
 * `_entry` field, so it is not lost; the others go without, since a form body has a field limit.
 */
function postsAlways(shape: Shape): boolean {
  switch (shape.kind) {
    case "text":
    case "number":
      return true;
    case "choice":
      // Radio buttons for a choice that may be left empty include a ticked "None".
      return shape.options.length > radiosUpTo || !shape.required;
    case "object":
      return shape.fields.some(([, field]) => postsAlways(field));
    case "boolean":
    case "fixed":
    case "list":
      return false;
  }
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

const many = (n: number, one: string, several: string) => `${n} ${n === 1 ? one : several}`;

/** The hint under a label: the schema's description, then what the field takes. */
function hintOf(shape: Shape): string | undefined {
  const parts = [shape.description];
  if (shape.kind === "text") {
    if (shape.maxLength !== undefined) parts.push(`Up to ${many(shape.maxLength, "character", "characters")}.`);
    if (shape.markdown) parts.push(markdownHint);
  }
  if (shape.kind === "number") {
    const what = shape.integer ? "A whole number" : "A number";
    const { minimum: min, maximum: max } = shape;
    if (min !== undefined && max !== undefined) parts.push(`${what} from ${min} to ${max}.`);
    else if (min !== undefined) parts.push(`${what}, at least ${min}.`);
    else if (max !== undefined) parts.push(`${what}, at most ${max}.`);
    else if (shape.integer) parts.push(`${what}.`);
  }
  if (shape.kind === "list") {
    const { minLength: min, maxLength: max } = shape;
    if (min && max !== undefined) parts.push(`From ${min} to ${many(max, "entry", "entries")}.`);
    else if (min) parts.push(`At least ${many(min, "entry", "entries")}.`);
    else if (max !== undefined) parts.push(`Up to ${many(max, "entry", "entries")}.`);
  }
  return parts.filter(Boolean).join(" ") || undefined;
}

/**
 * Each field's label by dotted name, for the error summary: "Questions, Entry 3, Question"; a
 * name the schema does not have keeps its name, and "" (the item as a whole) is "The content".
 */
export function errorLabels(schema: z.core.$ZodType, errors: Record<string, string>): Record<string, string> {
  const root = objectShapeOf(schema);
  return Object.fromEntries(
    Object.keys(errors).map((name) => [
      name,
      name === "" ? "The content" : (shapeAt(root, name)?.labels.join(", ") ?? name),
    ]),
  );
}

type Step = { verb: "add"; list: string } | { verb: "remove" | "up" | "down"; list: string; index: number };

function stepOf(instruction: string): Step | undefined {
  const match = /^(add|remove|up|down):([^\s:]+)$/.exec(instruction);
  if (!match) return undefined;
  const verb = match[1] as Step["verb"];
  const name = match[2]!;
  if (verb === "add") return { verb, list: name };
  const entry = /^(.+)\.(0|[1-9]\d{0,8})$/.exec(name);
  return entry ? { verb, list: entry[1]!, index: Number(entry[2]) } : undefined;
}

/** Thrown inside `arrange` when the value has no place where the instruction points. */
class Unreachable extends Error {}

/**
 * `value` with one list arranged as an `_arrange` button asks: "add:entries" appends a blank entry,
 * "remove:entries.2" takes out the third, "up:entries.2" and "down:entries.2" swap it with its
 * neighbour. An instruction the schema or the value has no place for, or one past the list's
 * limits, leaves the value as it was (the same object). Nothing is checked or changed besides.
 */
export function arrange(value: unknown, instruction: string, schema: z.core.$ZodType): unknown {
  const step = stepOf(instruction);
  if (!step) return value;
  const list = shapeAt(objectShapeOf(schema), step.list)?.shape;
  if (list?.kind !== "list") return value;
  const current = valueAt(value, step.list);
  const entries = Array.isArray(current) ? [...current] : [];
  if (step.verb === "add") {
    if (list.maxLength !== undefined && entries.length >= list.maxLength) return value;
    entries.push(blankOf(list.item));
  } else {
    const { index } = step;
    if (index >= entries.length) return value;
    if (step.verb === "remove") {
      if (entries.length <= (list.minLength ?? 0)) return value;
      entries.splice(index, 1);
    } else {
      const other = step.verb === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= entries.length) return value;
      [entries[index], entries[other]] = [entries[other], entries[index]];
    }
  }
  try {
    return replaced(value, step.list.split("."), entries);
  } catch (error) {
    if (error instanceof Unreachable) return value;
    throw error;
  }
}

/** `value` with `replacement` at the path, copied along the way; a list entry on the path must exist. */
function replaced(value: unknown, path: readonly string[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (/^\d+$/.test(head)) {
    const index = Number(head);
    if (!Array.isArray(value) || index >= value.length) throw new Unreachable();
    const copy = [...value];
    copy[index] = replaced(copy[index], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> =
    typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/**
 * Where focus goes after an arrangement, as a dotted name with an optional button suffix: the new
 * entry; the entry that took the removed one's place (or, with none left, "Add entry"); the moved
 * entry's same button, or its other one when it reached an end of the list.
 */
function focusAfter(value: unknown, instruction: string): string | undefined {
  const step = stepOf(instruction);
  if (!step) return undefined;
  const current = valueAt(value, step.list);
  const count = Array.isArray(current) ? current.length : 0;
  const entry = (index: number) => childName(step.list, index);
  switch (step.verb) {
    case "add":
      return count === 0 ? `${step.list}-add` : entry(count - 1);
    case "remove":
      return count === 0 ? `${step.list}-add` : entry(Math.min(step.index, count - 1));
    case "up": {
      const moved = Math.max(step.index - 1, 0);
      return `${entry(moved)}-${moved > 0 ? "up" : "down"}`;
    }
    case "down": {
      const moved = Math.min(step.index + 1, count - 1);
      return `${entry(moved)}-${moved < count - 1 ? "down" : "up"}`;
    }
  }
}
