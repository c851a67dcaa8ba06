import { describe, expect, it } from "vitest";
import { company } from "~/content/site";
import { leadKinds } from "~/lead-kinds.server";
import { businessCalendar, federalHolidaysOf } from "./business-calendar.server";
import { replyDue, replyDueView } from "./reply-promises.server";

/**
 * The calendar at fixed moments, each written as UTC with the Eastern time it is beside it, so the
 * expected values come from the calendar on the wall, not from the code under test.
 */
const calendar = businessCalendar();
const utc = (iso: string) => new Date(iso);
const dueOf = (kind: "message" | "order", iso: string) => replyDue(leadKinds[kind], utc(iso), calendar);

describe("the business calendar (Mon–Fri, 9 a.m.–5 p.m. Eastern, federal holidays closed)", () => {
  it("gives a message from Friday 4:30 p.m. until Monday 4:30 p.m., late on Tuesday 4:30 p.m.", () => {
    // Friday 20 November 2026, 4:30 p.m. EST (UTC−5).
    expect(dueOf("message", "2026-11-20T21:30:00Z")).toEqual({
      dueAt: "2026-11-23T21:30:00.000Z",
      lateAt: "2026-11-24T21:30:00.000Z",
    });
  });

  it("counts a Saturday message from Monday's opening: due Tuesday 9 a.m.", () => {
    expect(dueOf("message", "2026-11-21T15:00:00Z").dueAt).toBe("2026-11-24T14:00:00.000Z");
    // Before opening on a weekday counts from that opening too: Tuesday 7 a.m. is due Wednesday 9 a.m.
    expect(dueOf("message", "2026-11-24T12:00:00Z").dueAt).toBe("2026-11-25T14:00:00.000Z");
  });

  it("keeps 4:30 p.m. across the end of daylight saving time (Sunday 1 November 2026)", () => {
    // Friday 30 October, 4:30 p.m. EDT (UTC−4), is due Monday 2 November, 4:30 p.m. EST (UTC−5).
    expect(dueOf("message", "2026-10-30T20:30:00Z").dueAt).toBe("2026-11-02T21:30:00.000Z");
    // On the day of the change itself (a Sunday): Tuesday 9 a.m. EST.
    expect(dueOf("message", "2026-11-01T16:00:00Z").dueAt).toBe("2026-11-03T14:00:00.000Z");
    // The Monday after: 10 a.m. EST is due Tuesday 10 a.m. EST.
    expect(dueOf("message", "2026-11-02T15:00:00Z").dueAt).toBe("2026-11-03T15:00:00.000Z");
  });

  it("keeps 4:30 p.m. across the start of daylight saving time (Sunday 8 March 2026)", () => {
    // Friday 6 March, 4:30 p.m. EST, is due Monday 9 March, 4:30 p.m. EDT.
    expect(dueOf("message", "2026-03-06T21:30:00Z").dueAt).toBe("2026-03-09T20:30:00.000Z");
  });

  it("closes on federal holidays, and on the weekday a weekend holiday is observed", () => {
    // Wednesday before Thanksgiving (26 November 2026), 4:30 p.m.: due Friday 4:30 p.m.
    expect(dueOf("order", "2026-11-25T21:30:00Z").dueAt).toBe("2026-11-27T21:30:00.000Z");
    // On Thanksgiving itself, 10 a.m.: counted from Friday's opening, due Monday 9 a.m.
    expect(dueOf("order", "2026-11-26T15:00:00Z").dueAt).toBe("2026-11-30T14:00:00.000Z");
    // 4 July 2026 is a Saturday, observed Friday 3 July: Thursday 4:30 p.m. EDT is due Monday.
    expect(dueOf("message", "2026-07-02T20:30:00Z").dueAt).toBe("2026-07-06T20:30:00.000Z");
    expect(federalHolidaysOf(2026)).toEqual(
      new Set([
        "2026-01-01",
        "2026-01-19",
        "2026-02-16",
        "2026-05-25",
        "2026-06-19",
        "2026-07-03",
        "2026-07-04",
        "2026-09-07",
        "2026-10-12",
        "2026-11-11",
        "2026-11-26",
        "2026-12-25",
      ]),
    );
  });

  it("closes on the extra closed days listed in content", () => {
    const withBridgeDay = businessCalendar({ ...company.businessHours, closedDays: ["2026-11-27"] });
    // The Wednesday before Thanksgiving, 4:30 p.m., with the Friday after closed too: due Monday.
    expect(replyDue(leadKinds.order, utc("2026-11-25T21:30:00Z"), withBridgeDay).dueAt).toBe(
      "2026-11-30T21:30:00.000Z",
    );
  });

  it("dates an order request's call one business day on, with no second day's grace", () => {
    expect(dueOf("order", "2026-11-17T15:00:00Z")).toEqual({
      dueAt: "2026-11-18T15:00:00.000Z",
      lateAt: "2026-11-18T15:00:00.000Z",
    });
  });

  it("measures business time between two moments, leaving out nights, weekends and holidays", () => {
    const hours = (from: string, to: string) => calendar.businessMsBetween(utc(from), utc(to)) / 3_600_000;
    // Friday 4:30 p.m. to Monday 10 a.m.: half an hour on Friday and one on Monday.
    expect(hours("2026-11-20T21:30:00Z", "2026-11-23T15:00:00Z")).toBe(1.5);
    // Wednesday 4 p.m. to Friday 10 a.m. across Thanksgiving: one hour each side.
    expect(hours("2026-11-25T21:00:00Z", "2026-11-27T15:00:00Z")).toBe(2);
    // A Saturday to a Sunday: none.
    expect(hours("2026-11-21T15:00:00Z", "2026-11-22T15:00:00Z")).toBe(0);
    expect(hours("2026-11-23T15:00:00Z", "2026-11-20T15:00:00Z")).toBe(0);
  });

  it("is open by the hours the site states", () => {
    const { opens, closes, openDays } = company.businessHours;
    expect(company.hours.long).toBe(`Monday–Friday, ${opens} a.m.–${closes - 12} p.m. Eastern Time`);
    expect(openDays).toEqual([1, 2, 3, 4, 5]);
    expect(calendar.isBusinessDay(utc("2026-11-23T15:00:00Z"))).toBe(true);
    expect(calendar.isBusinessDay(utc("2026-11-22T15:00:00Z"))).toBe(false);
    expect(calendar.nextOpening(utc("2026-11-23T15:00:00Z")).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(calendar.nextOpening(utc("2026-11-23T23:00:00Z")).toISOString()).toBe("2026-11-24T14:00:00.000Z");
  });
});

describe("where a waiting lead stands against its promise", () => {
  // A message from Friday 20 November 2026, 4:30 p.m.: due Monday 4:30 p.m., late Tuesday 4:30 p.m.
  const message = {
    status: "new",
    reply_due_at: "2026-11-23T21:30:00.000Z",
    reply_late_at: "2026-11-24T21:30:00.000Z",
    first_reply_at: null,
  };
  const at = (iso: string) => replyDueView(message, utc(iso));

  it("says due, due today, overdue and late in words, with the due time on the office's clock", () => {
    expect(at("2026-11-21T15:00:00Z")).toEqual({
      state: "later",
      dueText: "Mon, Nov 23, 4:30 PM EST",
      waitingFor: "first-reply",
    });
    // Monday 8 a.m. Eastern, though already Monday in UTC since 5 a.m. Eastern the night before.
    expect(at("2026-11-23T13:00:00Z")?.state).toBe("today");
    expect(at("2026-11-23T21:31:00Z")?.state).toBe("overdue");
    expect(at("2026-11-24T21:31:00Z")?.state).toBe("late");
    // Sunday 8 p.m. Eastern is Monday 1 a.m. UTC: still not the due day on the office's clock.
    expect(at("2026-11-23T01:00:00Z")?.state).toBe("later");
  });

  it("dates a lead whose visitor answered by the answer's due time, whatever its first reply and status", () => {
    const answered = {
      ...message,
      first_reply_at: "2026-11-23T15:00:00.000Z",
      answer_due_at: "2026-11-26T15:00:00.000Z",
      answer_late_at: "2026-11-27T15:00:00.000Z",
    };
    expect(replyDueView(answered, utc("2026-11-26T16:00:00Z"))).toEqual({
      state: "overdue",
      dueText: "Thu, Nov 26, 10:00 AM EST",
      waitingFor: "answer",
    });
  });

  it("says nothing once the lead is answered or has moved on, or for a lead without a due time", () => {
    expect(replyDueView({ ...message, status: "handled" }, utc("2026-11-30T15:00:00Z"))).toBeUndefined();
    expect(
      replyDueView({ ...message, first_reply_at: "2026-11-23T15:00:00.000Z" }, utc("2026-11-30T15:00:00Z")),
    ).toBeUndefined();
    expect(replyDueView({ ...message, reply_due_at: null }, utc("2026-11-30T15:00:00Z"))).toBeUndefined();
    // An order request is due and late at once: past due is overdue, never a separate "late".
    const order = { ...message, reply_late_at: message.reply_due_at };
    expect(replyDueView(order, utc("2026-11-30T15:00:00Z"))?.state).toBe("overdue");
  });
});
