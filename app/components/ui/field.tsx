import { useEffect, useRef, useState } from "react";
import { ticketField } from "~/lib/form-ticket";
import { honeypotField } from "~/lib/forms";
import { focusInPage } from "~/lib/in-page-link";
import { stickyHeaderBottom } from "~/lib/sticky-header";
import { useHydrated } from "~/lib/use-hydrated";

/** Labelled form controls whose error text is tied to them (aria-invalid, aria-describedby). */
interface BaseProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  idPrefix?: string;
}

const controlClass =
  "mt-1 block w-full rounded-md border-2 border-line bg-canvas px-3 py-2 text-ink min-h-11 aria-[invalid=true]:border-danger";

/** The ids of a control's hint and error, for its `aria-describedby`. */
export function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="font-semibold">
      {label}
      {required ? (
        <span className="text-danger"> (required)</span>
      ) : (
        <span className="font-normal text-muted"> (optional)</span>
      )}
    </label>
  );
}

/** A control's hint and error text, with the ids `describedBy` names. */
export function Messages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-small text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-small font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function fieldId(name: string, idPrefix = "field") {
  return `${idPrefix}-${name}`;
}

/** The label, the control (given its wiring) and the hint and error under it. */
function FieldShell({
  name,
  label,
  error,
  hint,
  required,
  idPrefix,
  children,
}: BaseProps & { children: (control: ControlWiring) => React.ReactNode }) {
  const id = fieldId(name, idPrefix);
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, error, hint),
        "aria-required": required || undefined,
        className: controlClass,
      })}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface ControlWiring {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
  className: string;
}

export function TextField({
  name,
  label,
  error,
  hint,
  required,
  idPrefix,
  ...input
}: BaseProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <FieldShell name={name} label={label} error={error} hint={hint} required={required} idPrefix={idPrefix}>
      {(wiring) => <input {...wiring} {...input} />}
    </FieldShell>
  );
}

