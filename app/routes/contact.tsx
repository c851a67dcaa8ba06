import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { buttonClass } from "~/components/ui/button";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { BotFields, CheckboxField, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { preloadToasts, toast } from "~/components/ui/toast";
import { contactPage, contactTopics, requestMessage } from "~/content/contact";
import { company } from "~/content/site";
import { contactOutcomes, failureLead, failureNotice } from "~/features/contact/outcomes";
import { submitContact } from "~/features/contact/submit.server";
import { readFlash } from "~/lib/flash.server";
import { formTickets, redirectToSent, stillSending, submitTicketed } from "~/lib/form-ticket.server";
import { forwardRetryAfter, readForm, retryAfterHeaders } from "~/lib/request.server";
import { isUnreachable, orUnreachable, revalidateUnlessUnreachable } from "~/lib/unreachable";
import { typedValues } from "~/lib/forms";
import { checkOnSubmit, lazyCheck } from "~/lib/lazy-check";
import { crumbs, organizationLd, seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { useSupportEmail } from "~/lib/support-email";

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  topic: "Topic",
  message: "Message",
  consent: "Privacy",
};

const contactFields = ["name", "email", "phone", "topic", "message", "consent"] as const;
type FormValues = Partial<Record<(typeof contactFields)[number], string | string[]>>;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const topic = contactTopics.some((t) => t.value === url.searchParams.get("topic"))
    ? url.searchParams.get("topic")
    : "";
  const subject = url.searchParams.get("subject")?.slice(0, 200) ?? "";
  return {
    // Only a message this visitor has just sent (and we stored) shows the success view.
    sent: readFlash(request)?.key === "contact-sent",
    ticket: (await formTickets()).issue(),
    prefill: {
      topic: topic ?? "",
      message: subject ? requestMessage(subject) : "",
    } satisfies FormValues,
  };
}

