/**
 * Who may run a password check now (docs/decisions/010-sign-in-limits.md). A check is scrypt with
 * N=2^17: about 0.5 s of one core and 128 MB, on libuv's threadpool of four threads. Unbounded,
 * a burst of guesses queues seconds of work ahead of staff and starves file reads of threads, so
 * checks run at most `running` at once and one at a time per address block, and addresses with
 * recent failures get fewer of those turns, so a flood from them leaves a turn free for staff,
 * whose address has none. The rest wait in a short queue ordered by those failures (fewest first),
 * and an attempt that cannot wait is refused at once, to be tried again in a moment.
 *
 * A browser that has signed in before (a known device, devices.server.ts) goes first: its checks
 * have turns of their own (`runningFirst`) beside those, and while one runs or waits no other
 * check starts, so a flood that fills the queue neither holds it up nor shares the cores with it
 * for longer than the checks already running take. Only a sign-in that carries a device cookie of
 * the account gets there, which the guesses of a flood never do.
 */
export interface HashQueueOptions {
  /** Checks running at once. */
  running: number;
  /** Of those, checks for addresses with recent failures. */
  runningWithFailures: number;
  /** Attempts waiting at most in each line; a newcomer with fewer failures pushes out the worst. */
  waiting: number;
  /** How long an attempt may wait before it is refused. */
  maxWaitMs: number;
  /** Checks of known devices running at once, beside `running` (none unless given). */
  runningFirst?: number;
}

export type HashTurn<T> = { ok: true; value: T } | { ok: false };

interface Waiter {
  key: string;
  failures: number;
  start: () => void;
  refuse: () => void;
}

export function createHashQueue({
  running,
  runningWithFailures,
  waiting,
  maxWaitMs,
  runningFirst = 0,
}: HashQueueOptions) {
  // The addresses (or devices) being checked, each with its failures; `first` holds the devices.
  const busy = new Map<string, number>();
  const first = new Set<string>();
  // Each kept in the order turns are given: fewest failures first, then first come.
  const queue: Waiter[] = [];
  const firstQueue: Waiter[] = [];

  const mayRunFirst = (key: string) => first.size < runningFirst && !busy.has(key);
  const mayRun = (key: string, failures: number) =>
    first.size === 0 &&
    firstQueue.length === 0 &&
    busy.size < running &&
    !busy.has(key) &&
    (failures === 0 || [...busy.values()].filter((f) => f > 0).length < runningWithFailures);

  const take = (key: string, failures: number, isFirst: boolean) => {
    busy.set(key, failures);
    if (isFirst) first.add(key);
  };

  const admit = (line: Waiter[], may: (waiter: Waiter) => boolean, isFirst: boolean) => {
    for (let index = 0; index < line.length;) {
      const waiter = line[index];
      if (!waiter || !may(waiter)) {
        index++;
        continue;
      }
      line.splice(index, 1);
      // Taken here, not when the waiter wakes, so the next one sees the turn as given.
      take(waiter.key, waiter.failures, isFirst);
      waiter.start();
    }
  };

  const next = () => {
    admit(firstQueue, (waiter) => mayRunFirst(waiter.key), true);
    admit(queue, (waiter) => mayRun(waiter.key, waiter.failures), false);
  };

  /**
   * Runs `check` when it is this attempt's turn, or answers `{ ok: false }` when it cannot wait.
   * `key` is the address block, or with `first` the known device.
   */
  async function run<T>(
    key: string,
    failures: number,
    check: () => Promise<T>,
    { first: isFirst = false }: { first?: boolean } = {},
  ): Promise<HashTurn<T>> {
    const line = isFirst ? firstQueue : queue;
    if (!(isFirst ? mayRunFirst(key) : mayRun(key, failures))) {
      const admitted = await new Promise<boolean>((resolve) => {
        const leave = (turn: boolean) => {
          clearTimeout(timer);
          const index = line.indexOf(waiter);
          if (index >= 0) line.splice(index, 1);
          // A known device that gives up its place lets the others' line move again.
          if (isFirst && !turn) next();
          resolve(turn);
        };
        const waiter: Waiter = { key, failures, start: () => leave(true), refuse: () => leave(false) };
        const timer = setTimeout(waiter.refuse, maxWaitMs);
        const worst = line.at(-1);
        if (line.length >= waiting) {
          if (!worst || worst.failures <= failures) return waiter.refuse();
          worst.refuse();
        }
        const place = line.findIndex((w) => w.failures > failures);
        line.splice(place < 0 ? line.length : place, 0, waiter);
      });
      if (!admitted) return { ok: false };
    } else {
      take(key, failures, isFirst);
    }
    try {
      return { ok: true, value: await check() };
    } finally {
      busy.delete(key);
      first.delete(key);
      next();
    }
  }

  return { run };
}
