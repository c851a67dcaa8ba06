import { purgeOldDigests, sendDigestIfDue } from "~/features/leads/digest.server";
import { refreshResponseFigures } from "~/features/leads/figures.server";
import { leadKinds } from "~/lead-kinds.server";
import { isDatabaseBusy } from "#db/client.server";
import { log } from "~/lib/logger.server";

export { purgeOldDigests };

/**
 * The back office's clock (docs/requirements.md §4.8): each minute it brings the public response
 * figures up to date (leads come due, the 90-day window moves, and a lead deleted, moved to spam
 * or erased leaves the count, whichever path removed it), and asks whether today's digest is due:
 * the first turn after the office opens makes it, on whichever instance comes first. A first
 * reply updates the figures at once. The figures are written only when they change, so a quiet
 * minute writes nothing and leaves the kept pages alone.
 */
export function startOfficeClock(everyMs = 60_000, now: () => Date = () => new Date()) {
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      const at = now();
      await refreshResponseFigures(leadKinds, at);
      await sendDigestIfDue(leadKinds, at);
    } catch (error) {
      // Another writer holding the database only delays this to the next turn.
      if (!isDatabaseBusy(error)) log.error("the office clock's turn failed", { error });
    } finally {
      running = false;
    }
  };
  void turn();
  const timer = setInterval(() => void turn(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      while (running) await new Promise((resolve) => setTimeout(resolve, 25));
    },
  };
}
