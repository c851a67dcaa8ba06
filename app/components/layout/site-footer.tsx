import { Link } from "react-router";
import { footerLinks, footerWords, policyLinks } from "~/content/navigation";
import { company, credit, disclaimer } from "~/content/site";
import { markerPieces } from "~/lib/markers";
import { MailIcon, PhoneIcon } from "./icons";

export function SiteFooter({ supportEmail }: { supportEmail: string }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface print:hidden">
      <div className="container-page grid gap-8 py-10 md:grid-cols-3">
        <div>
          <p className="text-subheading font-bold">{company.name}</p>
          <p className="mt-2 text-muted">
            {markerPieces(footerWords.makers, { product: company.productFullName, tagline: company.tagline })}
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold">{footerWords.explore}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="inline-flex tap-target items-center underline-offset-4 hover:underline">
                  {footerWords.links[link.key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold">{footerWords.talk}</h2>
          <ul className="mt-2">
            <li>
              <a
                href={`tel:${company.phone.dial}`}
                className="inline-flex tap-target items-center gap-2 hover:underline"
              >
                <PhoneIcon />
                {company.phone.display}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${supportEmail}`}
                className="inline-flex tap-target items-center gap-2 break-all hover:underline"
              >
                <MailIcon />
                {supportEmail}
              </a>
            </li>
            <li className="mt-1 text-muted">{company.hours.long}</li>
          </ul>
        </div>
      </div>
      <div className="container-page border-t border-line py-6">
        <nav aria-label="Policies">
          <ul className="flex flex-wrap gap-x-6">
            {policyLinks.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="inline-flex tap-target items-center font-semibold underline-offset-4 hover:underline"
                >
                  {footerWords.policies[link.key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4 text-small text-muted">{disclaimer.text}</p>
        <p className="mt-2 text-small text-muted">
          {markerPieces(footerWords.copyright, {
            founded: String(company.founded),
            year: String(new Date().getFullYear()),
            companyName: company.name,
          })}
        </p>
      </div>
      <div className="bg-surface-raised">
        <p className="container-page py-3 text-center text-small">
          <Link to={credit.href} className="inline-flex tap-target items-center justify-center hover:underline">
            {credit.label}
          </Link>
        </p>
      </div>
    </footer>
  );
}
