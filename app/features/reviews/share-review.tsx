import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { type GuidanceBox, reviewGuidance, testimonialsPage } from "~/content/testimonials";
import type { ReviewAnswer } from "./fields";
import { ReviewForm } from "./review-form";

/**
 * "Share your experience": the review form in the page and, for a visitor who would rather not
 * scroll, the same form in a dialog, each with its own ticket, beside what makes a useful review.
 */
export function ShareReview({
  tickets,
  sent,
  pageAnswer,
}: {
  tickets: { page: string; dialog: string };
  /** The id of the notice of a review this visitor has just sent, or null. */
  sent: string | null;
  /** The answer to the page's form posted without JavaScript. */
  pageAnswer: ReviewAnswer | undefined;
}) {
  return (
    <section id="share" aria-labelledby="share-title" className="border-y border-line bg-surface">
      <div className="container-page py-12">
        <h2 id="share-title" className="text-heading font-bold">
          {testimonialsPage.share.title}
        </h2>
        <p className="mt-2 max-w-prose text-muted">{testimonialsPage.share.intro} </p>
        <div className="mt-4">
          <DialogTrigger
            dialogId="review-dialog"
            className="inline-flex tap-target items-center rounded-md border-2 border-brand px-4 font-semibold text-brand hover:bg-brand-soft"
          >
            {testimonialsPage.share.openDialog}
          </DialogTrigger>
          <Dialog id="review-dialog" title={testimonialsPage.share.formTitle}>
            <ReviewForm
              idPrefix="review-dialog"
              ticket={tickets.dialog}
              sent={sent}
              onSubmitted={() => (document.getElementById("review-dialog") as HTMLDialogElement | null)?.close()}
            />
          </Dialog>
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-2xl border border-line bg-canvas p-6">
            <h3 className="text-subheading font-bold">{testimonialsPage.share.formTitle}</h3>
            <div className="mt-4">
              <ReviewForm idPrefix="review" ticket={tickets.page} sent={sent} landing pageAnswer={pageAnswer} />
            </div>
          </div>
          <div className="space-y-4">
            {reviewGuidance.map((box) => (
              <SideBox key={box.title} {...box} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

function SideBox({ title, items }: GuidanceBox) {
  return (
    <div className="rounded-xl border border-line bg-canvas p-5">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
