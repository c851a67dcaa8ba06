/**
 * What `work` gives, or what `late` gives once `ms` have passed without it. The work is not
 * stopped, only no longer waited for: what it holds is the caller's to end (a query's own time
 * limit, a cut connection). The timer never keeps the process alive.
 */
export async function within<T>(ms: number, work: Promise<T>, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
