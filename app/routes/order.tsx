import { useRouteLoaderData } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { buttonClass, ExternalLink } from "~/components/ui/button";
import { orderSteps } from "~/content/order";
import { company, defaultSupportEmail } from "~/content/site";
import { getConfig } from "~/lib/config.server";
import { crumbs, seo } from "~/lib/seo";
import type { RouteHandle, loader as rootLoader } from "~/root";
import type { Route } from "./+types/order";

export function loader() {
  return { orderFormUrl: getConfig().orderFormUrl ?? null };
}

// Plain HTML does everything here; no JavaScript bundle is loaded.
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Request an Order",
    description: `Request your custom ${company.productName} cushion. An expert calls you within ${company.consultationWithin} to set it up for your body and your chair.`,
    path: "/order",
    keywords: ["order SofTech cushion", "custom wheelchair cushion order"],
    breadcrumbs: crumbs("Order", "/order"),
  });

export default function Order({ loaderData }: Route.ComponentProps) {
  const { orderFormUrl } = loaderData;
  const email = useRouteLoaderData<typeof rootLoader>("root")?.supportEmail ?? defaultSupportEmail;
  return (
    <>
      <section aria-labelledby="order-title" className="border-b border-line bg-surface">
        <div className="container-page py-12 md:py-16">
          <p className="font-semibold text-brand">Order</p>
          <h1 id="order-title" className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
            Request Your Custom {company.name} Pad
          </h1>
          <p className="mt-4 max-w-prose text-lg text-muted">
            Every {company.productName} cushion is built for the person who sits on it. Tell us about yourself and an
            expert will be in touch within {company.consultationWithin}.
          </p>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {orderSteps.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-line bg-canvas p-5">
                <p className="text-sm font-semibold text-brand">Step {index + 1}</p>
                <h2 className="mt-1 text-lg font-semibold">{step.title}</h2>
                <p className="mt-2 text-muted">{step.body}</p>
              </li>
            ))}
          </ol>
          <a href="#order-form" className={buttonClass("primary", "mt-8")}>
            Start Your Order
          </a>
        </div>
      </section>

      <section id="order-form" aria-labelledby="order-form-title" className="container-page py-12">
        <h2 id="order-form-title" className="text-2xl font-bold">
          Your order request
        </h2>
        {orderFormUrl ? (
          <>
            <div className="mt-6 flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 md:flex-row md:items-center md:justify-between">
              <div>
                <h3 className="text-lg font-semibold">Order request form</h3>
                <p className="mt-1 text-muted">Takes about five minutes. Fill it in below or in its own tab.</p>
              </div>
              <div className="flex flex-wrap gap-3">
                <a href="#order-form-frame" className={buttonClass("primary")}>
                  Open Form Below
                </a>
                <ExternalLink href={orderFormUrl} className={buttonClass("secondary")}>
                  Open in New Tab
                </ExternalLink>
              </div>
            </div>
            <iframe
              id="order-form-frame"
              src={orderFormUrl}
              title="Order request form"
              loading="lazy"
              className="mt-6 w-full rounded-xl border border-line bg-white"
              style={{ height: "min(900px, max(500px, 80vh))" }}
            />
            <p className="mt-4 text-muted">
              Form not showing?{" "}
              <ExternalLink href={orderFormUrl} className="font-semibold text-brand underline">
                open it in a new tab
              </ExternalLink>
              .
            </p>
          </>
        ) : (
          <div className="mt-6 rounded-xl border border-line bg-surface p-6">
            <p className="text-lg">
              Our online order form is not available right now. Order by phone or email instead: we take the same
              details and an expert calls you back within {company.consultationWithin}.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a href={`tel:${company.phone.dial}`} className={buttonClass("primary")}>
                <PhoneIcon />
                Call {company.phone.display}
              </a>
              <a href={`mailto:${email}?subject=${encodeURIComponent("Order request")}`} className={buttonClass("secondary")}>
                <MailIcon />
                Email {email}
              </a>
            </div>
            <p className="mt-4 text-muted">Phone lines are open {company.hours.long}.</p>
          </div>
        )}
      </section>
    </>
  );
}
