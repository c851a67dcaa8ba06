import { describe, expect, it } from "vitest";
import { coalesced } from "./republish";

/** A task whose runs each wait until the test ends them, counting how many ran and how many at once. */
function heldTask() {
  const runs: Array<{ arg: string; finish: (error?: Error) => void }> = [];
  let active = 0;
  let mostAtOnce = 0;
  const task = (arg: string) =>
    new Promise<string>((resolve, reject) => {
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      runs.push({
        arg,
        finish: (error) => {
          active--;
          if (error) reject(error);
          else resolve(`run ${runs.length} with ${arg}`);
        },
      });
    });
  return { task, runs, mostAtOnce: () => mostAtOnce };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("republishing, one render at a time", () => {
  it("turns three quick calls into two renders, the second with the newest call's arguments", async () => {
    const { task, runs, mostAtOnce } = heldTask();
    const republish = coalesced(task);
    const first = republish("a");
    const second = republish("b");
    const third = republish("c");
    await settled();
    expect(runs.map((run) => run.arg)).toEqual(["a"]);
    runs[0]!.finish();
    expect(await first).toBe("run 1 with a");
    await settled();
    // The calls made during the first render share the one after it, which started after them.
    expect(runs.map((run) => run.arg)).toEqual(["a", "c"]);
    runs[1]!.finish();
    expect(await second).toBe("run 2 with c");
    expect(await third).toBe("run 2 with c");
    expect(runs).toHaveLength(2);
    expect(mostAtOnce()).toBe(1);
  });

  it("starts at once when nothing is running, and renders again after a render that failed", async () => {
    const { task, runs } = heldTask();
    const republish = coalesced(task);
    const failing = republish("a");
    const queued = republish("b");
    await settled();
    runs[0]!.finish(new Error("a page answered 500"));
    await expect(failing).rejects.toThrow("a page answered 500");
    await settled();
    expect(runs.map((run) => run.arg)).toEqual(["a", "b"]);
    runs[1]!.finish();
    expect(await queued).toBe("run 2 with b");
    const later = republish("c");
    await settled();
    expect(runs.map((run) => run.arg)).toEqual(["a", "b", "c"]);
    runs[2]!.finish();
    expect(await later).toBe("run 3 with c");
  });
});
