import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { BotFields, CheckboxField, ChoiceGroup, ErrorSummary, TextArea, TextField } from "~/components/ui/field";
import { HeardField } from "~/components/ui/heard-field";
import { createStepBeacon } from "./step-beacon";
import { NotSentPanel, OutcomePanel, useFailureToast } from "~/components/ui/outcome-panel";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { preloadToasts } from "~/components/ui/toast";
import { orderPage } from "~/content/order";
import { withFacts } from "~/content/quoted-facts";
import { company } from "~/content/site";
import { ticketField } from "~/lib/form-ticket";
import { formObject, honeypotField } from "~/lib/forms";
import { MarkedText } from "~/components/ui/marked-text";
import { type Check, checkOnSubmit, lazyCheck } from "~/lib/lazy-check";
import type { FailureProblem } from "~/lib/forms";
import { useSupportEmail } from "~/lib/support-email";
import { useHydrated } from "~/lib/use-hydrated";
import { orderFailureLead, orderFailureText, orderOutcomes } from "./outcomes";
import {
  controllerPlacements,
  coverTypes,
  discomfortAreaChoices,
  type OrderField,
  orderFieldLabels,
  orderSteps,
  padSizeChoices,
  priorityChoices,
  relationshipChoices,
  seatInches,
  sensitivityChoices,
  sittingHoursChoices,
  submittedByChoices,
  wheelchairTypes,
} from "./fields";

/** What the form shows again: everything typed, as the browser sent it. */
export type OrderFormValues = Partial<Record<OrderField, string | string[]>>;

/**
 * Answers are kept in this tab's session storage while the form is filled in, so a reload or a
 * dropped connection loses nothing. Not local storage: health details must not outlive the tab
 * on a shared computer. Cleared once the request is stored.
 */
export const orderDraftKey = "aquila-order-draft";

interface Draft {
  values: Record<string, string | string[]>;
  step: number;
}

/** The draft this tab saved before the page was last left, if it can be read. */
function readDraft(): Draft | undefined {
  try {
    const draft = JSON.parse(sessionStorage.getItem(orderDraftKey) ?? "null") as Draft | null;
    return typeof draft === "object" && draft && typeof draft.values === "object" && draft.values ? draft : undefined;
  } catch {
    return undefined;
  }
}

const noErrors: Record<string, string> = {};

/**
 * The saved draft, read once when the form is first drawn in the browser, and given out only once
 * the page runs there (`enabled`), so the first render matches the server's.
 */
function useSavedDraft(enabled: boolean): Draft | undefined {
  const [saved] = useState(() => (typeof window === "undefined" ? undefined : readDraft()));
  return enabled ? saved : undefined;
}

export function clearOrderDraft() {
  try {
    sessionStorage.removeItem(orderDraftKey);
  } catch {
    // Storage can be switched off; there is then nothing to clear.
  }
}

/** The form's answers, without the fields only the site and bots fill in. */
function answersOf(form: HTMLFormElement): Record<string, string | string[]> {
  const answers = formObject(new FormData(form)) as Record<string, string | string[]>;
  delete answers[honeypotField];
  delete answers[ticketField];
  return answers;
}

function saveDraft(form: HTMLFormElement, step: number) {
  try {
    sessionStorage.setItem(orderDraftKey, JSON.stringify({ values: answersOf(form), step } satisfies Draft));
  } catch {
    // Full or switched off: the form still works, it only forgets on reload.
  }
}

/** Puts saved answers back into the form's own controls (they are uncontrolled). */
function applyDraft(form: HTMLFormElement, values: Record<string, string | string[]>) {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (element.name === honeypotField || element.name === ticketField || !(element.name in values)) continue;
    const saved = values[element.name];
    const list = Array.isArray(saved) ? saved : [saved];
    if (element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")) {
      element.checked = list.includes(element.value);
    } else {
      element.value = String(list[0] ?? "");
    }
  }
}

// Focusing the form starts loading its check, and the toast region its answer will use.
const orderCheck = lazyCheck(() => import("./check"), preloadToasts);

function errorsFor(form: HTMLFormElement, check: Check): Record<string, string> {
  return check(formObject(new FormData(form)));
}

function stepOf(field: string): number {
  const index = orderSteps.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return index < 0 ? 0 : index;
}

function only(errors: Record<string, string>, step: number): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOf(field) === step));
}

