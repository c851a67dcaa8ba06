/**
 * Who may run a password check now (docs/decisions/010-sign-in-limits.md). A check is scrypt with
 * N=2^17: about 0.5 s of one core and 128 MB, on libuv's threadpool of four threads. Unbounded,
 * a burst of guesses queues seconds of work ahead of staff and starves file reads of threads, so
 * checks run at most `running` at once and one at a time per address block, and addresses with
 * recent failures get fewer of those turns, so a flood from them leaves a turn free for staff,
 * whose address has none. The rest wait in a short queue ordered by those failures (fewest first),
 * and an attempt that cannot wait is refused at once, to be tried again in a moment.
 */
export interface HashQueueOptions {
  /** Checks running at once. */
  running: number;
  /** Of those, checks for addresses with recent failures. */
  runningWithFailures: number;
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

export function createHashQueue({ running, runningWithFailures, waiting, maxWaitMs }: HashQueueOptions) {
  // The addresses being checked, each with its failures.
  const busy = new Map<string, number>();
  // Kept in the order turns are given: fewest failures first, then first come.
  const queue: Waiter[] = [];

  const mayRun = (address: string, failures: number) =>
    busy.size < running &&
    !busy.has(address) &&
    (failures === 0 || [...busy.values()].filter((f) => f > 0).length < runningWithFailures);

  const next = () => {
    for (let index = 0; index < queue.length;) {
      const waiter = queue[index];
      if (!waiter || !mayRun(waiter.address, waiter.failures)) {
        index++;
        continue;
      }
      queue.splice(index, 1);
      // Taken here, not when the waiter wakes, so the next one sees the turn as given.
      busy.set(waiter.address, waiter.failures);
      waiter.start();
    }
  };

  /** Runs `check` when it is this attempt's turn, or answers `{ ok: false }` when it cannot wait. */
  async function run<T>(address: string, failures: number, check: () => Promise<T>): Promise<HashTurn<T>> {
    if (!mayRun(address, failures)) {
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
      busy.set(address, failures);
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
