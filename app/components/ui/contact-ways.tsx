import { Link } from "react-router";
import { MailIcon, PhoneIcon } from "~/components/layout/icons";
import { company } from "~/content/site";
import { useSupportEmail } from "~/lib/support-email";

/**
 * How to reach us about one thing: the contact form with its topic chosen (when given), the
 * phone with its hours, and the support email with a subject. The address is configuration
 * (SITE_EMAIL), read from the root loader.
 */
export function ContactWays({ subject, form }: { subject: string; form?: { to: string; label: string } }) {
  const email = useSupportEmail();
  const linkClass = "tap-target inline-flex items-center gap-2 font-semibold text-brand underline";
  return (
    <ul className="mt-3 space-y-1">
      {form ? (
        <li>
          <Link to={form.to} className={linkClass}>
            {form.label}
          </Link>
        </li>
      ) : null}
      <li>
        <a href={`tel:${company.phone.dial}`} className={linkClass}>
          <PhoneIcon />
          {company.phone.display}
        </a>{" "}
        <span className="text-muted">({company.hours.long})</span>
      </li>
      <li>
        <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`} className={`${linkClass} break-all`}>
          <MailIcon />
          {email}
        </a>
      </li>
    </ul>
  );
}
