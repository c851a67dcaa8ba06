import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../db/test-databases";
import { db } from "./db.server";
import { purgeIdempotencyKeys, withIdempotencyKey } from "./idempotency.server";
import { useTestDatabase } from "./test-database";

const post = (key: string, body = '{"a":1}') =>
  new Request("http://localhost/api/orders", { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body });

describe.each(testDialects)("Idempotency-Key answers on %s", (dialect) => {
  useTestDatabase(dialect);

  it("forgets a 503 or a 429, so the client's retry is handled again, then remembers the success", async () => {
    let runs = 0;
    const answers = [503, 429, 201];
    const send = () =>
      withIdempotencyKey(post("retry"), "orders", async () => {
        runs += 1;
        return data({ run: runs }, { status: answers[runs - 1] });
      });
    expect((await send()).init?.status).toBe(503);
    expect((await send()).init?.status).toBe(429);
    const stored = await send();
    expect(stored).toMatchObject({ data: { run: 3 }, init: { status: 201 } });
    expect(await send()).toMatchObject({ data: { run: 3 }, init: { status: 201 } });
    expect(runs).toBe(3);
  });

  it("forgets a key whose handling failed, so a retry runs again", async () => {
    await expect(withIdempotencyKey(post("thrown"), "contact", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await withIdempotencyKey(post("thrown"), "contact", async () => data({ ok: true }, { status: 201 }))).toMatchObject({ init: { status: 201 } });
  });

  it("the daily purge forgets keys more than a day old and keeps the others", async () => {
    const now = Date.UTC(2026, 5, 2, 12);
    const row = (key: string, hoursAgo: number) => ({ endpoint: "orders", key, body_hash: "h", status: 201, response: "{}", created_at: new Date(now - hoursAgo * 3_600_000).toISOString() });
    await db().insertInto("idempotency_keys").values([row("old", 25), row("recent", 23)]).execute();
    await purgeIdempotencyKeys(now);
    expect((await db().selectFrom("idempotency_keys").select("key").where("key", "in", ["old", "recent"]).execute()).map((r) => r.key)).toEqual(["recent"]);
  });
});
