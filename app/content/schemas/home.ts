/** The home page's sections (app/content/home.ts), as the admin's form edits them. */
import { z } from "zod";
import { distinct, line, link, markedLine, paragraph, slug, textWithFacts } from "./fields";

export const heroSchema = z
  .object({
    headline: line("Headline", 80),
    primaryAction: line("Button", 30, "Leads to the product page."),
  })
  .meta({ title: "Home page: headline" });

export const heroClaimsSchema = z
  .array(textWithFacts("Claim", 40))
  .min(1, "At least one claim")
  .max(10, "At most ten claims")
  .refine((claims) => distinct(claims, (claim) => claim.toLowerCase()), "Each claim once")
  .meta({
    title: "Home page: claims under the headline",
    description: "Each with a tick, two to a row, under the headline's buttons.",
  });

export const keyFiguresSchema = z
  .array(
    z
      .object({
        id: slug("Short name", 40, "Names the figure on the page; keep it once published."),
        value: textWithFacts("Figure", 20, {
          description: "Set large: a number, or the name of the fact it shows, such as {warrantyMonths}.",
        }),
        unit: line("Unit", 20, "Beside the figure, such as months; empty for none.").optional(),
        label: textWithFacts("What it means", 120, { description: "Under the figure." }),
      })
      .meta({ title: "Figure" }),
  )
  .min(1, "At least one figure")
  .max(9, "At most nine figures")
  .refine((figures) => distinct(figures, (figure) => figure.id), "Each figure needs its own short name")
  .meta({ title: "Home page: in numbers", description: "Up to three to a row, in this order." });

export const lifeStoriesSchema = z
  .array(
    z
      .object({
        id: slug("Short name", 60, "Names the story on the page; keep it once published."),
        title: line("Title", 80),
        situation: paragraph("The situation", 400, "Described without inventing a person."),
        howItHelps: paragraph("How the cushion helps", 500),
      })
      .meta({ title: "Story" }),
  )
  .min(1, "At least one story")
  .max(6, "At most six stories")
  .refine((stories) => distinct(stories, (story) => story.id), "Each story needs its own short name")
  .meta({ title: "Made for real days" });

export const alternationSchema = z
  .object({
    heading: line("Heading", 80),
    body: z
      .array(paragraph("Paragraph", 400))
      .min(1, "At least one paragraph")
      .max(3, "At most three paragraphs")
      .meta({ title: "Text beside the animation" }),
    picture: paragraph("What the animation shows", 300, "Read by screen readers in place of the animation."),
    caption: line("Caption", 120),
    motionCaption: line("Caption while it moves", 80, "Added to the caption only where the animation plays."),
    pause: line("Pause button", 40),
  })
  .meta({ title: "Home page: how the cells alternate" });

/**
 * The drawings a technology card can show, each with the lines of words drawn into it and how
 * long each line may be before it runs off the drawing (app/components/content/illustrations.tsx).
 */
const drawings = {
  "two-controllers": { label: "The two controllers", lines: 2, max: 20 },
  battery: { label: "The battery", lines: 1, max: 12 },
  "built-to-fit": { label: "The cushion, built to fit", lines: 1, max: 24 },
  "moisture-unit": { label: "The moisture control unit", lines: 2, max: 14 },
} as const;
type Drawing = keyof typeof drawings;

const technologyPicture = z
  .object({
    drawing: z.enum(Object.keys(drawings) as [Drawing, ...Drawing[]]).meta({
      title: "Drawing",
      choiceLabels: Object.fromEntries(Object.entries(drawings).map(([key, drawing]) => [key, drawing.label])),
    }),
    words: z.array(line("Line", 24)).min(1, "At least one line").max(2, "At most two lines").meta({
      title: "Words drawn in it",
      description:
        "Two short lines for the controllers (one under each) and the moisture control unit; one for the battery and the cushion.",
    }),
    alt: paragraph("What the drawing shows", 400, "Read by screen readers in place of the drawing."),
  })
  .superRefine((picture, context) => {
    // A drawing the form does not offer has its own message already.
    if (!Object.hasOwn(drawings, picture.drawing)) return;
    const { lines, max } = drawings[picture.drawing];
    if (picture.words.length !== lines) {
      context.addIssue({
        code: "custom",
        path: ["words"],
        message: lines === 1 ? "This drawing takes one line of words" : `This drawing takes ${lines} lines of words`,
      });
    }
    picture.words.forEach((words, index) => {
      if (words.length > max)
        context.addIssue({
          code: "custom",
          path: ["words", index],
          message: `At most ${max} characters in this drawing`,
        });
    });
  })
  .meta({ title: "Picture" });