/** The contact form's one endpoint, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const outcome = await submitTicketed("contact-form", form, contactFields, async (start) => {
    const result = await submitContact(form, context.clientIp ?? "unknown", start);
    // The view is drawn from the one-time notice, not from the address, so "?sent=1" alone shows the form.
    // No #fragment: a browser skips the success heading's autofocus on a page opened at one.
    return result.ok ? { sent: { location: "/contact?sent=1", notice: "contact-sent" } } : { failed: result };
  });
  // Post/redirect/get: reloading the success page, or sending the same form again, sends nothing.
  if (outcome.sent) return redirectToSent(outcome.sent);
  const result = outcome.failed ?? stillSending;
  // Sent back so the form shows again as it was typed, with the ticket it was shown with.
  const values: FormValues = typedValues(form, contactFields, 6000);
  return data(
    { errors: result.errors, values, problem: result.problem, ticket: outcome.ticket },
    { status: result.status, headers: retryAfterHeaders(result) },
  );
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orUnreachable(serverAction);
export const shouldRevalidate = revalidateUnlessUnreachable;

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: contactPage.title,
    description: contactPage.description,
    path: "/contact",
    keywords: contactPage.keywords,
    breadcrumbs: crumbs(contactPage.breadcrumb, "/contact"),
    jsonLd: [
      {
        "@type": "ContactPage",
        name: `Contact ${company.name}`,
        // The same Organization node (with its @id, url and logo) the home page declares.
        mainEntity: {
          ...organizationLd(siteUrlFrom(matches)),
          contactPoint: {
            "@type": "ContactPoint",
            telephone: company.phone.dial,
            contactType: "customer support",
            hoursAvailable: {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
              opens: "09:00",
              closes: "17:00",
            },
          },
        },
      },
    ],
  });

// Focusing the form starts loading its check, and the toast region its answer will use.
const contactCheck = lazyCheck(() => import("~/features/contact/check"), preloadToasts);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const email = useSupportEmail();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  // The answer of this route's action, the same for a page with or without JavaScript.
  const answer = isUnreachable(actionData)
    ? ({ problem: "unavailable", errors: {}, values: undefined, ticket: undefined } as const)
    : actionData;
  const failedProblem = answer && answer.problem !== "invalid" ? answer.problem : null;
  const errors: Record<string, string> = clientErrors ?? answer?.errors ?? {};
  const values: FormValues = answer?.values ?? loaderData.prefill;
  const location = useLocation();
  const anotherRequested = Boolean((location.state as { another?: boolean } | null)?.another);

  // "Send Another Message" brought a fresh form: start it at its first field.
  useEffect(() => {
    if (anotherRequested && !loaderData.sent) document.getElementById("field-name")?.focus();
  }, [anotherRequested, loaderData.sent]);

  // The button used is disabled while sending and loses focus: the failure takes it.
  const failedAlert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!failedProblem) return;
    toast({ variant: "error", ...failureNotice(failedProblem, email) });
    failedAlert.current?.focus();
  }, [actionData, failedProblem, email]);

  // With JavaScript, mistakes are shown before anything is sent; the action checks again either way.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const check = checkOnSubmit(event, contactCheck);
    if (!check) return;
    const mistakes = check(Object.fromEntries(new FormData(event.currentTarget)));
    if (Object.keys(mistakes).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(mistakes);
  }

  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <p className="font-semibold text-brand">{contactPage.eyebrow}</p>
          <h1 className="mt-2 text-title font-bold">{contactPage.title}</h1>
          <p className="mt-4 max-w-prose text-lead text-muted">{contactPage.intro}</p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {contactPage.badges.map((badge) => (
              <li key={badge} className="rounded-full border border-line bg-canvas px-4 py-2 text-small font-semibold">
                {badge}
              </li>
            ))}
          </ul>
        </div>
      </header>

      <div className="container-page py-12">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">{contactPage.cards.email}</h2>
            <a
              href={`mailto:${email}`}
              className="mt-1 inline-flex tap-target items-center gap-2 break-all text-brand underline"
            >
              <MailIcon />
              {email}
            </a>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">{contactPage.cards.phone}</h2>
            <a
              href={`tel:${company.phone.dial}`}
              className="mt-1 inline-flex tap-target items-center gap-2 text-brand underline"
            >
              <PhoneIcon />
              {company.phone.display}
            </a>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">{contactPage.cards.hours}</h2>
            <p className="mt-1">{company.hours.long}</p>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">{contactPage.cards.responseTime}</h2>
            <p className="mt-1">{contactPage.responseTime}</p>
          </li>
        </ul>

        <section id="contact-form" aria-labelledby="contact-form-title" className="mx-auto mt-12 max-w-2xl">
          {loaderData.sent ? (
            <SentPanel />
          ) : (
            <>
              <h2 id="contact-form-title" className="text-heading font-bold">
                {contactPage.formTitle}
              </h2>
              {failedProblem ? (
                <p
                  ref={failedAlert}
                  tabIndex={-1}
                  role="alert"
                  {...{ autofocus: "" }}
                  className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-4"
                >
                  <strong>{contactOutcomes.failedTitle}.</strong> {failureLead(failedProblem)} contact us directly at{" "}
                  <a href={`mailto:${email}`} className="underline">
                    {email}
                  </a>
                  .
                </p>
              ) : null}
              <Form
                method="post"
                noValidate
                className="relative mt-6 space-y-5"
                onSubmit={onSubmit}
                onFocus={contactCheck.prepare}
              >
                <ErrorSummary errors={errors} labels={labels} />
                <TextField
                  name="name"
                  label="Name"
                  required
                  autoComplete="name"
                  defaultValue={values.name}
                  error={errors.name}
                />
                <TextField
                  name="email"
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  defaultValue={values.email}
                  error={errors.email}
                />
                <TextField
                  name="phone"
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  defaultValue={values.phone}
                  error={errors.phone}
                />
                <SelectField
                  name="topic"
                  label="Topic"
                  required
                  options={contactTopics}
                  placeholder="Choose a topic"
                  defaultValue={values.topic}
                  error={errors.topic}
                />
                <TextArea
                  name="message"
                  label="Message"
                  required
                  rows={6}
                  defaultValue={values.message}
                  error={errors.message}
                  hint="At least 10 characters."
                />
                <CheckboxField
                  name="consent"
                  label={
                    <>
                      I agree that {company.name} may use these details to answer my message, as described in the{" "}
                      <PrivacyPolicyLink />.
                    </>
                  }
                  defaultChecked={values.consent === "on"}
                  error={errors.consent}
                />
                <BotFields ticket={answer?.ticket ?? loaderData.ticket} />
                <button type="submit" disabled={sending} className={buttonClass("primary", "w-full sm:w-auto")}>
                  {sending ? contactPage.sending : contactPage.send}
                </button>
              </Form>
            </>
          )}
          <p className="mt-8 text-small text-muted">
            <strong className="text-ink">{contactPage.privacy.lead}</strong> {contactPage.privacy.body}{" "}
            <PrivacyPolicyLink>{contactPage.privacy.link}</PrivacyPolicyLink>.
          </p>
        </section>
      </div>
    </>
  );
}

/**
 * The success view takes focus, so the outcome is what keyboard and screen-reader users meet.
 * "Send Another Message" loads the page again: the notice was read once, so a fresh form appears.
 */
function SentPanel() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl border-2 border-success bg-success-soft p-8 text-center">
      <h2 id="contact-form-title" ref={heading} tabIndex={-1} {...{ autofocus: "" }} className="text-heading font-bold">
        {contactPage.sent.title}
      </h2>
      <p className="mt-3">{contactOutcomes.sent.description}</p>
      <Link to="/contact#contact-form" state={{ another: true }} className={buttonClass("primary", "mt-6")}>
        {contactPage.sent.again}
      </Link>
    </div>
  );
}