/**
 * The order request. Without JavaScript it is one page of six fieldsets, checked by the server,
 * with every answer kept on a mistake. With JavaScript the same fieldsets become six steps
 * ("Step 2 of 6"): each is checked before moving on, Back never loses an answer, and the answers
 * and the step survive a reload.
 */
export function OrderForm({
  ticket,
  values,
  serverErrors,
  sending,
  failed,
  answer,
}: {
  ticket: string;
  values: OrderFormValues;
  serverErrors?: Record<string, string>;
  sending: boolean;
  /** A failure other than a mistake in the form (rate limit, server unreachable). */
  failed: FailureProblem | null;
  /** The answer it came with: each new one is announced and takes focus. */
  answer: unknown;
}) {
  const stepped = useHydrated();
  const email = useSupportEmail();
  useFailureToast(
    failed ? { title: orderOutcomes.failedTitle, description: orderFailureText(failed, email) } : null,
    answer,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const headings = useRef<Array<HTMLHeadingElement | null>>([]);
  const moved = useRef(false);
  const last = orderSteps.length - 1;
  // What this tab saved before a reload; an answer from the server wins over it.
  const draft = useSavedDraft(stepped && !serverErrors);
  const [chosenStep, setStep] = useState<number | null>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [chosenSubmitter, setSubmitter] = useState<string | null>(null);

  // The server found mistakes (a post with JavaScript): show the first step that has one.
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setClientErrors(null);
    if (serverErrors && Object.keys(serverErrors).length > 0)
      setStep(Math.min(...Object.keys(serverErrors).map(stepOf)));
  }

  const step = Math.min(Math.max(0, chosenStep ?? draft?.step ?? 0), last);
  const submitter =
    chosenSubmitter ??
    (typeof draft?.values.submittedBy === "string" ? draft.values.submittedBy : undefined) ??
    values.submittedBy;
  const someoneElse = submitter === "other";
  const errors = clientErrors ?? serverErrors ?? noErrors;
  const shown = stepped ? only(errors, step) : errors;

  // Each step this page shows is counted once, without saying whose it is (./step-beacon.ts).
  const [tellStep] = useState(createStepBeacon);
  useEffect(() => {
    if (stepped) tellStep(step);
  }, [stepped, step, tellStep]);

  // Back from a reload: the saved answers return to the form's own controls.
  useEffect(() => {
    if (formRef.current && draft) applyDraft(formRef.current, draft.values);
  }, [draft]);

  // A new step takes focus at its heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (Object.keys(only(errors, step)).length === 0) headings.current[step]?.focus();
  }, [step, errors]);

  function go(next: number) {
    moved.current = true;
    setStep(next);
    if (formRef.current) saveDraft(formRef.current, next);
  }

  function onContinue() {
    const form = formRef.current;
    if (!form) return;
    const check = orderCheck.ready;
    if (!check) {
      void orderCheck.load().then(onContinue);
      return;
    }
    const mistakes = only(errorsFor(form, check), step);
    if (Object.keys(mistakes).length > 0) {
      setClientErrors(mistakes);
      return;
    }
    setClientErrors(null);
    go(step + 1);
  }

  function onBack() {
    setClientErrors(null);
    go(step - 1);
  }

  // The last check before sending; the server checks again either way.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const check = checkOnSubmit(event, orderCheck);
    if (!check) return;
    const mistakes = errorsFor(event.currentTarget, check);
    if (Object.keys(mistakes).length === 0) {
      setClientErrors(null);
      saveDraft(event.currentTarget, step);
      return;
    }
    event.preventDefault();
    setClientErrors(mistakes);
    setStep(Math.min(...Object.keys(mistakes).map(stepOf)));
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === "submittedBy") setSubmitter(target.value);
    saveDraft(event.currentTarget, step);
  }

  const text = (field: OrderField) => (typeof values[field] === "string" ? (values[field] as string) : undefined);
  const field = (name: OrderField) => ({ name, error: shown[name] });

  const fieldsets: React.ReactNode[] = [
    <>
      <ChoiceGroup
        type="radio"
        legend="Who is filling in this form?"
        required
        options={submittedByChoices}
        defaultValue={text("submittedBy") ?? "self"}
        {...field("submittedBy")}
      />
      <div hidden={stepped && !someoneElse} className="space-y-5 rounded-lg border-l-4 border-brand pl-4">
        <p className="text-muted">
          Tell us who you are; the rest of the form is about the person who will use the cushion.
        </p>
        <TextField
          label="Your name"
          required={someoneElse}
          autoComplete="name"
          defaultValue={text("submitterName")}
          hint="Needed only when you fill it in for someone else."
          {...field("submitterName")}
        />
        <ChoiceGroup
          type="radio"
          legend="How do you know them?"
          required={someoneElse}
          options={relationshipChoices}
          defaultValue={text("submitterRelationship")}
          {...field("submitterRelationship")}
        />
      </div>
      <TextField
        label="First name of the cushion user"
        required
        autoComplete={someoneElse ? "off" : "given-name"}
        defaultValue={text("firstName")}
        {...field("firstName")}
      />
      <TextField
        label="Last name of the cushion user"
        required
        autoComplete={someoneElse ? "off" : "family-name"}
        defaultValue={text("lastName")}
        {...field("lastName")}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        defaultValue={text("email")}
        hint={
          someoneElse
            ? "Your email, so we can reach you about this order; the confirmation comes here too."
            : "Where we send your confirmation and reach you about the consultation. Filling this in for someone? Give your own."
        }
        {...field("email")}
      />
      <TextField
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        defaultValue={text("phone")}
        hint={
          someoneElse
            ? "Your phone number, so we can call you about this order. With area code, at least 10 characters."
            : "With area code, at least 10 characters."
        }
        {...field("phone")}
      />
    </>,
    <>
      <TextField
        label="Country"
        required
        autoComplete="country-name"
        defaultValue={text("country")}
        {...field("country")}
      />
      <TextField
        label="State/Province"
        required
        autoComplete="address-level1"
        defaultValue={text("state")}
        {...field("state")}
      />
      <TextField
        label="ZIP/Postal code"
        required
        autoComplete="postal-code"
        defaultValue={text("zipCode")}
        {...field("zipCode")}
      />
    </>,
    <>
      <ChoiceGroup
        type="radio"
        legend="Wheelchair type"
        required
        options={wheelchairTypes}
        defaultValue={text("wheelchairType")}
        {...field("wheelchairType")}
      />
      <TextField
        label="Seat width, in inches"
        required
        inputMode="decimal"
        autoComplete="off"
        defaultValue={text("seatWidth")}
        hint={`Measure across the seat, side to side. For example 18 or 18.5 (${seatInches.min} to ${seatInches.max} inches).`}
        {...field("seatWidth")}
      />
      <TextField
        label="Seat depth, in inches"
        required
        inputMode="decimal"
        autoComplete="off"
        defaultValue={text("seatDepth")}
        hint={`Measure from the back of the seat to the front edge. For example 16 (${seatInches.min} to ${seatInches.max} inches).`}
        {...field("seatDepth")}
      />
      <TextField
        label="Current cushion"
        autoComplete="off"
        defaultValue={text("currentCushion")}
        hint="The make or kind of cushion used now, if any."
        {...field("currentCushion")}
      />
    </>,
    <>
      <ChoiceGroup
        type="radio"
        legend="Hours sitting in the chair on a typical day"
        required
        options={sittingHoursChoices}
        columns={2}
        defaultValue={text("dailySittingHours")}
        {...field("dailySittingHours")}
      />
      <ChoiceGroup
        type="checkbox"
        legend="Where do you feel discomfort or pressure?"
        required
        hint="Choose all that apply."
        options={discomfortAreaChoices}
        columns={2}
        defaultValue={values.discomfortAreas}
        {...field("discomfortAreas")}
      />
      <ChoiceGroup
        type="radio"
        legend="Sensitivity level"
        required
        hint="How sensitive the skin is to pressure where you sit. Not sure? Choose the closest; we will talk it through."
        options={sensitivityChoices}
        defaultValue={text("sensitivityLevel")}
        {...field("sensitivityLevel")}
      />
    </>,
    <>
      <ChoiceGroup
        type="checkbox"
        legend="What matters most to you?"
        required
        hint="Choose all that apply."
        options={priorityChoices}
        columns={2}
        defaultValue={values.priorities}
        {...field("priorities")}
      />
      <ChoiceGroup
        type="radio"
        legend="Pad size"
        required
        options={padSizeChoices}
        defaultValue={text("padSize")}
        {...field("padSize")}
      />
      <ChoiceGroup
        type="radio"
        legend="Cover type"
        required
        options={coverTypes}
        defaultValue={text("coverType")}
        {...field("coverType")}
      />
      <ChoiceGroup
        type="radio"
        legend="Controller placement"
        required
        options={controllerPlacements}
        defaultValue={text("controllerPlacement")}
        {...field("controllerPlacement")}
      />
    </>,
    <>
      <TextArea
        label="Anything else we should know"
        rows={5}
        defaultValue={text("medicalNotes")}
        hint="For example skin concerns, a recent pressure injury, or the chair's make and model."
        {...field("medicalNotes")}
      />
      <HeardField as="radios" defaultValue={text("heard")} error={shown.heard} />
      <CheckboxField
        name="privacyConsent"
        label={
          <>
            I agree that {company.name} may use these details to answer this request, as described in the{" "}
            <PrivacyPolicyLink />.
          </>
        }
        defaultChecked={values.privacyConsent === "on"}
        error={shown.privacyConsent}
      />
      <CheckboxField
        name="medicalDisclaimer"
        label="I understand that this request is not medical advice, and that I should talk to my clinician about my seating and skin care."
        defaultChecked={values.medicalDisclaimer === "on"}
        error={shown.medicalDisclaimer}
      />
    </>,
  ];

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="relative mt-6"
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={orderCheck.prepare}
    >
      {failed ? (
        <NotSentPanel title={`${orderOutcomes.failedTitle}.`} answer={answer} className="mb-4">
          <p>
            {orderFailureLead(failed)} call us on{" "}
            <a href={`tel:${company.phone.dial}`} className="underline">
              {company.phone.display}
            </a>{" "}
            or email{" "}
            <a href={`mailto:${email}`} className="underline">
              {email}
            </a>
            .
          </p>
        </NotSentPanel>
      ) : null}
      <ErrorSummary errors={shown} labels={orderFieldLabels} />
      {orderSteps.map((s, index) => (
        <fieldset
          key={s.id}
          hidden={stepped && index !== step}
          className="mt-6 space-y-5 rounded-xl border border-line bg-surface p-5 md:p-6"
        >
          <legend className="contents">
            <h3
              id={`order-step-${s.id}`}
              ref={(el) => void (headings.current[index] = el)}
              tabIndex={-1}
              className="mb-2 text-subheading font-bold"
            >
              {stepped ? (
                <span className="block text-body font-semibold text-brand">
                  Step {index + 1} of {orderSteps.length}
                </span>
              ) : null}
              {s.title}
            </h3>
          </legend>
          {fieldsets[index]}
          {stepped ? (
            <div className="flex flex-wrap gap-3 pt-2">
              {index > 0 ? (
                <button type="button" onClick={onBack} className={buttonClass("secondary")}>
                  Back
                </button>
              ) : null}
              {index < last ? (
                <button type="button" onClick={onContinue} className={buttonClass("primary")}>
                  Continue
                </button>
              ) : (
                <SendButton sending={sending} />
              )}
            </div>
          ) : null}
        </fieldset>
      ))}
      <BotFields ticket={ticket} />
      {stepped ? null : (
        <div className="mt-6">
          <SendButton sending={sending} />
        </div>
      )}
    </Form>
  );
}

