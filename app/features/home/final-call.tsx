import { Link } from "react-router";
import { finalCallToAction, homeHeadings } from "~/content/home";

/** The closing band: request an order, or send a message first. */
export function FinalCallToAction() {
  return (
    <section aria-labelledby="final-cta" className="on-brand bg-brand text-brand-ink">
      <div className="container-page py-16 md:py-24">
        <h2 id="final-cta" className="max-w-[22ch] text-title font-bold">
          {finalCallToAction.heading}
        </h2>
        <p className="mt-4 max-w-prose text-lead">{finalCallToAction.body}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/order"
            className="inline-flex tap-target items-center rounded-md bg-brand-ink px-5 font-semibold text-brand hover:opacity-90"
          >
            {homeHeadings.finalCall.order}
          </Link>
          <Link
            to="/contact#contact-form"
            className="inline-flex tap-target items-center rounded-md border-2 border-brand-ink px-5 font-semibold hover:opacity-90"
          >
            {homeHeadings.finalCall.message}
          </Link>
        </div>
      </div>
    </section>
  );
}
