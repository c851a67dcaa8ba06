import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { db } from "../db.server";
import { useTestDatabase } from "../test-database";
import { createVisitTally, dayOf, maxValuesPerDay, purgeOldCounts } from "./tally.server";
import { countStored } from "./stored.server";

const at = Date.UTC(2026, 5, 10, 15, 0, 0); // 11 a.m. in New York: 2026-06-10
const direct = { channel: "direct", source: "", medium: "", campaign: "" } as const;

async function viewRows() {
  return db()
    .selectFrom("visit_counts")
    .select(["day", "page", "channel", "source", "medium", "campaign", "views"])
    .orderBy("day")
    .orderBy("page")
    .orderBy("channel")
    .orderBy("source")
    .orderBy("medium")
    .orderBy("campaign")
    .execute();
}

describe("the day a count belongs to", () => {
  it("is the company's day (New York), not UTC's", () => {
    expect(dayOf(Date.UTC(2026, 5, 11, 3, 30))).toBe("2026-06-10");
    expect(dayOf(Date.UTC(2026, 5, 11, 4, 30))).toBe("2026-06-11");
  });
});

describe.each(testDialects)("the visit tally on %s", (dialect) => {
  useTestDatabase(dialect);

  it("adds each write to the day's totals, so instances and restarts add up", async () => {
    const one = createVisitTally();
    const two = createVisitTally();
    one.countView("/product", direct, at);
    one.countView("/product", direct, at);
    one.countView("/faq", "internal", at);
    two.countView("/product", direct, at);
    await Promise.all([one.flush(), two.flush()]);
    one.countView("/product", direct, at + 1000);
    await one.flush();
    expect(await viewRows()).toEqual([
      { day: "2026-06-10", page: "/faq", channel: "internal", source: "", medium: "", campaign: "", views: 1 },
      { day: "2026-06-10", page: "/product", channel: "direct", source: "", medium: "", campaign: "", views: 4 },
    ]);
    expect(one.pending()).toEqual({ views: 0, events: 0 });
  });

  it(`keeps at most ${maxValuesPerDay} different campaigns a day; the rest are counted as other`, async () => {
    const tally = createVisitTally();
    const day = Date.UTC(2026, 5, 12, 15);
    for (let i = 0; i < maxValuesPerDay + 30; i++)
      tally.countView("/", { channel: "campaign", source: "x", medium: "", campaign: `c${i}` }, day);
    await tally.flush();
    // A new tally (another instance, a restart) reads what the day already holds.
    const later = createVisitTally();
    later.countView("/", { channel: "campaign", source: "x", medium: "", campaign: "one-more" }, day);
    later.countView("/", { channel: "campaign", source: "x", medium: "", campaign: "c1" }, day);
    await later.flush();
    const rows = (await viewRows()).filter((row) => row.day === "2026-06-12");
    expect(rows).toHaveLength(maxValuesPerDay + 1);
    expect(rows.find((row) => row.campaign === "other")?.views).toBe(31);
    expect(rows.find((row) => row.campaign === "c1")?.views).toBe(2);
  });

  it("keeps counts it could not write and writes them next time", async () => {
    const tally = createVisitTally();
    tally.countView("/about", direct, Date.UTC(2026, 5, 13, 15));
    tally.countFormEvent({ form: "order", event: "step-1" }, Date.UTC(2026, 5, 13, 15));
    await db().schema.alterTable("visit_counts").renameTo("visit_counts_away").execute();
    await tally.flush();
    expect(tally.pending()).toEqual({ views: 1, events: 1 });
    await db().schema.alterTable("visit_counts_away").renameTo("visit_counts").execute();
    await tally.flush();
    expect(tally.pending()).toEqual({ views: 0, events: 0 });
    expect((await viewRows()).filter((row) => row.day === "2026-06-13")).toHaveLength(1);
    expect(
      await db().selectFrom("form_counts").select(["event", "count"]).where("day", "=", "2026-06-13").execute(),
    ).toEqual([{ event: "step-1", count: 1 }]);
  });

  it("counts a stored submission and its answer in the storing transaction, and drops counts after 25 months", async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await countStored(trx, "message", "clinician", new Date(Date.UTC(2024, 0, 5, 15)));
        await countStored(trx, "message", undefined, new Date(Date.UTC(2026, 5, 14, 15)));
        await countStored(trx, "message", "clinician", new Date(Date.UTC(2026, 5, 14, 16)));
      });
    const tally = createVisitTally();
    tally.countView("/", direct, Date.UTC(2024, 0, 5, 15));
    await tally.flush();
    const events = () =>
      db()
        .selectFrom("form_counts")
        .select(["day", "event", "count"])
        .where("form", "=", "message")
        .orderBy("day")
        .orderBy("event")
        .execute();
    expect(await events()).toEqual([
      { day: "2024-01-05", event: "heard:clinician", count: 1 },
      { day: "2024-01-05", event: "stored", count: 1 },
      { day: "2026-06-14", event: "heard:clinician", count: 1 },
      { day: "2026-06-14", event: "heard:none", count: 1 },
      { day: "2026-06-14", event: "stored", count: 2 },
    ]);
    await purgeOldCounts(new Date(Date.UTC(2026, 5, 14, 15)));
    expect((await events()).map((row) => row.day)).not.toContain("2024-01-05");
    expect((await viewRows()).map((row) => row.day)).not.toContain("2024-01-05");
  });
});