export const technologySchema = z
  .array(
    z
      .object({
        id: slug("Short name", 60, "Names the card on the page; keep it once published."),
        title: line("Title", 80),
        body: paragraph("Text", 500),
        picture: technologyPicture,
      })
      .meta({ title: "Card" }),
  )
  .min(1, "At least one card")
  .max(8, "At most eight cards")
  .refine((cards) => distinct(cards, (card) => card.id), "Each card needs its own short name")
  .meta({ title: "The technology inside" });

export const clinicalEvidenceSchema = z
  .object({
    heading: line("Heading", 80),
    intro: paragraph("Introduction", 300),
    points: z
      .array(line("Point", 160))
      .min(1, "At least one point")
      .max(10, "At most ten points")
      .meta({ title: "Points" }),
    link: z
      .object({
        label: line("Link text", 60),
        href: link("Link to", "Where the case studies are, for example /case-studies."),
      })
      .optional()
      .meta({ title: "Link to the case studies", description: "Leave both empty for no link." }),
  })
  .meta({ title: "Home page: clinical evidence" });

export const finalCallToActionSchema = z
  .object({
    heading: line("Heading", 60),
    body: paragraph("Text", 500),
  })
  .meta({ title: "Home page: closing call to action" });

const heading = (title = "Heading") => line(title, 80);
const button = (title = "Button", description?: string) => line(title, 40, description);

export const homeHeadingsSchema = z
  .object({
    search: z
      .object({
        title: line("Title", 70, "The company's name is added after it."),
        description: paragraph("Description", 300, "Shown under the title in search results."),
      })
      .meta({ title: "In search results" }),
    hero: z
      .object({
        intro: paragraph("Under the headline", 400),
        compare: button("Link to the comparison", "Beside the headline's button."),
        picture: paragraph(
          "What the picture shows",
          400,
          "Read by screen readers in place of the picture beside the headline.",
        ),
      })
      .meta({ title: "Headline", description: "The headline and its button are in Home page: headline." }),
    showcase: z
      .object({
        title: heading(),
        intro: paragraph("Introduction", 300, "Above the choice of model."),
        order: markedLine(
          "Order button",
          40,
          { model: "the model's name" },
          "Under the pictures. Write {model} where the page writes the name of the model shown.",
        ),
        sizing: button("Sizing button"),
      })
      .meta({ title: "Two models" }),
    figures: z.object({ title: heading() }).meta({ title: "In numbers" }),
    lifeStories: z.object({ title: heading() }).meta({ title: "Made for real days" }),
    comparison: z
      .object({
        title: heading(),
        intro: paragraph("Introduction", 300, "Under the heading."),
        caption: line("What the table compares", 200, "Read by screen readers before the table."),
        feature: line("Heading of the first column", 40),
        dynamic: line("Heading of the dynamic cushion's column", 40),
        static: line("Heading of the static cushion's column", 40),
      })
      .meta({ title: "Dynamic vs static cushions" }),
    technology: z.object({ title: heading() }).meta({ title: "The technology inside" }),
    reviews: z
      .object({
        title: heading(),
        label: line("Name of the carousel", 40, "What screen readers call the row of reviews."),
        none: markedLine(
          "While no review is published",
          200,
          { share: "the link to the review form" },
          "Shown in place of the reviews. Write {share} where the link below goes.",
        ),
        share: line("Link to the review form", 80, "On the testimonials page; written where {share} is."),
        all: button("Link to every review", "Under the reviews, to the testimonials page."),
      })
      .meta({
        title: "What users say",
        description: "The reviews shown under it are those published on the testimonials page.",
      }),
    faq: z
      .object({
        title: heading(),
        all: button("Button to the FAQ page"),
        contact: button("Contact button"),
      })
      .meta({ title: "Questions people ask" }),
    finalCall: z
      .object({
        order: button("Order button"),
        message: button("Message button"),
      })
      .meta({
        title: "Closing call to action",
        description: "Its heading and text are in Home page: closing call to action.",
      }),
  })
  .meta({ title: "Home page: section headings" });
