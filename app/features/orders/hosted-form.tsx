import { ExternalLink } from "~/components/ui/button";

/** The company's hosted order form (ORDER_FORM_URL), offered below the site's own when it is set. */
export function HostedOrderForm({ url }: { url: string }) {
  return (
    <section aria-labelledby="hosted-form-title" className="container-page pb-12">
      <div className="mx-auto max-w-3xl">
        <h2 id="hosted-form-title" className="text-subheading font-bold">
          Or use our hosted order form
        </h2>
        <iframe
          id="order-form-frame"
          src={url}
          title="Hosted order request form"
          loading="lazy"
          className="mt-4 w-full rounded-xl border border-line bg-white"
          style={{ height: "min(900px, max(500px, 80vh))" }}
        />
        <p className="mt-4 text-muted">
          Form not showing?{" "}
          <ExternalLink href={url} className="font-semibold text-brand underline">
            open it in a new tab
          </ExternalLink>
          .
        </p>
      </div>
    </section>
  );
}
