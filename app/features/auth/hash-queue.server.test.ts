import { afterEach, describe, expect, it, vi } from "vitest";
import { createHashQueue } from "./hash-queue.server";

/** A stand-in for a password check that ends when the test says so. */
function pendingWork() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const work = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
  };
  const end = async (name: string) => {
    finish.get(name)?.();
    // Let the queue hand the freed turn on.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { started, work, end };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the queue of password checks", () => {
  afterEach(() => vi.useRealTimers());

  it("checks at most `running` passwords at once, and one at a time per address", async () => {
    const queue = createHashQueue({ running: 2, runningWithFailures: 2, waiting: 10, maxWaitMs: 60_000 });
    const { started, work, end } = pendingWork();
    const results = [
      queue.run("198.51.100.1", 0, work("a1")),
      queue.run("198.51.100.1", 1, work("a2")),
      queue.run("198.51.100.2", 0, work("b1")),
      queue.run("198.51.100.3", 0, work("c1")),
    ];
    await tick();
    expect(started).toEqual(["a1", "b1"]);
    await end("a1");
    // c1 has fewer failures behind it than a2.
    expect(started).toEqual(["a1", "b1", "c1"]);
    await end("c1");
    expect(started).toEqual(["a1", "b1", "c1", "a2"]);
    await end("a2");
    await end("b1");
    expect(await Promise.all(results)).toEqual(["a1", "a2", "b1", "c1"].map((value) => ({ ok: true, value })));
  });

  it("lets an address with no recent failures go ahead of every address that has some", async () => {
    const queue = createHashQueue({ running: 1, runningWithFailures: 1, waiting: 10, maxWaitMs: 60_000 });
    const { started, work, end } = pendingWork();
    void queue.run("203.0.113.1", 3, work("flood-first"));
    for (let n = 2; n <= 6; n++) void queue.run(`203.0.113.${n}`, n, work(`flood-${n}`));
    const staff = queue.run("192.0.2.10", 0, work("staff"));
    await tick();
    await end("flood-first");
    expect(started).toEqual(["flood-first", "staff"]);
    await end("staff");
    expect(await staff).toEqual({ ok: true, value: "staff" });
  });

  it("keeps a turn free of addresses with recent failures, so staff never wait behind a flood from them", async () => {
    const queue = createHashQueue({ running: 2, runningWithFailures: 1, waiting: 10, maxWaitMs: 60_000 });
    const { started, work, end } = pendingWork();
    for (let n = 1; n <= 4; n++) void queue.run(`203.0.113.${n}`, 3, work(`flood-${n}`));
    await tick();
    expect(started).toEqual(["flood-1"]);
    const staff = queue.run("192.0.2.10", 0, work("staff"));
    await tick();
    expect(started).toEqual(["flood-1", "staff"]);
    await end("staff");
    expect(await staff).toEqual({ ok: true, value: "staff" });
    // The free turn is not given to the flood; the flood's own turn passes on when it ends.
    expect(started).toEqual(["flood-1", "staff"]);
    await end("flood-1");
    expect(started).toEqual(["flood-1", "staff", "flood-2"]);
  });

  it("gives a known device a turn of its own at once, however full the line, and starts no other check until it is done", async () => {
    const queue = createHashQueue({
      running: 2,
      runningWithFailures: 1,
      waiting: 4,
      maxWaitMs: 60_000,
      runningFirst: 1,
    });
    const { started, work, end } = pendingWork();
    // A flood from addresses never seen: two run, four wait, the rest are refused.
    const flood = Array.from({ length: 8 }, (_, n) => queue.run(`2001:db8:${n}::`, 0, work(`flood-${n}`)));
    await tick();
    expect(started).toEqual(["flood-0", "flood-1"]);
    expect(await flood[6]).toEqual({ ok: false });
    // A browser never seen waits, or is refused, like the flood.
    expect(await queue.run("192.0.2.10", 0, work("stranger"))).toEqual({ ok: false });
    const known = queue.run("device-a", 0, work("known"), { first: true });
    await tick();
    expect(started).toEqual(["flood-0", "flood-1", "known"]);
    // A second known device waits for the first, not for the flood.
    const other = queue.run("device-b", 0, work("other"), { first: true });
    await end("flood-0");
    expect(started).toEqual(["flood-0", "flood-1", "known"]);
    await end("known");
    expect(started).toEqual(["flood-0", "flood-1", "known", "other"]);
    await end("other");
    // Only then does the flood's line move on.
    expect(started).toEqual(["flood-0", "flood-1", "known", "other", "flood-2"]);
    expect(await known).toEqual({ ok: true, value: "known" });
    expect(await other).toEqual({ ok: true, value: "other" });
  });

  it("when the queue is full, refuses at once the attempt whose address has the most failures", async () => {
    const queue = createHashQueue({ running: 1, runningWithFailures: 1, waiting: 2, maxWaitMs: 60_000 });
    const { started, work, end } = pendingWork();
    void queue.run("203.0.113.1", 5, work("running"));
    const worst = queue.run("203.0.113.2", 9, work("worst"));
    const waiting = queue.run("203.0.113.3", 4, work("waiting"));
    // As bad as the worst waiting one, or worse: refused at once, without waiting.
    expect(await queue.run("203.0.113.4", 9, work("late"))).toEqual({ ok: false });
    // Better than the worst waiting one: it takes that one's place, which is refused at once.
    const staff = queue.run("192.0.2.10", 0, work("staff"));
    expect(await worst).toEqual({ ok: false });
    await tick();
    await end("running");
    await end("staff");
    await end("waiting");
    expect(started).toEqual(["running", "staff", "waiting"]);
    expect(await staff).toEqual({ ok: true, value: "staff" });
    expect(await waiting).toEqual({ ok: true, value: "waiting" });
  });

  it("refuses an attempt that has waited too long, and frees a turn whose check fails", async () => {
    vi.useFakeTimers();
    const queue = createHashQueue({ running: 1, runningWithFailures: 1, waiting: 5, maxWaitMs: 3_000 });
    let fail: (error: Error) => void = () => undefined;
    const broken = queue.run("203.0.113.1", 0, () => new Promise<never>((_, reject) => (fail = reject)));
    const waiting = queue.run("203.0.113.2", 0, () => Promise.resolve("checked"));
    await vi.advanceTimersByTimeAsync(3_001);
    expect(await waiting).toEqual({ ok: false });
    fail(new Error("a broken hash"));
    await expect(broken).rejects.toThrow("a broken hash");
    expect(await queue.run("203.0.113.3", 0, () => Promise.resolve("next"))).toEqual({ ok: true, value: "next" });
  });
});
