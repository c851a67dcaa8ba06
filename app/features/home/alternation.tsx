import { CellsCycle } from "~/components/content/illustrations";
import { MediaRow } from "~/components/ui/media-row";
import { Section } from "~/components/ui/page-header";
import { alternation } from "~/content/home";

/** How the cells take turns, beside the drawing of one cycle. */
export function Alternation() {
  return (
    <Section id="alternation" title={alternation.heading} tone="brand">
      <MediaRow
        media={
          <CellsCycle
            label={alternation.picture}
            caption={alternation.caption}
            motionCaption={alternation.motionCaption}
            pauseLabel={alternation.pause}
          />
        }
      >
        {alternation.body.map((paragraph, index) => (
          <p key={index} className="mt-4 max-w-prose text-lead first:mt-0">
            {paragraph}
          </p>
        ))}
      </MediaRow>
    </Section>
  );
}
