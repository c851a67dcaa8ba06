import { Link } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { pagePaths } from "~/content/navigation";
import { orderPage } from "~/content/order";
import { company } from "~/content/site";
import { MarkedText } from "~/components/ui/marked-text";
import { useSupportEmail } from "~/lib/support-email";

/**
 * Under the order form: what the details are used for, with the privacy pages, and the phone and
 * email for those who would rather order that way.
 */
export function OrderPrivacyAndPhone() {
  const email = useSupportEmail();
  const words = orderPage.privacy;
  return (
    <>
      <p className="mt-8 text-small text-muted">
        <strong className="text-ink">{words.lead}</strong> {/* The note's two markers, each where its link goes. */}
        <MarkedText
          text={words.body}
          values={{
            policy: (
              <Link to={pagePaths.privacy} className="font-semibold text-brand underline">
                {words.policy}
              </Link>
            ),
            healthData: (
              <Link to={pagePaths.healthData} className="font-semibold text-brand underline">
                {words.healthData}
              </Link>
            ),
          }}
        />
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3 text-muted">
        <span>{orderPage.otherWays}</span>
        <a
          href={`tel:${company.phone.dial}`}
          className="inline-flex tap-target items-center gap-2 font-semibold text-brand underline"
        >
          <PhoneIcon />
          {company.phone.display}
        </a>
        <a
          href={`mailto:${email}?subject=${encodeURIComponent("Order request")}`}
          className="inline-flex tap-target items-center gap-2 font-semibold break-all text-brand underline"
        >
          <MailIcon />
          {email}
        </a>
      </div>
    </>
  );
}
