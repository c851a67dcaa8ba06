import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { buttonClass } from "~/components/ui/button";
import { BotFields, CheckboxField, ErrorSummary, SelectField, TextArea, TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { company, defaultSupportEmail } from "~/content/site";
import { ContactFormSchema, contactTopics } from "~/features/contact/schema";
import { type ContactProblem, submitContact } from "~/features/contact/submit.server";
import { retryAfterHeaders, readForm } from "~/lib/request.server";
import { firstErrors } from "~/lib/forms";
import { crumbs, seo } from "~/lib/seo";
import { z } from "~/lib/zod";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/contact";

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  topic: "Topic",
  message: "Message",
  consent: "Privacy",
};

type FormValues = Partial<Record<"name" | "email" | "phone" | "topic" | "message" | "consent", string>>;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const topic = contactTopics.some((t) => t.value === url.searchParams.get("topic")) ? url.searchParams.get("topic") : "";
  const subject = url.searchParams.get("subject")?.slice(0, 200) ?? "";
  return {
    sent: url.searchParams.get("sent") === "1",
    startedAt: Date.now(),
    prefill: {
      topic: topic ?? "",
      message: subject ? `I would like to receive this: ${subject}.` : "",
    } satisfies FormValues,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const result = await submitContact(form, context.clientIp ?? "unknown");
  // Post/redirect/get: reloading the success page never sends the message twice.
  if (result.ok) return redirect("/contact?sent=1#contact-form", 303);
  // Sent back so a page without JavaScript shows the form again as it was typed.
  const values: FormValues = {};
  for (const key of ["name", "email", "phone", "topic", "message", "consent"] as const) {
    const value = form[key];
    if (typeof value === "string") values[key] = value.slice(0, 6000);
  }
  const headers = retryAfterHeaders(result);
  return data({ errors: result.errors, values, problem: result.problem }, { status: result.status, headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description: `Questions about the ${company.productName} cushion, an order or a repair? Call ${company.phone.display} or send us a message; we reply within ${company.emailResponse}.`,
    path: "/contact",
    keywords: ["contact Aquila", "SofTech support", "cushion repair"],
    breadcrumbs: crumbs("Contact", "/contact"),
    jsonLd: [
      {
        "@type": "ContactPage",
        name: `Contact ${company.name}`,
        mainEntity: {
          "@type": "Organization",
          name: company.name,
          contactPoint: {
            "@type": "ContactPoint",
            telephone: company.phone.dial,
            contactType: "customer support",
            hoursAvailable: { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
          },
        },
      },
    ],
  });

type Outcome = { state: "idle" } | { state: "sending" } | { state: "sent" } | { state: "failed"; problem: ContactProblem };

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const email = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail ?? defaultSupportEmail;
  const navigation = useNavigation();
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [formKey, setFormKey] = useState(0);

  // Without JavaScript the form posts to this route's action; these read its answer.
  const serverFailed = actionData && actionData.problem !== "invalid" ? actionData.problem : null;
  const sent = outcome.state === "sent" || (outcome.state === "idle" && formKey === 0 && loaderData.sent);
  const failedProblem = outcome.state === "failed" ? outcome.problem : outcome.state === "idle" ? serverFailed : null;
  const sending = outcome.state === "sending" || (navigation.state === "submitting" && navigation.formAction?.startsWith("/contact"));
  const errors: Record<string, string> = clientErrors ?? (outcome.state === "idle" && actionData ? actionData.errors : {});
  const values: FormValues = formKey === 0 && actionData ? actionData.values : formKey === 0 ? loaderData.prefill : {};

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const result = ContactFormSchema.safeParse(Object.fromEntries(formData));
    if (!result.success) {
      setClientErrors(firstErrors(z.flattenError(result.error).fieldErrors));
      return;
    }
    setClientErrors(null);
    setOutcome({ state: "sending" });
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        body: new URLSearchParams(formData as unknown as Record<string, string>),
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => ({}))) as { ok?: boolean; errors?: Record<string, string>; problem?: ContactProblem };
      if (response.ok && body.ok) {
        setOutcome({ state: "sent" });
        toast({ variant: "success", title: "Message sent successfully!", description: "Thank you for contacting us. We'll respond in 1-2 business days." });
        return;
      }
      if (response.status === 400 && body.errors && Object.keys(body.errors).length) {
        setClientErrors(body.errors);
        setOutcome({ state: "idle" });
        return;
      }
      setOutcome({ state: "failed", problem: body.problem ?? "unavailable" });
    } catch {
      setOutcome({ state: "failed", problem: "unavailable" });
    }
    toast({ variant: "error", title: "Failed to send message", description: `Please try again or contact us directly at ${email}` });
  }

  function sendAnother() {
    setOutcome({ state: "idle" });
    setClientErrors(null);
    setFormKey((k) => k + 1);
    // The link that was focused is gone; start the fresh form at its first field.
    window.setTimeout(() => document.getElementById("field-name")?.focus(), 0);
  }

  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <p className="font-semibold text-brand">Contact</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">Contact Us</h1>
          <p className="mt-4 max-w-prose text-lg text-muted">
            Questions about the {company.productName} system, an order, or a repair? We are glad to help.
          </p>
          <ul className="mt-6 flex flex-wrap gap-3">
            <li className="rounded-full border border-line bg-canvas px-4 py-2 text-sm font-semibold">Email response in {company.emailResponse}</li>
            <li className="rounded-full border border-line bg-canvas px-4 py-2 text-sm font-semibold">Phone support {company.hours.long}</li>
          </ul>
        </div>
      </header>

      <div className="container-page py-12">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">Email</h2>
            <a href={`mailto:${email}`} className="tap-target mt-1 inline-flex items-center gap-2 break-all text-brand underline">
              <MailIcon />
              {email}
            </a>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">Phone</h2>
            <a href={`tel:${company.phone.dial}`} className="tap-target mt-1 inline-flex items-center gap-2 text-brand underline">
              <PhoneIcon />
              {company.phone.display}
            </a>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">Hours</h2>
            <p className="mt-1">{company.hours.long}</p>
          </li>
          <li className="rounded-xl border border-line bg-surface p-5">
            <h2 className="font-semibold">Response time</h2>
            <p className="mt-1">We reply to messages within {company.emailResponse}.</p>
          </li>
        </ul>

        <section id="contact-form" aria-labelledby="contact-form-title" className="mx-auto mt-12 max-w-2xl">
          {sent ? (
            <SentPanel onSendAnother={sendAnother} />
          ) : (
            <>
              <h2 id="contact-form-title" className="text-2xl font-bold">
                Send us a message
              </h2>
              {failedProblem ? (
                <p role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-4">
                  <strong>Failed to send message.</strong>{" "}
                  {failedProblem === "rate-limited"
                    ? "Too many messages were sent from your connection just now. Please wait a few minutes, or"
                    : "Please try again or"}{" "}
                  contact us directly at <a href={`mailto:${email}`} className="underline">{email}</a>.
                </p>
              ) : null}
              <Form key={formKey} method="post" noValidate className="relative mt-6 space-y-5" onSubmit={onSubmit}>
                <ErrorSummary errors={errors} labels={labels} />
                <TextField name="name" label="Name" required autoComplete="name" defaultValue={values.name} error={errors.name} />
                <TextField name="email" label="Email" type="email" required autoComplete="email" defaultValue={values.email} error={errors.email} />
                <TextField name="phone" label="Phone" type="tel" autoComplete="tel" defaultValue={values.phone} error={errors.phone} />
                <SelectField name="topic" label="Topic" required options={contactTopics} placeholder="Choose a topic" defaultValue={values.topic} error={errors.topic} />
                <TextArea name="message" label="Message" required rows={6} defaultValue={values.message} error={errors.message} hint="At least 10 characters." />
                <CheckboxField
                  name="consent"
                  label="I agree that Aquila may use these details to answer my message, as described in the privacy note below."
                  defaultChecked={values.consent === "on"}
                  error={errors.consent}
                />
                <BotFields startedAt={loaderData.startedAt} />
                <button type="submit" disabled={sending} className={buttonClass("primary", "w-full sm:w-auto")}>
                  {sending ? "Sending..." : "Send Message"}
                </button>
              </Form>
            </>
          )}
          <p className="mt-8 text-sm text-muted">
            <strong className="text-ink">Privacy:</strong> we use your details only to answer your message. Your
            information is never shared with third parties.
          </p>
        </section>
      </div>
    </>
  );
}

/** The success view takes focus, so the outcome is what keyboard and screen-reader users meet. */
function SentPanel({ onSendAnother }: { onSendAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-2xl border-2 border-success bg-success-soft p-8 text-center">
      <h2 id="contact-form-title" ref={heading} tabIndex={-1} {...{ autofocus: "" }} className="text-2xl font-bold">
        Message Sent Successfully!
      </h2>
      <p className="mt-3">Thank you for contacting us. We&apos;ll respond in {company.emailResponse}.</p>
      <Link to="/contact#contact-form" onClick={onSendAnother} className={buttonClass("primary", "mt-6")}>
        Send Another Message
      </Link>
    </div>
  );
}
