import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveryKinds } from "~/deliveries.server";
import { storeContactMessage } from "~/features/contact/contact.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { useTestDatabase } from "~/lib/test-database";
import { startDeliveryWorker } from "~/lib/outbox/delivery.server";

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

describe("the delivery worker while another process holds the SQLite write lock", () => {
  const database = useTestDatabase("sqlite");
  afterEach(async () => {
    await sql`pragma busy_timeout = 5000`.execute(database().db);
  });

  it("waits for the lock without logging an error, then delivers (and a real failure is still reported)", async () => {
    const id = await storeContactMessage(message, new Date(), ["email"]);
    // The worker's connection gives up on a lock after 50 ms instead of 5 s, so a long batch is quick to stage.
    await sql`pragma busy_timeout = 50`.execute(database().db);
    const other = new Database(database().url);
    other.exec("begin immediate");
    other.prepare("insert into rate_limits (key, window_start, count) values ('batch', 1767225600, 1)").run();

    const lines = await logLines(async () => {
      const worker = startDeliveryWorker(deliveryKinds, 40);
      await pause(400);
      const outbox = () => database().db.selectFrom("outbox").select(["attempts", "last_error", "status"]).where("ref_id", "=", id).executeTakeFirstOrThrow();
      expect(await outbox()).toMatchObject({ attempts: 0, status: "pending" });
      other.exec("commit");
      other.close();
      for (let i = 0; i < 50 && (await outbox()).attempts === 0; i++) await pause(40);
      await worker.stop();
      // SMTP is not configured in tests: the attempt is a real failure, recorded and reported.
      expect(await outbox()).toMatchObject({ attempts: 1, status: "pending", last_error: "SMTP is not configured any more" });
    });

    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(lines.filter((line) => line.msg === "the database is busy with another writer; deliveries wait for it")).toHaveLength(1);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.msg)).toEqual(["delivery failed; will retry"]);
  });
});
