/**
 * How many uploads an instance reads and resizes at once. Each holds its file in memory (up to
 * 20 MB) and a photo's resize works every core, so forty at the same moment would hold 800 MB and
 * share the machine forty ways. Two run at once; the next few wait their turn, their bodies unread
 * (the connection waits, not the memory); past those, an upload is answered at once to try again in
 * a moment, with nothing stored.
 */
export interface UploadTurns {
  /** Runs `work` in a turn, or answers undefined when too many wait already. */
  take<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }>;
}

export function createUploadTurns({ running = 2, waiting = 8 } = {}): UploadTurns {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    active--;
    queue.shift()?.();
  };
  return {
    async take(work) {
      if (active >= running) {
        if (queue.length >= waiting) return { ok: false };
        await new Promise<void>((start) => queue.push(start));
      }
      active++;
      try {
        return { ok: true, value: await work() };
      } finally {
        next();
      }
    },
  };
}

/** This instance's turns for the admin's uploads. */
export const uploadTurns = createUploadTurns();
