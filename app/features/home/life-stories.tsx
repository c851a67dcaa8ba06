import { Section } from "~/components/ui/page-header";
import { homeHeadings, lifeStories } from "~/content/home";

/** Everyday situations, and how the cushion helps in each. */
export function LifeStories() {
  return (
    <Section id="life-stories" title={homeHeadings.lifeStories.title}>
      <ul className="grid gap-10 md:grid-cols-3 md:gap-8">
        {lifeStories.map((story) => (
          <li key={story.id} className="border-l-4 border-accent pl-5">
            <h3 className="text-subheading font-bold">{story.title}</h3>
            <p className="mt-2 text-muted">{story.situation}</p>
            <p className="mt-3">{story.howItHelps}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
