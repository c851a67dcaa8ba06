/**
 * Who may run a password check now (docs/decisions/010-sign-in-limits.md). A check is scrypt with
 * N=2^17: about 0.5 s of one core and 128 MB, on libuv's threadpool of four threads. Unbounded,
 * a burst of guesses queues seconds of work ahead of staff and starves file reads of threads, so
 * checks run at most `running` at once and one at a time per address block; the rest wait in a
 * short queue ordered by how many recent failures their address has (staff, with none, go first),
 * and an attempt that cannot wait is refused at once, to be tried again in a moment.
 */
export interface HashQueueOptions {
  /** Checks running at once. */
  running: number;
  /** Attempts waiting at most; a newcomer whose address has fewer failures pushes out the worst. */
  waiting: number;
  /** How long an attempt may wait before it is refused. */
  maxWaitMs: number;
}

export type HashTurn<T> = { ok: true; value: T } | { ok: false };

interface Waiter {
  address: string;
  failures: number;
  start: () => void;
  refuse: () => void;
}

export function createHashQueue({ running, waiting, maxWaitMs }: HashQueueOptions) {
  const busy = new Set<string>();
  // Kept in the order turns are given: fewest failures first, then first come.
  const queue: Waiter[] = [];

  const next = () => {
    while (busy.size < running) {
      const index = queue.findIndex((w) => !busy.has(w.address));
      const [waiter] = index < 0 ? [] : queue.splice(index, 1);
      if (!waiter) return;
      // Taken here, not when the waiter wakes, so the loop sees the turn as given.
      busy.add(waiter.address);
      waiter.start();
    }
  };

  /** Runs `check` when it is this attempt's turn, or answers `{ ok: false }` when it cannot wait. */
  async function run<T>(address: string, failures: number, check: () => Promise<T>): Promise<HashTurn<T>> {
    if (busy.size >= running || busy.has(address)) {
      const admitted = await new Promise<boolean>((resolve) => {
        const leave = (turn: boolean) => {
          clearTimeout(timer);
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          resolve(turn);
        };
        const waiter: Waiter = { address, failures, start: () => leave(true), refuse: () => leave(false) };
        const timer = setTimeout(waiter.refuse, maxWaitMs);
        const worst = queue.at(-1);
        if (queue.length >= waiting) {
          if (!worst || worst.failures <= failures) return waiter.refuse();
          worst.refuse();
        }
        const place = queue.findIndex((w) => w.failures > failures);
        queue.splice(place < 0 ? queue.length : place, 0, waiter);
      });
      if (!admitted) return { ok: false };
    } else {
      busy.add(address);
    }
    try {
      return { ok: true, value: await check() };
    } finally {
      busy.delete(address);
      next();
    }
  }

  return { run };
}
