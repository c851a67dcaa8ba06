import { Link } from "react-router";
import { company, heroClaims } from "~/content/site";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Alternating-Pressure Wheelchair Cushion",
    description:
      "The SofTech alternating-pressure air cushion redistributes pressure every 60 seconds to help prevent and heal pressure sores. Custom-built, FDA-cleared.",
    path: "/",
    type: "website",
    jsonLd: [{ "@type": "Organization", name: company.name, url: "/" }],
  });

export default function Home() {
  return (
    <section aria-labelledby="hero-title" className="container-page grid items-center gap-10 py-12 md:grid-cols-2 md:py-20">
      <div>
        <p className="font-semibold text-brand">{company.tagline}</p>
        <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight md:text-5xl">
          Engineered to Heal. Customized for You.
        </h1>
        <p className="mt-5 max-w-prose text-lg text-muted">
          The {company.productName} cushion's air cells inflate and deflate in turn, about every 60 seconds, so no
          part of your body carries the pressure for long.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/product"
            className="tap-target inline-flex items-center rounded-md bg-brand px-5 font-semibold text-brand-ink hover:opacity-90"
          >
            See How It Heals
          </Link>
          <a
            href="#comparison"
            className="tap-target inline-flex items-center rounded-md border-2 border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
          >
            Compare Cushions
          </a>
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-2 text-sm text-muted">
          {heroClaims.map((claim) => (
            <li key={claim}>{claim}</li>
          ))}
        </ul>
      </div>
      <img
        src="/images/softech-hero.svg"
        alt="The SofTech cushion: rows of air cells on a wheelchair seat, connected to a small controller"
        width="640"
        height="480"
        fetchPriority="high"
        className="h-auto w-full rounded-2xl bg-surface-raised"
      />
    </section>
  );
}