export function TextArea({
  name,
  label,
  error,
  hint,
  required,
  idPrefix,
  ...textarea
}: BaseProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  return (
    <FieldShell name={name} label={label} error={error} hint={hint} required={required} idPrefix={idPrefix}>
      {(wiring) => <textarea {...wiring} {...textarea} />}
    </FieldShell>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  required,
  idPrefix,
  options,
  placeholder,
  ...select
}: BaseProps & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string } & Omit<
    React.SelectHTMLAttributes<HTMLSelectElement>,
    "name"
  >) {
  return (
    <FieldShell name={name} label={label} error={error} hint={hint} required={required} idPrefix={idPrefix}>
      {(wiring) => (
        // Native `required` too: a form without `noValidate` (the admin's) then refuses an empty choice before posting.
        <select {...wiring} required={required} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({
  name,
  label,
  error,
  hint,
  idPrefix,
  ...input
}: Omit<BaseProps, "required" | "label"> & {
  /** Text, or text with a link in it (the consent boxes link to the privacy policy). */
  label: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const id = fieldId(name, idPrefix);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="mt-1 size-6 shrink-0 accent-[var(--brand)]"
          {...input}
        />
        <label htmlFor={id} className="-mt-2 flex tap-target items-center">
          <span>{label}</span>
        </label>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A field only a bot fills in, and the form's ticket: when it was shown, and its one-time key
 * (lib/form-ticket.server.ts). A page served from memory carries a fresh ticket in this field per
 * response, unlike the copy in its data (`ticket` as the page first renders), so on hydration the
 * field keeps the value the page arrived with; a new `ticket` (a refusal's, or the next form's
 * after a stored one) replaces it.
 */
export function BotFields({ ticket, idPrefix = "hp" }: { ticket: string; idPrefix?: string }) {
  const ticketId = `${idPrefix}-${ticketField}`;
  // Only while hydrating is the field in the document the one this form arrived with; a form
  // mounted later (a link followed in the page) would find the previous page's field there.
  const hydrated = useHydrated();
  const [arrived] = useState(() =>
    hydrated || typeof document === "undefined"
      ? undefined
      : (document.getElementById(ticketId) as HTMLInputElement | null)?.value,
  );
  const [first] = useState(ticket);
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-${honeypotField}`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-${honeypotField}`}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" id={ticketId} name={ticketField} value={ticket === first && arrived ? arrived : ticket} />
    </>
  );
}

/**
 * The list of problems at the top of a form. It takes focus whenever it appears or changes, so
 * screen-reader and keyboard users land on it; each entry links to its field.
 */
export function ErrorSummary({
  errors,
  labels,
  idPrefix,
}: {
  errors: Record<string, string>;
  labels: Record<string, string>;
  idPrefix?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const entries = Object.entries(errors);
  const hasErrors = entries.length > 0;
  // Each new answer (a new errors object, even with the same mistakes) takes focus again, so a
  // second try that fixed nothing is announced too. Callers keep the object stable between answers.
  useEffect(() => {
    const summary = ref.current;
    if (!hasErrors || !summary) return;
    summary.focus({ preventScroll: true });
    // Its top in sight, under the sticky header: the browser would centre a summary taller than
    // the window, which leaves its heading above the screen.
    const box = summary.getBoundingClientRect();
    if (box.top < stickyHeaderBottom() || box.bottom > window.innerHeight) summary.scrollIntoView({ block: "start" });
  }, [errors, hasErrors]);
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-lg border-2 border-danger bg-danger-soft p-4"
    >
      {/* The HTML attribute (not React's autoFocus, which only runs in the browser) moves focus to
          the heading when the page comes back from a form post without JavaScript: the browser
          scrolls a small element into the middle of the screen, where a list of problems taller
          than the screen would be scrolled past its heading. Reading goes on down the list. Once
          React runs, the effect above focuses the whole summary instead, and the attribute goes. */}
      <h2 id="error-summary-title" tabIndex={-1} {...(hydrated ? {} : { autofocus: "" })} className="font-bold">
        There {entries.length === 1 ? "is a problem" : `are ${entries.length} problems`} with the form
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              href={`#${fieldId(field, idPrefix)}`}
              className="inline-flex tap-target items-center underline"
              onClick={(event) => focusInPage(event, fieldId(field, idPrefix))}
            >
              {labels[field] ?? field}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ChoiceOption {
  value: string;
  label: string;
  hint?: string;
}

/**
 * Native radio buttons or checkboxes in a fieldset whose legend names the question. Each option
 * is a whole row to press (at least 44 px high), and the first option carries the field's id,
 * so the error summary's link lands on the group.
 */
export function ChoiceGroup({
  type,
  name,
  legend,
  options,
  error,
  hint,
  required,
  idPrefix,
  defaultValue,
  columns = 1,
}: {
  type: "radio" | "checkbox";
  name: string;
  legend: string;
  options: readonly ChoiceOption[];
  error?: string;
  hint?: string;
  required?: boolean;
  idPrefix?: string;
  /** The value checked (radio) or the values checked (checkboxes). */
  defaultValue?: string | readonly string[];
  columns?: 1 | 2;
}) {
  const id = fieldId(name, idPrefix);
  const checked = new Set(typeof defaultValue === "string" ? [defaultValue] : (defaultValue ?? []));
  return (
    <fieldset aria-describedby={describedBy(id, error, hint)}>
      <legend className="font-semibold">
        {legend}
        {required ? (
          <span className="text-danger"> (required)</span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </legend>
      <Messages id={id} hint={hint} />
      <div className={`mt-2 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <div
              key={option.value}
              className="rounded-md border-2 border-line bg-canvas has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <label htmlFor={optionId} className="flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2">
                <input
                  id={optionId}
                  type={type}
                  name={name}
                  value={option.value}
                  defaultChecked={checked.has(option.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  className="mt-0.5 size-6 shrink-0 accent-[var(--brand)]"
                />
                <span>{option.label}</span>
              </label>
              {option.hint ? (
                <p id={`${optionId}-hint`} className="-mt-1 pr-3 pb-2 pl-12 text-small text-muted">
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <Messages id={id} error={error} />
    </fieldset>
  );
}
