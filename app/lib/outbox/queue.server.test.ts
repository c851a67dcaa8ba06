import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { db } from "../db.server";
import { useTestDatabase } from "../test-database";
import { claimDueItem, countFailing, markFailedAttempt, markSent, queueDeliveries, retryFailing } from "./queue.server";

describe.each(testDialects)("failing deliveries on %s", (dialect) => {
  useTestDatabase(dialect);

  it("counts and retries at once what failed or keeps failing, and leaves the rest", async () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const later = new Date("2026-11-27T10:05:00Z").toISOString();
    const queue = async (ref: string, set: Record<string, unknown>, kind: "message" | "order" = "message") => {
      const [row] = await queueDeliveries(db(), kind, ref, now, ["email"]);
      if (Object.keys(set).length) await db().updateTable("outbox").set(set).where("id", "=", row!.id).execute();
      return row!.id;
    };
    const given = await queue("a", { status: "failed", attempts: 8, last_error: "550 mailbox unavailable" });
    const retrying = await queue("b", { attempts: 3, last_error: "connect ECONNREFUSED", next_attempt_at: later });
    const waiting = await queue("c", {});
    const sent = await queue("d", { status: "sent" });
    // Being sent by an instance at this moment: its lease has not run out.
    const leased = await queue("e", { attempts: 2, last_error: "timeout", locked_until: later });
    const order = await queue("f", { status: "failed", attempts: 8, last_error: "refused" }, "order");
    await queueDeliveries(db(), "message", "g", now, []);

    expect(await countFailing(["message"])).toBe(3);
    expect(await countFailing(["order", "order-receipt"])).toBe(1);
    expect(await retryFailing(["message"], now)).toBe(2);

    const rows = await db().selectFrom("outbox").select(["id", "status", "attempts", "next_attempt_at"]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of [given, retrying])
      expect(byId.get(id)).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: now.toISOString() });
    expect(byId.get(waiting)).toMatchObject({ status: "pending", attempts: 0 });
    expect(byId.get(sent)).toMatchObject({ status: "sent" });
    expect(byId.get(leased)).toMatchObject({ status: "pending", attempts: 2 });
    expect(byId.get(order)).toMatchObject({ status: "failed", attempts: 8 });
    expect(rows.filter((row) => row.status === "stored_only")).toHaveLength(1);
  });

  it("never puts back as pending a row whose lease another try took, or that was sent, when a failure is recorded late", async () => {
    await db().deleteFrom("outbox").execute();
    const start = new Date("2026-11-27T10:00:00Z");
    await queueDeliveries(db(), "message", "late", start, ["email"]);
    const first = await claimDueItem(start);
    expect(first).toBeDefined();
    // The database was away past the lease: another instance claimed the row again and sent it.
    const second = await claimDueItem(new Date(start.getTime() + 61_000));
    expect(second?.id).toBe(first!.id);
    await markFailedAttempt(first!, "the database was away", new Date(start.getTime() + 62_000));
    expect(
      await db().selectFrom("outbox").select(["status", "locked_until", "last_error"]).executeTakeFirstOrThrow(),
    ).toEqual({ status: "pending", locked_until: second!.locked_until, last_error: null });
    await markSent(second!.id, new Date(start.getTime() + 63_000));
    await markFailedAttempt(second!, "recorded after it was sent", new Date(start.getTime() + 64_000));
    expect(await db().selectFrom("outbox").select(["status", "last_error"]).executeTakeFirstOrThrow()).toEqual({
      status: "sent",
      last_error: null,
    });
  });
});
