import { createHash } from "node:crypto";
import Database from "#db/sqlite-driver.mjs";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { db } from "./db.server";
import { purgeIdempotencyKeys, withIdempotencyKey } from "./idempotency.server";
import { useTestDatabase } from "./test-database";

/** A promise and the function that settles it (Promise.withResolvers, which Node 20 lacks). */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The client's address, which each key is stored under. */
const client = "203.0.113.7";
/** A key as stored for `client`: its address's hash before the key it sent. */
const storedKey = (key: string) =>
  `${createHash("sha256").update(`idempotency-client:${client}`).digest("base64url").slice(0, 22)}:${key}`;

const post = (key: string, body = '{"a":1}') =>
  new Request("http://localhost/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body,
  });

describe.each(testDialects)("Idempotency-Key answers on %s", (dialect) => {
  useTestDatabase(dialect);

  it("forgets a 503 or a 429, so the client's retry is handled again, then remembers the success", async () => {
    let runs = 0;
    const answers = [503, 429, 201];
    const send = () =>
      withIdempotencyKey(post("retry"), "orders", client, async () => {
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
    await expect(
      withIdempotencyKey(post("thrown"), "contact", client, () => Promise.reject(new Error("database gone"))),
    ).rejects.toThrow("database gone");
    expect(
      await withIdempotencyKey(post("thrown"), "contact", client, async () => data({ ok: true }, { status: 201 })),
    ).toMatchObject({ init: { status: 201 } });
  });

  it("a repeat sent while the first is handled waits for it, then answers its outcome without running again", async () => {
    let runs = 0;
    const { promise: handled, resolve: finish } = deferred();
    const { promise: running, resolve: started } = deferred();
    const first = withIdempotencyKey(post("waited"), "orders", client, async () => {
      runs += 1;
      started();
      await handled;
      return data({ run: runs }, { status: 201 });
    });
    await running;
    const repeat = withIdempotencyKey(post("waited"), "orders", client, async () => {
      runs += 1;
      return data({ run: runs }, { status: 201 });
    });
    setTimeout(finish, 200);
    expect(await first).toMatchObject({ data: { run: 1 }, init: { status: 201 } });
    expect(await repeat).toMatchObject({
      data: { run: 1 },
      init: { status: 201, headers: { "Idempotent-Replayed": "true" } },
    });
    expect(runs).toBe(1);
  });

  it("takes over a key left pending for more than a minute by a process that stopped mid-request, and handles the request", async () => {
    const body = '{"a":"left"}';
    const bodyHash = createHash("sha256").update(body).digest("base64url");
    const leftAt = new Date(Date.now() - 61_000).toISOString();
    await db()
      .insertInto("idempotency_keys")
      .values({
        endpoint: "orders",
        key: storedKey("left"),
        body_hash: bodyHash,
        status: null,
        response: null,
        created_at: leftAt,
      })
      .execute();
    let runs = 0;
    const send = () =>
      withIdempotencyKey(post("left", body), "orders", client, async () => {
        runs += 1;
        return data({ run: runs }, { status: 201 });
      });
    expect(await send()).toMatchObject({ data: { run: 1 }, init: { status: 201 } });
    const row = await db()
      .selectFrom("idempotency_keys")
      .select(["status", "created_at"])
      .where("endpoint", "=", "orders")
      .where("key", "=", storedKey("left"))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(201);
    expect(row.created_at > leftAt).toBe(true);
    // The answer is kept as any other: a repeat replays it.
    expect(await send()).toMatchObject({
      data: { run: 1 },
      init: { status: 201, headers: { "Idempotent-Replayed": "true" } },
    });
    expect(runs).toBe(1);
  });

  it("the daily purge forgets keys more than a day old and keeps the others", async () => {
    const now = Date.UTC(2026, 5, 2, 12);
    const row = (key: string, hoursAgo: number) => ({
      endpoint: "orders",
      key,
      body_hash: "h",
      status: 201,
      response: "{}",
      created_at: new Date(now - hoursAgo * 3_600_000).toISOString(),
    });
    await db()
      .insertInto("idempotency_keys")
      .values([row("old", 25), row("recent", 23)])
      .execute();
    await purgeIdempotencyKeys(now);
    expect(
      (await db().selectFrom("idempotency_keys").select("key").where("key", "in", ["old", "recent"]).execute()).map(
        (r) => r.key,
      ),
    ).toEqual(["recent"]);
  });
});

describe("a repeat waiting for the first answer on SQLite", () => {
  const database = useTestDatabase("sqlite");

  it("only reads while it waits, so another process holding the file's write lock does not fail it", async () => {
    const { promise: handled, resolve: finish } = deferred();
    const { promise: running, resolve: started } = deferred();
    const first = withIdempotencyKey(post("held"), "orders", client, async () => {
      started();
      await handled;
      return data({ ok: true }, { status: 201 });
    });
    await running;
    const repeat = withIdempotencyKey(post("held"), "orders", client, async () => data({ ok: false }, { status: 201 }));
    // The repeat has lost its one insert by now and waits; then another process starts writing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = new Database(database().url);
    other.exec("begin immediate");
    other.prepare("insert into rate_limits (key, window_start, count) values ('held', 1767225600, 1)").run();
    try {
      // The first is still being handled: after its wait the repeat is told so, not that the database failed.
      expect(await repeat).toMatchObject({ init: { status: 409, headers: { "Retry-After": "1" } } });
    } finally {
      other.exec("rollback");
      other.close();
    }
    finish();
    expect(await first).toMatchObject({ data: { ok: true }, init: { status: 201 } });
    expect(
      await withIdempotencyKey(post("held"), "orders", client, async () => data({ ok: false }, { status: 201 })),
    ).toMatchObject({ data: { ok: true }, init: { status: 201 } });
  });
});
