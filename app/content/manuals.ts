/**
 * The User Guides: the page's own words, the two model groups, and each guide with its PDF (an
 * upload, app/lib/uploads) and its text as a page of its own (/user-manuals/<id>), written in
 * Markdown. Edited in the admin (schemas/manuals.ts); what is written here is what a fresh site
 * shows, with the placeholder PDFs of public/manuals/.
 */
import { company } from "~/content/site";
import { initialFile } from "./initial-files";
import { defineContent } from "./live";
import { manualBodies } from "./manual-bodies";

export type ManualGroupId = "manual-switch" | "auto-start";

export interface ManualGroup {
  id: ManualGroupId;
  title: string;
  description: string;
}

export interface ManualDocument {
  /** The guide's address: /user-manuals/<id>. Keep it once published. */
  id: string;
  group: ManualGroupId;
  title: string;
  description: string;
  format: "Booklet" | "Single Page";
  /** ISO date of this edition. The guides are dated by month only: the page shows month and year. */
  lastUpdated: string;
  /** The upload id of the PDF (app/lib/uploads/uploads.server.ts). A new PDF keeps the one before as an earlier edition. */
  file: string;
  /** The guide as a page, in Markdown: `#` sections and `##` subsections under the guide's title. */
  body: string;
  /** Set while the PDF is a placeholder; the page then shows the 'Placeholder Files' badge. */
  placeholder?: boolean;
  todo?: string;
}

export interface ManualsContent {
  title: string;
  intro: string;
  groups: ManualGroup[];
  guides: ManualDocument[];
}

/** A placeholder PDF (initial-files.ts), and the date of the edition it stands for. */
function placeholderPdf(name: string): Pick<ManualDocument, "file" | "lastUpdated"> {
  const file = initialFile(name);
  return { lastUpdated: file.day, file: file.id };
}

export const manualsContent = defineContent<ManualsContent>("manuals", () => {
  const bodies = manualBodies();
  return {
    title: "User Guides",
    intro: `Step-by-step guides for your ${company.productName} system, to read here as a page or to download as a PDF.`,
    groups: [
      {
        id: "manual-switch",
        title: "Manual Rocker Switch",
        description: `Guides for the ${company.productName} model that you turn on and off with a rocker switch on the controller.`,
      },
      {
        id: "auto-start",
        title: "Auto-Start",
        description: `Guides for the ${company.productName} model that turns on when you transfer onto the cushion and off when you transfer off.`,
      },
    ],
    guides: [
      {
        id: "manual-switch-booklet",
        group: "manual-switch",
        title: "Manual Switch Booklet",
        description:
          "The complete guide: setup, charging, the rocker switch, firmness settings, care, warranty and support.",
        format: "Booklet",
        ...placeholderPdf("softech-manual-switch-booklet.pdf"),
        body: bodies["manual-switch-booklet"],
        placeholder: true,
        todo: "Upload the final Manual Switch booklet under Files, choose it for this guide and update its date.",
      },
      {
        id: "manual-switch-single-page",
        group: "manual-switch",
        title: "Manual Switch Single Page",
        description: "A one-page quick reference for everyday use, to print and keep with your chair.",
        format: "Single Page",
        ...placeholderPdf("softech-manual-switch-single-page.pdf"),
        body: bodies["manual-switch-single-page"],
        placeholder: true,
        todo: "Upload the final Manual Switch quick reference under Files, choose it for this guide and update its date.",
      },
      {
        id: "auto-start-booklet",
        group: "auto-start",
        title: "Auto Start Booklet",
        description:
          "The complete guide: setup, charging, how Auto-Start turns on and off, firmness settings, care, warranty and support.",
        format: "Booklet",
        ...placeholderPdf("softech-auto-start-booklet.pdf"),
        body: bodies["auto-start-booklet"],
        placeholder: true,
        todo: "Upload the final Auto-Start booklet under Files, choose it for this guide and update its date.",
      },
      {
        id: "auto-start-single-page",
        group: "auto-start",
        title: "Auto Start Single Page",
        description: "A one-page quick reference for everyday use, to print and keep with your chair.",
        format: "Single Page",
        ...placeholderPdf("softech-auto-start-single-page.pdf"),
        body: bodies["auto-start-single-page"],
        placeholder: true,
        todo: "Upload the final Auto-Start quick reference under Files, choose it for this guide and update its date.",
      },
    ],
  };
});
