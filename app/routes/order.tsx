import { Link, useNavigation } from "react-router";
import { TrustBand } from "~/components/content/trust-band";
import { buttonClass, ExternalLink } from "~/components/ui/button";
import { orderPage, orderSteps } from "~/content/order";
import { pagePaths } from "~/content/navigation";
import { withFacts } from "~/content/quoted-facts";
import { company } from "~/content/site";
import { orderFields, referencePattern } from "~/features/orders/fields";
import { HostedOrderForm } from "~/features/orders/hosted-form";
import { OrderForm, OrderSent } from "~/features/orders/order-form";
import { OrderPrivacyAndPhone } from "~/features/orders/order-privacy";
import { orderOutcomes } from "~/features/orders/outcomes";
import { submitOrder } from "~/features/orders/store.server";
import { getConfig } from "~/lib/config.server";
import { markerPieces } from "~/lib/markers";
import type { NoticeHandle } from "~/lib/flash";
import { readFlash } from "~/lib/flash.server";
import { answerForm } from "~/lib/form-action.server";
import { formTickets } from "~/lib/form-ticket.server";
import { forwardRetryAfter } from "~/lib/request.server";
import { crumbs, seo } from "~/lib/seo";
import { formAnswer, orUnreachable, revalidateUnlessUnreachable } from "~/lib/unreachable";
import type { Route } from "./+types/order";
import { responseFigureTexts } from "~/content/replies";
import { publicFigures } from "~/features/leads/figures.server";
import { leadKinds } from "~/lead-kinds.server";
import { ResponseFigures } from "~/features/leads/response-figures";

export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  const flash = readFlash(request);
  // Only a request this visitor has just sent (and we stored) shows the success view.
  const sent = flash?.key === "order-sent" && referencePattern.test(flash.id) ? flash.id : null;
  return {
    orderFormUrl: config.orderFormUrl ?? null,
    confirmationEmail: Boolean(config.smtp),
    ticket: (await formTickets()).issue(),
    sent,
    figures: await publicFigures(leadKinds.order),
  };
}

/**
 * The order form's one endpoint, with or without JavaScript. Reloading the success view, or
 * sending the same form again, sends nothing and shows the reference the request was given.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  answerForm(request, {
    form: "order-form",
    fields: orderFields,
    submit: (form, start) => submitOrder(form, context.clientIp ?? "unknown", start),
    sent: (stored) => ({ location: "/order?sent=1", notice: "order-sent", id: stored.reference }),
  });

export const handle: NoticeHandle = { notices: { "order-sent": (reference) => orderOutcomes.sent(reference) } };

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => orUnreachable(serverAction);
export const shouldRevalidate = revalidateUnlessUnreachable;

export const headers = forwardRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Request an Order",
    description: `Request your custom ${company.productName} cushion. An expert calls you within ${company.consultationWithin} to set it up for your body and your chair.`,
    path: "/order",
    keywords: ["order SofTech cushion", "custom wheelchair cushion order"],
    breadcrumbs: crumbs("Order", "/order"),
  });

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { orderFormUrl, sent } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/order") === true;
  const answer = formAnswer(actionData);
  const failed = answer && answer.problem !== "invalid" ? answer.problem : null;

  return (
    <>
      <section aria-labelledby="order-title" className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <p className="font-semibold text-brand">{orderPage.eyebrow}</p>
          <h1 id="order-title" className="mt-2 text-title font-bold">
            {orderPage.title}
          </h1>
          <p className="mt-4 max-w-prose text-lead text-muted">{withFacts(orderPage.intro)}</p>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {orderSteps.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-line bg-canvas p-5">
                <p className="text-small font-semibold text-brand">
                  {markerPieces(orderPage.step, { number: String(index + 1) })}
                </p>
                <h2 className="mt-1 text-subheading font-bold">{step.title}</h2>
                <p className="mt-2 text-muted">{withFacts(step.body)}</p>
              </li>
            ))}
          </ol>
          <section aria-labelledby="order-figures-title" className="mt-8 max-w-prose">
            <h2 id="order-figures-title" className="text-body font-bold">
              {responseFigureTexts.heading}
            </h2>
            <ResponseFigures figures={loaderData.figures} className="mt-1" />
          </section>
          <a href="#order-form" className={buttonClass("primary", "mt-8")}>
            {orderPage.start}
          </a>
        </div>
      </section>

      <TrustBand />

      <section id="order-form" aria-labelledby="order-form-title" className="container-page py-12">
        <div className="mx-auto max-w-3xl">
          {sent ? (
            <OrderSent reference={sent} confirmationEmail={loaderData.confirmationEmail} />
          ) : (
            <>
              <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 md:flex-row md:items-center md:justify-between">
                <div>
                  <h2 id="order-form-title" className="text-heading font-bold">
                    {orderPage.form.title}
                  </h2>
                  <p className="mt-1 text-muted">
                    {orderPage.form.intro}{" "}
                    <Link to={pagePaths.paying} className="font-semibold text-brand underline">
                      {orderPage.form.paying}
                    </Link>
                  </p>
                </div>
                {/* The button keeps its words on one line; the text beside it wraps instead. */}
                <div className="flex shrink-0 flex-wrap gap-3">
                  <a
                    href="#order-request"
                    onClick={(event) => {
                      const first = document.querySelector<HTMLElement>("#order-request fieldset:not([hidden]) h3");
                      if (!first) return;
                      event.preventDefault();
                      first.scrollIntoView({ block: "start" });
                      first.focus({ preventScroll: true });
                    }}
                    className={buttonClass("primary")}
                  >
                    {orderPage.form.openBelow}
                  </a>
                  {orderFormUrl ? (
                    <ExternalLink href={orderFormUrl} className={buttonClass("secondary")}>
                      {orderPage.form.openHosted}
                    </ExternalLink>
                  ) : null}
                </div>
              </div>
              <div id="order-request" tabIndex={-1}>
                <OrderForm
                  ticket={answer?.ticket ?? loaderData.ticket}
                  values={answer?.values ?? {}}
                  serverErrors={answer?.errors}
                  sending={sending}
                  failed={failed}
                  answer={answer}
                />
              </div>
            </>
          )}
          <OrderPrivacyAndPhone />
        </div>
      </section>

      {orderFormUrl && !sent ? <HostedOrderForm url={orderFormUrl} /> : null}
    </>
  );
}
