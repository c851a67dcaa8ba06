import { Link, useSearchParams } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Carousel } from "~/components/ui/carousel";
import { Section } from "~/components/ui/page-header";
import { homeHeadings, showcaseOrderButton } from "~/content/home";
import { type PowerOption, powerOptionOrder, powerOptions, powerParam } from "~/content/showcase";

function isPowerOption(value: string | null): value is PowerOption {
  return value === "auto-start" || value === "manual-switch";
}

/**
 * The product showcase: the Auto-Start / Manual Rocker Switch toggle is a pair of links
 * (`?power=…`), so it works without JavaScript; switching shows the other image set from its
 * first slide.
 */
export function Showcase() {
  const [params] = useSearchParams();
  const requested = params.get(powerParam);
  const power: PowerOption = isPowerOption(requested) ? requested : "auto-start";
  const option = powerOptions[power];

  return (
    <Section id="showcase" title={homeHeadings.showcase.title} intro={homeHeadings.showcase.intro}>
      <nav aria-label="Power option" className="inline-flex rounded-lg border border-line bg-surface p-1">
        {powerOptionOrder.map((value) => (
          <Link
            key={value}
            to={`?${powerParam}=${value}#showcase`}
            preventScrollReset
            replace
            aria-current={value === power ? "true" : undefined}
            className="inline-flex tap-target items-center rounded-md px-4 font-semibold aria-[current=true]:bg-brand aria-[current=true]:text-brand-ink"
          >
            {powerOptions[value].label}
          </Link>
        ))}
      </nav>
      <p className="mt-4 max-w-prose">{option.summary}</p>
      <div className="mt-6">
        <Carousel
          key={power}
          id={`showcase-${power}`}
          label={`${option.label} pictures`}
          layout="single"
          slides={option.images.map((image, index) => (
            <figure key={image.src} className="overflow-hidden rounded-xl border border-line bg-surface">
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={index === 0 ? "eager" : "lazy"}
                className="mx-auto h-auto w-full max-w-3xl"
              />
              <figcaption className="p-4 text-center font-semibold">{image.title}</figcaption>
            </figure>
          ))}
        />
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <LinkButton to="/order">{showcaseOrderButton(option.label)}</LinkButton>
        <LinkButton to="/order" variant="secondary">
          {homeHeadings.showcase.sizing}
        </LinkButton>
      </div>
    </Section>
  );
}
