import { Link } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { pagePaths } from "~/content/navigation";
import { company } from "~/content/site";
import { useSupportEmail } from "~/lib/support-email";

/**
 * Under the order form: what the details are used for, with the privacy pages, and the phone and
 * email for those who would rather order that way.
 */
export function OrderPrivacyAndPhone() {
  const email = useSupportEmail();
  return (
    <>
      <p className="mt-8 text-small text-muted">
        <strong className="text-ink">Privacy:</strong> we use these details only to prepare your cushion and to contact
        you about it, and never share them with third parties. Health details stay in our own system: they are not sent
        by email. While you fill in the form, your answers are kept in this browser tab until you send them or close the
        tab. Read our{" "}
        <Link to={pagePaths.privacy} className="font-semibold text-brand underline">
          privacy policy
        </Link>{" "}
        and how we handle{" "}
        <Link to={pagePaths.healthData} className="font-semibold text-brand underline">
          consumer health data
        </Link>
        .
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3 text-muted">
        <span>Prefer to order by phone or email?</span>
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
