import { responseFigureTexts } from "~/content/replies";
import type { FigureWords } from "~/lib/lead-kind";

/** The public response figures' numbers and words (docs/requirements.md §4.8); computed in figures.server.ts. */

export const figureWindowDays = 90;
/** Fewer counted leads than this, and the page says the figure will appear instead. */
export const figureMinimum = 20;

export interface Figures {
  /** Leads counted in the window. */
  leads: number;
  /** Of them, answered by the time they were due. */
  within: number;
  /** Median business minutes to the first reply of those answered; null when none were. */
  medianMinutes: number | null;
}

/** "2.5 business hours", "45 business minutes". */
export function businessDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} business ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.round(minutes / 6) / 10;
  return `${hours.toLocaleString("en-US")} business ${hours === 1 ? "hour" : "hours"}`;
}

/** Rounded down, so a share is never overstated: 199 of 200 is 99%, and only all of them is 100%. */
export function percent(part: number, whole: number): string {
  return `${Math.floor((part / whole) * 100)}%`;
}

export type PublicFigures =
  { shown: false; text: string } | { shown: true; median: string | null; share: string; window: string };

/** What /contact or /order says, from the stored figures, in the kind's words (its `figures`). */
export function describeFigures(words: FigureWords, figures: Figures | undefined): PublicFigures {
  if (!figures || figures.leads < figureMinimum) return { shown: false, text: responseFigureTexts.pending(words.noun) };
  return {
    shown: true,
    median:
      figures.medianMinutes === null
        ? null
        : `Median time to our first reply: ${businessDuration(figures.medianMinutes)}.`,
    share: `${percent(figures.within, figures.leads)} of ${figures.leads.toLocaleString("en-US")} ${words.noun} ${words.verb} ${words.promise}.`,
    window: responseFigureTexts.window,
  };
}
