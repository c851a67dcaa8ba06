import { describe, expect, it } from "vitest";
import { createUploadTurns } from "./upload-turns.server";

describe("turns for uploads", () => {
  it("runs two at once, lets a few wait, and turns the rest away at once", async () => {
    const turns = createUploadTurns({ running: 2, waiting: 3 });
    let now = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      new Promise<void>((resolve) => {
        now++;
        most = Math.max(most, now);
        releases.push(() => {
          now--;
          resolve();
        });
      });
    const answers = Array.from({ length: 8 }, () => turns.take(work));
    // Three over the two running and the three waiting are refused without waiting.
    const refused = await Promise.race([
      Promise.all(answers.slice(5)),
      new Promise((resolve) => setTimeout(() => resolve("waited"), 100)),
    ]);
    expect(refused).toEqual([{ ok: false }, { ok: false }, { ok: false }]);
    for (let done = 0; done < 5; done++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      releases.shift()?.();
    }
    expect((await Promise.all(answers.slice(0, 5))).every((answer) => answer.ok)).toBe(true);
    expect(most).toBe(2);
  });

  it("gives the turn back when the work fails", async () => {
    const turns = createUploadTurns({ running: 1, waiting: 0 });
    await expect(turns.take(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await turns.take(() => Promise.resolve(1))).toEqual({ ok: true, value: 1 });
  });
});
