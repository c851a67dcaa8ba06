import { purgeOldDigests, sendDigestIfDue } from "~/features/queue/digest.server";
import { refreshResponseFigures } from "~/features/replies/figures.server";
import { isDatabaseBusy } from "../db/client.server";
import { log } from "~/lib/logger.server";

export { purgeOldDigests };

/**
 * The back office's clock (docs/requirements.md §4.8): each minute it asks whether today's digest
 * is due (the first turn after the office opens makes it, on whichever instance comes first), and
 * each hour it brings the public response figures up to date as leads come due and the 90-day
 * window moves. A first reply updates the figures at once; this catches what time alone changes.
 */
export function startOfficeClock(
  { digestEveryMs = 60_000, figuresEveryMs = 60 * 60_000 } = {},
  now: () => Date = () => new Date(),
) {
  let lastFigures = 0;
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      const at = now();
      if (at.getTime() - lastFigures >= figuresEveryMs) {
        await refreshResponseFigures(at);
        lastFigures = at.getTime();
      }
      await sendDigestIfDue(at);
    } catch (error) {
      // Another writer holding the database only delays this to the next turn.
      if (!isDatabaseBusy(error)) log.error("the office clock's turn failed", { error });
    } finally {
      running = false;
    }
  };
  void turn();
  const timer = setInterval(() => void turn(), digestEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      while (running) await new Promise((resolve) => setTimeout(resolve, 25));
    },
  };
}