function SendButton({ sending }: { sending: boolean }) {
  return (
    <button type="submit" disabled={sending} className={buttonClass("primary", "w-full sm:w-auto")}>
      {sending ? "Sending..." : "Send Order Request"}
    </button>
  );
}

/** The stored request's reference and what happens next; it takes focus, and ends the saved draft. */
export function OrderSent({ reference, confirmationEmail }: { reference: string; confirmationEmail: boolean }) {
  useEffect(clearOrderDraft, []);
  const words = orderPage.sent;
  return (
    <OutcomePanel
      tone="success"
      heading={{ id: "order-form-title" }}
      title={words.title}
      focusOnArrival
      focusWhen="shown"
      className="mt-6"
    >
      <p className="mt-3 text-lead">
        <MarkedText
          text={words.reference}
          values={{ reference: <strong className="font-mono text-subheading tracking-wider">{reference}</strong> }}
        />
      </p>
      {confirmationEmail ? <p className="mt-2">{words.confirmation}</p> : null}
      <h3 className="mt-6 text-subheading font-bold">{words.nextTitle}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        {words.next.map((step) => (
          <li key={step}>{withFacts(step)}</li>
        ))}
      </ol>
      <Link to="/order#order-form" className={buttonClass("secondary", "mt-6")}>
        {words.again}
      </Link>
    </OutcomePanel>
  );
}
