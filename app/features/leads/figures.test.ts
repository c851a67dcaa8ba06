import { describe, expect, it } from "vitest";
import { responseFigureTexts } from "~/content/replies";
import { businessDuration, describeFigures, percent } from "./figures";

describe("the public response figures' words", () => {
  it("never overstates a share: rounded down, and 100% only when every lead was on time", () => {
    expect(percent(199, 200)).toBe("99%");
    expect(percent(200, 200)).toBe("100%");
    expect(percent(22, 25)).toBe("88%");
    expect(percent(0, 24)).toBe("0%");
  });

  it("says business minutes under an hour and business hours to one decimal above", () => {
    expect(businessDuration(1)).toBe("1 business minute");
    expect(businessDuration(45)).toBe("45 business minutes");
    expect(businessDuration(60)).toBe("1 business hour");
    expect(businessDuration(130)).toBe("2.2 business hours");
    expect(businessDuration(1440)).toBe("24 business hours");
  });

  it("shows a figure only from 20 counted leads, and the sentence that it will appear before", () => {
    expect(describeFigures(responseFigureTexts.message, undefined)).toEqual({
      shown: false,
      text: expect.stringContaining("once there are 20 in the last 90 days"),
    });
    expect(describeFigures(responseFigureTexts.order, { leads: 19, within: 19, medianMinutes: 30 }).shown).toBe(false);
    expect(describeFigures(responseFigureTexts.order, { leads: 20, within: 19, medianMinutes: 90 })).toMatchObject({
      shown: true,
      share: "95% of 20 order requests called within 1 business day.",
      median: "Median time to our first reply: 1.5 business hours.",
    });
    // Counted but none answered yet: a share, and no median to show.
    expect(describeFigures(responseFigureTexts.message, { leads: 24, within: 0, medianMinutes: null })).toMatchObject({
      share: "0% of 24 messages answered within 1 business day.",
      median: null,
    });
  });
});
