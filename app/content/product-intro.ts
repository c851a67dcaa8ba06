/**
 * The product page's introduction, in a module of its own: its first paragraph also describes the
 * product in the structured data of every page that names it (app/lib/seo.ts), so pages with
 * JavaScript read it without the rest of the product page's text (product.ts).
 */
import { company, regulatory } from "~/content/site";
import { defineContent } from "./live";

export interface ProductIntro {
  heading: string;
  /** One string per paragraph; the first also describes the product to search engines. */
  body: string[];
  /** What the opening drawing shows, for screen readers. */
  picture: string;
  /** An uploaded photo shown in place of the drawing (app/lib/uploads), with what it shows. */
  photo?: { file: string; alt: string };
}

export const productIntro = defineContent<ProductIntro>("product-intro", () => ({
  heading: `The ${company.productName} System`,
  body: [
    `The ${company.productName} system is a custom-built, alternating-pressure air cushion for wheelchair users. Two sets of air cells take turns supporting you, shifting pressure about every 60 seconds, so no area carries the load for long.`,
    `It is a ${regulatory.classification}: FDA-cleared, CE marked and clinician approved. It is designed for pressure-sore prevention and healing. Talk to your clinician about how it fits into your care.`,
  ],
  picture:
    "Drawing of a person sitting in a wheelchair on the cushion: its air cells, alternately raised and lowered, lie under them on the seat, and the controller is fixed to the side of the chair, joined to the cushion by a hose.",
}));
