import { describe, expect, it } from "vitest";
import { clearEdge } from "./clear-of-focus";

// A 375 × 812 phone with a 64 px header, and a toast 375 px wide and 120 px tall.
const phone = { width: 375, height: 812, headerBottom: 64 };
const toast = { width: 375, height: 120 };
const box = (top: number, height: number, left = 16, right = 359) => ({ top, bottom: top + height, left, right });

describe("where a toast goes so it hides nothing focused", () => {
  it("stays at the bottom when focus is elsewhere or nowhere", () => {
    expect(clearEdge(null, toast, phone)).toEqual({ edge: "bottom", compact: false });
    expect(clearEdge(box(300, 44), toast, phone)).toEqual({ edge: "bottom", compact: false });
    // Touching the toast's top edge is not covering.
    expect(clearEdge(box(648, 44), toast, phone)).toEqual({ edge: "bottom", compact: false });
  });

  it("moves under the header when the focused element is behind it at the bottom", () => {
    expect(clearEdge(box(740, 44), toast, phone)).toEqual({ edge: "top", compact: false });
    // Half covered is covered: a Submit button half under the toast.
    expect(clearEdge(box(670, 44), toast, phone)).toEqual({ edge: "top", compact: false });
  });

  it("stays at the bottom when the focused element is near the top, and misses it sideways on a wide window", () => {
    expect(clearEdge(box(80, 44), toast, phone)).toEqual({ edge: "bottom", compact: false });
    const desktop = { width: 1280, height: 900, headerBottom: 64 };
    expect(clearEdge(box(820, 44, 100, 400), { width: 384, height: 120 }, desktop)).toEqual({
      edge: "bottom",
      compact: false,
    });
  });

  it("goes where it covers less of an element taller than the space beside it, and shrinks", () => {
    expect(clearEdge(box(64, 760), toast, phone)).toEqual({ edge: "bottom", compact: true });
    expect(clearEdge(box(100, 760), toast, phone)).toEqual({ edge: "top", compact: true });
  });

  it("shrinks when it would cover the focused element at either edge of a small window", () => {
    // A 1280 × 800 window at 400 % zoom: 320 × 200, a 64 px header, 136 px below it.
    const zoomed = { width: 320, height: 200, headerBottom: 64 };
    const toastThere = { width: 320, height: 120 };
    expect(clearEdge(box(110, 44, 16, 304), toastThere, zoomed)).toEqual({ edge: "bottom", compact: true });
    // Less of it is covered at the top (34 px of 44) than at the bottom (all of it).
    expect(clearEdge(box(150, 44, 16, 304), toastThere, zoomed)).toEqual({ edge: "top", compact: true });
    // On a phone, a text box taller than the space beside the toast, but not than the window.
    expect(clearEdge(box(100, 680), toast, phone)).toEqual({ edge: "top", compact: true });
  });
});
