import Database from "#db/sqlite-driver.mjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveryKinds } from "~/deliveries.server";
import { storeContactMessage } from "~/features/contact/store.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { useTestDatabase } from "~/lib/test-database";
import { type DeliveryKinds, deliverDue, startDeliveryWorker } from "~/lib/outbox/delivery.server";

const message = ContactFormSchema.parse({
  name: "Lock Waiter",
  email: "lock@example.com",
  topic: "general",
  message: "A message queued while another process writes.",
  consent: "on",
});

/** The log lines written while `work` runs, parsed. */
async function logLines(work: () => Promise<void>): Promise<Array<{ level: string; msg: string }>> {
  const lines: Array<{ level: string; msg: string }> = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      try {
        lines.push(JSON.parse(line) as { level: string; msg: string });
      } catch {
        // not a log line
      }
    }
    return true;
  });
  try {
    await work();
  } finally {
    write.mockRestore();
  }
  return lines;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivery kinds whose contact notice, built between the claim and the recording of the outcome,
 * has another process take the SQLite write lock (begin immediate and a write) and commit 300 ms
 * later; `seenBeforeRelease` is what that process saw of the item just before it let go.
 */
function lockWhileSending(url: string, id: string) {
  const other = new Database(url);
  let seen: (row: unknown) => void = () => {};
  const seenBeforeRelease = new Promise<unknown>((resolve) => {
    seen = resolve;
  });
  const kinds: DeliveryKinds = {
    ...deliveryKinds,
    message: {
      ...deliveryKinds.message,
      notice(refId, config) {
        other.exec("begin immediate");
        other
          .prepare("insert into rate_limits (key, window_start, count) values (?, 1767225600, 1)")
          .run(`outcome ${id}`);
        setTimeout(() => {
          seen(other.prepare("select attempts, last_error from outbox where ref_id = ?").get(id));
          other.exec("commit");
          other.close();
        }, 300);
        return deliveryKinds.message.notice(refId, config);
      },
    },
  };
  return { kinds, seenBeforeRelease };
}

describe("the delivery worker while another process holds the SQLite write lock", () => {
  const database = useTestDatabase("sqlite");
  afterEach(async () => {
    database().setLockWaitMs?.(5000);
  });

  it("waits for the lock without logging an error, then delivers (and a real failure is still reported)", async () => {
    const id = await storeContactMessage(message, new Date(), ["email"]);
    // The worker's connection gives up on a lock after 50 ms instead of 5 s, so a long batch is quick to stage.
    database().setLockWaitMs?.(50);
    const other = new Database(database().url);
    other.exec("begin immediate");
    other.prepare("insert into rate_limits (key, window_start, count) values ('batch', 1767225600, 1)").run();

    const lines = await logLines(async () => {
      const worker = startDeliveryWorker(deliveryKinds, 40);
      await pause(400);
      const outbox = () =>
        database()
          .db.selectFrom("outbox")
          .select(["attempts", "last_error", "status"])
          .where("ref_id", "=", id)
          .executeTakeFirstOrThrow();
      expect(await outbox()).toMatchObject({ attempts: 0, status: "pending" });
      other.exec("commit");
      other.close();
      for (let i = 0; i < 50 && (await outbox()).attempts === 0; i++) await pause(40);
      await worker.stop();
      // SMTP is not configured in tests: the attempt is a real failure, recorded and reported.
      expect(await outbox()).toMatchObject({
        attempts: 1,
        status: "pending",
        last_error: "SMTP is not configured any more",
      });
    });

    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(
      lines.filter((line) => line.msg === "the database is busy with another writer; deliveries wait for it"),
    ).toHaveLength(1);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.msg)).toEqual([
      "delivery failed; will retry",
    ]);
  });

  it("records the outcome of an attempt once another process lets go of the lock it took while the item was being sent, without logging an error", async () => {
    const id = await storeContactMessage({ ...message, email: "outcome@example.com" }, new Date(), ["email"]);
    database().setLockWaitMs?.(50);
    const { kinds, seenBeforeRelease } = lockWhileSending(database().url, id);
    let attempted = 0;
    const lines = await logLines(async () => {
      attempted = await deliverDue(kinds);
    });

    expect(attempted).toBe(1);
    expect(await seenBeforeRelease).toEqual({ attempts: 1, last_error: null });
    // SMTP is not configured in tests: the attempt is a real failure, recorded once the lock is free.
    expect(
      await database()
        .db.selectFrom("outbox")
        .select(["attempts", "last_error", "status", "locked_until"])
        .where("ref_id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      attempts: 1,
      last_error: "SMTP is not configured any more",
      status: "pending",
      locked_until: null,
    });
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.msg)).toEqual([
      "delivery failed; will retry",
    ]);
  });

  it("leaves an outcome it cannot record before the item's lease ends to the lease, instead of waiting past it", async () => {
    const id = await storeContactMessage({ ...message, email: "late@example.com" }, new Date(), ["email"]);
    database().setLockWaitMs?.(50);
    const { kinds, seenBeforeRelease } = lockWhileSending(database().url, id);
    // The item is claimed with a minute's lease; by the time it has been tried, 55 s of it are gone.
    let claimed = false;
    const now = () => {
      const at = claimed ? new Date(Date.now() + 55_000) : new Date();
      claimed = true;
      return at;
    };

    await expect(deliverDue(kinds, undefined, now)).rejects.toMatchObject({
      code: expect.stringMatching(/^SQLITE_BUSY/),
    });
    await seenBeforeRelease;
    expect(
      await database()
        .db.selectFrom("outbox")
        .select(["attempts", "last_error", "status"])
        .where("ref_id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      attempts: 1,
      last_error: null,
      status: "pending",
    });
  });
});
