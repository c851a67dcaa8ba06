import { LinkButton } from "~/components/ui/button";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { PageHeader, Section } from "~/components/ui/page-header";
import { aboutCallSentence, aboutHeadings, aboutPage } from "~/content/about";
import { owners } from "~/content/owners";
import { Photo } from "~/components/ui/photo";
import { shownPhoto } from "~/lib/uploads/uploads.server";
import { company } from "~/content/site";
import { crumbs, seo } from "~/lib/seo";
import { CallToAction } from "~/components/ui/call-to-action";
import { Markdown } from "~/components/ui/markdown";
import { renderMarkdown } from "~/lib/markdown.server";
import type { Route } from "./+types/about";

// Plain HTML does everything here; no JavaScript bundle is loaded (`hydrate: false` in app/route-manifest.ts).

/** The owners' biographies, written in Markdown, as HTML drawn on the server (below the dialog's heading). */
export function loader() {
  return {
    bios: owners.map((owner) => renderMarkdown(owner.bio, { topLevel: 3 })),
    // Each owner's photo as uploaded (read from memory: the page is prerendered), or null.
    photos: owners.map((owner) => shownPhoto(owner.photo)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us",
    description: `${aboutPage.intro} Founded in ${company.founded}, under new ownership since ${company.newOwnership}.`,
    path: "/about",
    keywords: ["about Aquila", "wheelchair cushion company"],
    breadcrumbs: crumbs("About", "/about"),
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow={aboutHeadings.eyebrow} title={`About ${company.name}`}>
        <p>{aboutPage.intro}</p>
      </PageHeader>

      <Section id="story" title={aboutHeadings.story.title}>
        <div className="max-w-prose space-y-4">
          {aboutPage.story.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section id="mission" title={aboutPage.mission.heading} tone="band">
        <p className="max-w-prose text-lead">{aboutPage.mission.body}</p>
      </Section>

      <Section id="history" title={aboutHeadings.history.title}>
        <ol className="grid gap-6 md:grid-cols-3">
          {aboutPage.history.map((entry) => (
            <li key={entry.title} className="rounded-xl border border-line bg-surface p-6">
              <p className="text-figure font-bold text-brand">{entry.when}</p>
              <h3 className="mt-2 font-semibold">{entry.title}</h3>
              <p className="mt-2 text-muted">{entry.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="owners" title={aboutHeadings.owners.title}>
        <ul className="grid gap-6 md:grid-cols-2">
          {owners.map((owner, index) => (
            <li key={owner.id} className="flex items-start gap-4 rounded-xl border border-line bg-surface p-6">
              {loaderData.photos[index] ? (
                <Photo
                  photo={loaderData.photos[index]}
                  sizes="96px"
                  className="size-24 shrink-0 rounded-full object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-soft text-subheading font-bold text-brand"
                >
                  {owner.initials}
                </span>
              )}
              <div>
                <h3 className="text-subheading font-bold">{owner.name}</h3>
                <p className="text-muted">{owner.role}</p>
                <DialogTrigger
                  dialogId={`bio-${owner.id}`}
                  className="mt-2 -ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline hover:bg-brand-soft"
                >
                  {aboutHeadings.owners.readBio}
                  <span className="sr-only">
                    {" "}
                    of {owner.name} {owners.length > 1 ? index + 1 : ""}
                  </span>
                </DialogTrigger>
                <Dialog id={`bio-${owner.id}`} title={`${owner.name}, ${owner.role}`}>
                  <Markdown html={loaderData.bios[index] ?? ""} />
                </Dialog>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <div className="container-page py-12">
        <CallToAction
          id="about-cta"
          title={aboutHeadings.cta.title}
          actions={
            <>
              <LinkButton to="/order">{aboutHeadings.cta.order}</LinkButton>
              <LinkButton to="/contact#contact-form" variant="secondary">
                {aboutHeadings.cta.message}
              </LinkButton>
            </>
          }
        >
          <p>{aboutCallSentence()}</p>
        </CallToAction>
      </div>
    </>
  );
}
