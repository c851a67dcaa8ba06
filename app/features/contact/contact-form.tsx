import { useEffect } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { BotFields, CheckboxField, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { HeardField } from "~/components/ui/heard-field";
import { NotSentPanel, OutcomePanel, useFailureToast } from "~/components/ui/outcome-panel";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { preloadToasts } from "~/components/ui/toast";
import { contactPage, contactTopics } from "~/content/contact";
import { company } from "~/content/site";
import { fieldLabels, type FormAnswer, textOf } from "~/lib/form-fields";
import type { FailureProblem, PublicFormProblem } from "~/lib/forms";
import { lazyCheck } from "~/lib/lazy-check";
import { useSupportEmail } from "~/lib/support-email";
import type { NoAnswer } from "~/lib/unreachable";
import { useCheckedForm } from "~/lib/use-checked-form";
import { type ContactField, contactFields, messageMin } from "./fields";
import { contactOutcomes, failureLead, failureNotice } from "./outcomes";

export type ContactValues = Partial<Record<ContactField, string | string[]>>;

/** What the contact page's action answered (undefined before a post; `unavailable` when it got none). */
export type ContactAnswer = FormAnswer<ContactField, PublicFormProblem> | NoAnswer;

const labels = fieldLabels(contactFields);

// Focusing the form starts loading its check, and the toast region its answer will use.
const contactCheck = lazyCheck(() => import("./check"), preloadToasts);

/**
 * The contact form, or, once a message was stored, what the visitor is told. It posts to the
 * contact page's action, the form's one endpoint, with or without JavaScript.
 */
export function ContactForm({
  sent,
  ticket,
  prefill,
  answer,
}: {
  /** Whether a message this visitor has just sent was stored (the one-time notice). */
  sent: boolean;
  ticket: string;
  prefill: ContactValues;
  answer: ContactAnswer | undefined;
}) {
  const email = useSupportEmail();
  const navigation = useNavigation();
  const { checked, onSubmit, onFocus } = useCheckedForm(contactCheck);
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const failed: FailureProblem | null = answer && answer.problem !== "invalid" ? answer.problem : null;
  const errors = checked?.errors ?? answer?.errors ?? {};
  const values = answer?.values ?? prefill;
  const location = useLocation();
  const anotherRequested = Boolean((location.state as { another?: boolean } | null)?.another);
  useFailureToast(failed ? failureNotice(failed, email) : null, answer);

  // "Send Another Message" brought a fresh form: start it at its first field.
  useEffect(() => {
    if (anotherRequested && !sent) document.getElementById("field-name")?.focus();
  }, [anotherRequested, sent]);

  // "Send Another Message" loads the page again: the notice was read once, so a fresh form appears.
  if (sent)
    return (
      <OutcomePanel
        tone="success"
        heading={{ id: "contact-form-title" }}
        title={contactPage.sent.title}
        focusOnArrival
        focusWhen="shown"
        className="text-center"
      >
        <p className="mt-3">{contactOutcomes.sent().description}</p>
        <Link to="/contact#contact-form" state={{ another: true }} className={buttonClass("primary", "mt-6")}>
          {contactPage.sent.again}
        </Link>
      </OutcomePanel>
    );

  return (
    <>
      <h2 id="contact-form-title" className="text-heading font-bold">
        {contactPage.formTitle}
      </h2>
      {failed ? (
        <NotSentPanel title={`${contactOutcomes.failedTitle}.`} answer={answer} className="mt-4">
          <p>
            {failureLead(failed)} contact us directly at{" "}
            <a href={`mailto:${email}`} className="underline">
              {email}
            </a>
            .
          </p>
        </NotSentPanel>
      ) : null}
      <Form method="post" noValidate className="relative mt-6 space-y-5" onSubmit={onSubmit} onFocus={onFocus}>
        <ErrorSummary errors={errors} labels={labels} />
        <TextField
          name="name"
          label={labels.name}
          required
          autoComplete="name"
          defaultValue={textOf(values.name)}
          error={errors.name}
        />
        <TextField
          name="email"
          label={labels.email}
          type="email"
          required
          autoComplete="email"
          defaultValue={textOf(values.email)}
          error={errors.email}
        />
        <TextField
          name="phone"
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          defaultValue={textOf(values.phone)}
          error={errors.phone}
        />
        <SelectField
          name="topic"
          label={labels.topic}
          required
          options={contactTopics}
          placeholder="Choose a topic"
          defaultValue={textOf(values.topic)}
          error={errors.topic}
        />
        <TextArea
          name="message"
          label={labels.message}
          required
          rows={6}
          defaultValue={textOf(values.message)}
          error={errors.message}
          hint={`At least ${messageMin} characters.`}
        />
        <HeardField defaultValue={textOf(values.heard)} error={errors.heard} />
        <CheckboxField
          name="consent"
          label={
            <>
              I agree that {company.name} may use these details to answer my message, as described in the{" "}
              <PrivacyPolicyLink />.
            </>
          }
          defaultChecked={textOf(values.consent) === "on"}
          error={errors.consent}
        />
        <BotFields ticket={answer?.ticket ?? ticket} />
        <button type="submit" disabled={sending} className={buttonClass("primary", "w-full sm:w-auto")}>
          {sending ? contactPage.sending : contactPage.send}
        </button>
      </Form>
    </>
  );
}
