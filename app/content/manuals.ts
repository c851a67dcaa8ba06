/** The User Guides page: edit the two model groups and the four downloadable guides (title, description, date, file) here. */
import { company } from "~/content/site";

export type ManualGroupId = "manual-switch" | "auto-start";

export interface ManualGroup {
  id: ManualGroupId;
  title: string;
  description: string;
}

export interface ManualDocument {
  id: string;
  group: ManualGroupId;
  title: string;
  description: string;
  type: "PDF";
  format: "Booklet" | "Single Page";
  /** ISO date. The guides are dated by month only, so this is the first of that month: show month and year. */
  lastUpdated: string;
  /** Path under public/, e.g. "manuals/softech-manual-switch-booklet.pdf". The page computes the size from this file. */
  file: string;
  /** Set while the file is a placeholder; the page then shows the 'Placeholder Files' badge. */
  placeholder?: true;
  todo?: string;
}

export const manualGroups: ManualGroup[] = [
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
];

export const manuals: ManualDocument[] = [
  {
    id: "manual-switch-booklet",
    group: "manual-switch",
    title: "Manual Switch Booklet",
    description:
      "The complete guide: setup, charging, the rocker switch, firmness settings, care, warranty and support.",
    type: "PDF",
    format: "Booklet",
    lastUpdated: "2024-12-01",
    file: "manuals/softech-manual-switch-booklet.pdf",
    placeholder: true,
    todo: "Replace public/manuals/softech-manual-switch-booklet.pdf with the final Manual Switch booklet, then update lastUpdated.",
  },
  {
    id: "manual-switch-single-page",
    group: "manual-switch",
    title: "Manual Switch Single Page",
    description: "A one-page quick reference for everyday use, to print and keep with your chair.",
    type: "PDF",
    format: "Single Page",
    lastUpdated: "2024-12-01",
    file: "manuals/softech-manual-switch-single-page.pdf",
    placeholder: true,
    todo: "Replace public/manuals/softech-manual-switch-single-page.pdf with the final Manual Switch quick reference, then update lastUpdated.",
  },
  {
    id: "auto-start-booklet",
    group: "auto-start",
    title: "Auto Start Booklet",
    description:
      "The complete guide: setup, charging, how Auto-Start turns on and off, firmness settings, care, warranty and support.",
    type: "PDF",
    format: "Booklet",
    lastUpdated: "2025-01-01",
    file: "manuals/softech-auto-start-booklet.pdf",
    placeholder: true,
    todo: "Replace public/manuals/softech-auto-start-booklet.pdf with the final Auto-Start booklet, then update lastUpdated.",
  },
  {
    id: "auto-start-single-page",
    group: "auto-start",
    title: "Auto Start Single Page",
    description: "A one-page quick reference for everyday use, to print and keep with your chair.",
    type: "PDF",
    format: "Single Page",
    lastUpdated: "2025-01-01",
    file: "manuals/softech-auto-start-single-page.pdf",
    placeholder: true,
    todo: "Replace public/manuals/softech-auto-start-single-page.pdf with the final Auto-Start quick reference, then update lastUpdated.",
  },
];
