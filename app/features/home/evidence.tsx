import { Link } from "react-router";
import { Section } from "~/components/ui/page-header";
import { clinicalEvidence } from "~/content/home";

/** The clinical points behind the cushion, and a link to read more when there is one. */
export function Evidence() {
  return (
    <Section id="evidence" title={clinicalEvidence.heading} intro={clinicalEvidence.intro}>
      <ul className="grid gap-x-10 gap-y-4 md:grid-cols-2">
        {clinicalEvidence.points.map((point, index) => (
          <li key={index} className="flex gap-3 border-b border-line pb-4">
            <span aria-hidden="true" className="font-bold text-success">
              ✓
            </span>
            {point}
          </li>
        ))}
      </ul>
      {clinicalEvidence.link ? (
        <p className="mt-6">
          <Link
            to={clinicalEvidence.link.href}
            className="inline-flex tap-target items-center font-semibold text-brand underline"
          >
            {clinicalEvidence.link.label}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
