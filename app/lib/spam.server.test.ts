import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { setLogLevel } from "./logger.server";
import { countSpam, holdAsSpam, listSpam, purgeOldSpam, takeSpam } from "./spam.server";
import { useTestDatabase } from "./test-database";

setLogLevel("silent");

const reason = [{ code: "honeypot" as const, detail: "The hidden field was filled in." }];
const day = 86_400_000;

/** A held submission's id, failing the test when the store refused it. */
async function hold(...args: Parameters<typeof holdAsSpam>): Promise<string> {
  const id = await holdAsSpam(...args);
  if (!id) throw new Error("the spam store refused it");
  return id;
}

describe.each(testDialects)("the spam store on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("lists newest first with reasons, and purges what is older than 30 days", async () => {
    await database().db.deleteFrom("spam").execute();
    const now = Date.now();
    const old = await hold("review", { name: "Old" }, reason, 100, new Date(now - 31 * day));
    const recent = await hold("message", { name: "Recent" }, reason, 100, new Date(now - 29 * day));
    const fresh = await hold("review", { name: "Fresh" }, reason, 100, new Date(now));
    expect((await listSpam()).map((item) => item.id)).toEqual([fresh, recent, old]);
    expect((await listSpam())[0]).toMatchObject({ kind: "review", payload: { name: "Fresh" }, reasons: reason });
    expect(await purgeOldSpam(30, new Date(now))).toBe(1);
    expect((await listSpam()).map((item) => item.id)).toEqual([fresh, recent]);
  });

  it("is capped: at the limit it refuses what comes next and drops nothing it already holds", async () => {
    await database().db.deleteFrom("spam").execute();
    const start = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await hold("message", { name: `Held ${i}` }, reason, 10, new Date(start + i * 1000)));
    for (let i = 10; i < 12; i++)
      expect(
        await holdAsSpam("message", { name: `Flood ${i}` }, reason, 10, new Date(start + i * 1000)),
      ).toBeUndefined();
    expect(await countSpam()).toBe(10);
    expect((await listSpam()).map((item) => item.id)).toEqual(ids.reverse());
  });

  it("hands an item out once: a second take (another instance, a double click) finds nothing", async () => {
    const id = await hold("review", { name: "Once" }, reason, 100);
    expect((await takeSpam(id))?.payload).toEqual({ name: "Once" });
    expect(await takeSpam(id)).toBeUndefined();
  });
});
