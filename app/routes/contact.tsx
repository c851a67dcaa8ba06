import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { PrivacyPolicyLink } from "~/components/ui/privacy-link";
import { contactPage, contactSearch, contactTopics, requestMessage } from "~/content/contact";
import { withFacts } from "~/content/quoted-facts";
import { company } from "~/content/site";
import { type ContactValues, ContactForm } from "~/features/contact/contact-form";
import { contactFields } from "~/features/contact/fields";
import { contactOutcomes } from "~/features/contact/outcomes";
import { submitContact } from "~/features/contact/submit.server";
import type { NoticeHandle } from "~/lib/flash";
import { readFlash } from "~/lib/flash.server";
import { answerForm } from "~/lib/form-action.server";
import { formTickets } from "~/lib/form-ticket.server";
import { forwardRetryAfter } from "~/lib/request.server";
import { crumbs, organizationLd, seo, siteUrlFrom } from "~/lib/seo";
import { useSupportEmail } from "~/lib/support-email";
import { formAnswer, orUnreachable, revalidateUnlessUnreachable } from "~/lib/unreachable";
import type { Route } from "./+types/contact";
import { publicFigures } from "~/features/leads/figures.server";
import { leadKinds } from "~/lead-kinds.server";
import { ResponseFigures } from "~/features/leads/response-figures";

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
    } satisfies ContactValues,
    figures: await publicFigures(leadKinds.message),
  };
}

/** The contact form's one endpoint, with or without JavaScript. */
export const action = ({ request, context }: Route.ActionArgs) =>
  answerForm(request, {
    form: "contact-form",
    fields: contactFields,
    submit: (form, start) => submitContact(form, context.clientIp ?? "unknown", start),
    // The view is drawn from the one-time notice, not from the address, so "?sent=1" alone shows the form.
    // No #fragment: a browser skips the success heading's autofocus on a page opened at one.
    sent: () => ({ location: "/contact?sent=1", notice: "contact-sent" }),
  });

export const handle: NoticeHandle = { notices: { "contact-sent": () => contactOutcomes.sent() } };

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orUnreachable(serverAction);
export const shouldRevalidate = revalidateUnlessUnreachable;

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const search = contactSearch();
  return seo(matches, {
    title: contactPage.title,
    description: search.description,
    path: "/contact",
    keywords: search.keywords,
    breadcrumbs: crumbs(search.breadcrumb, "/contact"),
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
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const email = useSupportEmail();
  // The answer of this route's action, the same for a page with or without JavaScript.
  const answer = formAnswer(actionData);

  return (
    <>
      <header className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <p className="font-semibold text-brand">{contactPage.eyebrow}</p>
          <h1 className="mt-2 text-title font-bold">{contactPage.title}</h1>
          <p className="mt-4 max-w-prose text-lead text-muted">{contactPage.intro}</p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {[contactPage.badges.email, contactPage.badges.phone].map((badge, index) => (
              <li key={index} className="rounded-full border border-line bg-canvas px-4 py-2 text-small font-semibold">
                {withFacts(badge)}
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
            <p className="mt-1">{withFacts(contactPage.responseTime)}</p>
            <ResponseFigures figures={loaderData.figures} className="mt-2" />
          </li>
        </ul>

        <section id="contact-form" aria-labelledby="contact-form-title" className="mx-auto mt-12 max-w-2xl">
          <ContactForm sent={loaderData.sent} ticket={loaderData.ticket} prefill={loaderData.prefill} answer={answer} />
          <p className="mt-8 text-small text-muted">
            <strong className="text-ink">{contactPage.privacy.lead}</strong> {contactPage.privacy.body}{" "}
            <PrivacyPolicyLink>{contactPage.privacy.link}</PrivacyPolicyLink>.
          </p>
        </section>
      </div>
    </>
  );
}
