/**
 * The home-page comparison table (dynamic SofTech vs static foam/gel cushion): its feature rows are
 * content, edited in the admin (schemas/comparison.ts); these are what a fresh site shows.
 */
import { defineContent } from "./live";

export interface ComparisonRow {
  /** A feature of the SofTech system, as docs/requirements.md §2.1 states it. */
  feature: string;
  /** Dynamic alternating-pressure cushion (SofTech): always yes. */
  dynamic: true;
  /** Static foam or gel cushion: always no. */
  static: false;
}

export const comparisonRows = defineContent<ComparisonRow[]>("comparison", [
  { feature: "Pressure shifts automatically about every 60 seconds", dynamic: true, static: false },
  { feature: "Two sets of air cells take turns carrying your weight", dynamic: true, static: false },
  { feature: "Three firmness settings: Soft, Medium and Firm", dynamic: true, static: false },
  { feature: "Custom-built to any size or shape", dynamic: true, static: false },
  { feature: "Custom-programmed for the person using it", dynamic: true, static: false },
  { feature: "No weight limit", dynamic: true, static: false },
  { feature: "24-30 hour battery, recharges in 3-4 hours", dynamic: true, static: false },
  { feature: "Choice of Auto-Start or Manual Rocker Switch", dynamic: true, static: false },
  { feature: "Auto-Start option turns on when you transfer onto it", dynamic: true, static: false },
  { feature: "Optional moisture control unit", dynamic: true, static: false },
]);
