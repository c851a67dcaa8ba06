import { TZDate } from "@date-fns/tz";
import { addDays, format, set } from "date-fns";
import Holidays from "date-holidays";
import { company } from "~/content/site";

/**
 * The company's business calendar (docs/requirements.md §4.8): its hours in its own time zone,
 * closed on weekends, on US federal holidays (from `date-holidays`, observed days included) and
 * on the extra closed days in content. Every date step goes through `@date-fns/tz`, which knows the
 * zone's daylight-saving changes; nothing here adds offsets by hand.
 */

export interface BusinessHours {
  timeZone: string;
  /** Weekdays the office opens, 0 for Sunday. */
  openDays: readonly number[];
  /** Opening and closing hour, local time. */
  opens: number;
  closes: number;
  /** Further closed days, "YYYY-MM-DD" in the office's zone. */
  closedDays: readonly string[];
}

const federalHolidays = new Holidays("US", { types: ["public"] });
const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** US federal holidays of `year` as "YYYY-MM-DD", with the weekday a weekend holiday is observed on. */
export function federalHolidaysOf(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(federalHolidays.getHolidays(year).map((holiday) => holiday.date.slice(0, 10)));
    holidaysByYear.set(year, days);
  }
  return days;
}

export interface BusinessCalendar {
  /** Whether the office opens at all on the day `at` falls on (in its zone). */
  isBusinessDay(at: Date): boolean;
  /** `at` itself when the office is open then, else the next opening. */
  nextOpening(at: Date): Date;
  /** The moment `hours` business hours after `at`; one that lands on a closing time is the next opening. */
  addBusinessHours(at: Date, hours: number): Date;
  /** Business time between two moments, in milliseconds (0 when `to` is not after `from`). */
  businessMsBetween(from: Date, to: Date): number;
  /** Length of one business day, in hours. */
  readonly dayHours: number;
}

export function businessCalendar(hours: BusinessHours = company.businessHours): BusinessCalendar {
  const closed = new Set(hours.closedDays);
  const local = (at: Date | number) => new TZDate(typeof at === "number" ? at : at.getTime(), hours.timeZone);
  const at = (day: TZDate, hour: number) => set(day, { hours: hour, minutes: 0, seconds: 0, milliseconds: 0 });
  const opening = (day: TZDate) => at(day, hours.opens);
  const closing = (day: TZDate) => at(day, hours.closes);

  function isBusinessDay(moment: Date) {
    const day = local(moment);
    const key = format(day, "yyyy-MM-dd");
    return hours.openDays.includes(day.getDay()) && !closed.has(key) && !federalHolidaysOf(day.getFullYear()).has(key);
  }

  /** The opening of the first business day after the day of `day`. */
  function nextDayOpening(day: TZDate): TZDate {
    let next = addDays(day, 1);
    // A year has at most a few weeks of closed days in a row; this ends long before.
    while (!isBusinessDay(next)) next = addDays(next, 1);
    return opening(next);
  }

  function nextOpening(moment: Date): Date {
    const day = local(moment);
    if (!isBusinessDay(day) || day >= closing(day)) return nextDayOpening(day);
    return day < opening(day) ? opening(day) : day;
  }

  function addBusinessHours(moment: Date, count: number): Date {
    let remaining = count * 3_600_000;
    let now = local(nextOpening(moment));
    for (;;) {
      const left = closing(now).getTime() - now.getTime();
      if (remaining < left) return local(now.getTime() + remaining);
      remaining -= left;
      now = nextDayOpening(now);
      if (remaining === 0) return now;
    }
  }

  function businessMsBetween(from: Date, to: Date): number {
    let total = 0;
    let now = local(nextOpening(from));
    while (now < to) {
      const end = Math.min(closing(now).getTime(), to.getTime());
      total += Math.max(0, end - now.getTime());
      now = nextDayOpening(now);
    }
    return total;
  }

  // Plain Dates out: a zoned date prints its offset in toISOString, and what is stored is UTC.
  const plain = (moment: Date) => new Date(moment.getTime());
  return {
    isBusinessDay,
    nextOpening: (moment) => plain(nextOpening(moment)),
    addBusinessHours: (moment, count) => plain(addBusinessHours(moment, count)),
    businessMsBetween,
    dayHours: hours.closes - hours.opens,
  };
}
