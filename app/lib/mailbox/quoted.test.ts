import { describe, expect, it } from "vitest";
import { splitQuoted } from "./quoted";

describe("splitQuoted", () => {
  it("folds Gmail's history, even when its opening line wraps", () => {
    const text = [
      "Thanks, Thursday works.",
      "",
      "Kim",
      "",
      "On Mon, Nov 30, 2026 at 9:14 AM Aquila Support <",
      "support+k3m9x2q7ab@aquila.example> wrote:",
      "> Hello Kim,",
      "> Could we call you on Thursday?",
    ].join("\n");
    expect(splitQuoted(text)).toEqual({
      body: "Thanks, Thursday works.\n\nKim",
      quoted: text.split("\n").slice(4).join("\n"),
    });
    expect(splitQuoted("Yes.\r\n\r\nOn Tue, Dec 1, 2026, Aquila wrote:\r\n> Hi").body).toBe("Yes.");
  });

  it("folds Outlook's history", () => {
    expect(splitQuoted("Fine by me.\n\n-----Original Message-----\nFrom: Aquila").quoted).toBe(
      "-----Original Message-----\nFrom: Aquila",
    );
    const outlook = "Fine by me.\n\nFrom: Aquila Support <support@aquila.example>\nSent: Monday\nTo: Kim\nSubject: Re";
    expect(splitQuoted(outlook)).toEqual({ body: "Fine by me.", quoted: outlook.slice(13) });
  });

  it("folds a trailing block of quoted lines, and keeps an answer written between quotes whole", () => {
    expect(splitQuoted("Yes please.\n\n> Would you like a call?\n>\n> Aquila\n")).toEqual({
      body: "Yes please.",
      quoted: "> Would you like a call?\n>\n> Aquila",
    });
    const inline = "> Which width?\n18 inches.\n> And depth?\n16.";
    expect(splitQuoted(inline)).toEqual({ body: inline, quoted: null });
  });

  it("shows the whole text when nothing is quoted, or nothing new is above the quote", () => {
    expect(splitQuoted("  Just this.\n")).toEqual({ body: "Just this.", quoted: null });
    expect(splitQuoted("Someone wrote: hello")).toEqual({ body: "Someone wrote: hello", quoted: null });
    expect(splitQuoted("On Mon, Aquila wrote:\n> Hi")).toEqual({ body: "On Mon, Aquila wrote:\n> Hi", quoted: null });
  });
});
