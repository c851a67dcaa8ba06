import { LinkButton } from "~/components/ui/button";
import { hero, heroClaims, homeHeadings } from "~/content/home";
import { company } from "~/content/site";

/** The page's opening: what the cushion does, the two ways on, the claims, and the picture. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="container-page grid items-center gap-10 py-12 md:grid-cols-2 md:py-20"
    >
      <div>
        <p className="font-semibold text-brand">{company.tagline}</p>
        <h1 id="hero-title" className="mt-3 text-display font-bold">
          {hero.headline}
        </h1>
        <p className="mt-6 max-w-prose text-lead text-muted">{homeHeadings.hero.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton to="/product">{hero.primaryAction}</LinkButton>
          <a
            href="#comparison"
            className="inline-flex tap-target items-center rounded-md border-2 border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
          >
            {homeHeadings.hero.compare}
          </a>
        </div>
        <ul className="mt-8 grid grid-cols-1 gap-x-4 gap-y-2 min-[360px]:grid-cols-2">
          {heroClaims().map((claim, index) => (
            <li key={index} className="flex items-center gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              {claim}
            </li>
          ))}
        </ul>
      </div>
      <img
        src="/images/softech-hero.svg"
        alt={homeHeadings.hero.picture}
        width="640"
        height="480"
        fetchPriority="high"
        className="h-auto w-full rounded-2xl"
      />
    </section>
  );
}
