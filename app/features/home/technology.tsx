import { BatteryLife, BuiltToFit, MoistureControlUnit, TwoControllers } from "~/components/content/illustrations";
import { MediaRow } from "~/components/ui/media-row";
import { Section } from "~/components/ui/page-header";
import { homeHeadings, technologyCards, type TechnologyPicture } from "~/content/home";

/** The parts inside the cushion, one row each, the drawing on alternating sides. */
export function Technology() {
  return (
    <Section id="technology" title={homeHeadings.technology.title} tone="band">
      <div className="space-y-14 md:space-y-20">
        {technologyCards.map((card, index) => (
          <MediaRow key={card.id} flip={index % 2 === 1} media={<TechnologyDrawing picture={card.picture} />}>
            <h3 className="text-subheading font-bold">{card.title}</h3>
            <p className="mt-3 max-w-prose text-lead text-muted">{card.body}</p>
          </MediaRow>
        ))}
      </div>
    </Section>
  );
}

/** A technology row's picture, drawn in the theme's colours so it belongs to the light and the dark page alike. */
function TechnologyDrawing({ picture }: { picture: TechnologyPicture }) {
  switch (picture.drawing) {
    case "two-controllers":
      return <TwoControllers label={picture.alt} words={picture.words} />;
    case "moisture-unit":
      return <MoistureControlUnit label={picture.alt} words={picture.words} />;
    case "battery":
      return <BatteryLife label={picture.alt} words={picture.words} />;
    case "built-to-fit":
      return <BuiltToFit label={picture.alt} words={picture.words} />;
  }
}
