import { describe, expect, it } from "vitest";
import { fillMarkers, markerPieces, markersIn } from "./markers";

describe("named markers in an editor's text", () => {
  it("puts each fact where its marker is, as a piece of its own", () => {
    expect(markerPieces("Call {phone}", { phone: "866-7AQUILA" })).toEqual(["Call ", "866-7AQUILA"]);
    expect(markerPieces("{hours}, or {time}.", { hours: "9–5", time: "a day" })).toEqual([
      "9–5",
      ", or ",
      "a day",
      ".",
    ]);
    expect(fillMarkers("{n} of {n}", { n: "2" })).toBe("2 of 2");
  });

  it("leaves a marker it is not given as written, and lists every marker-like word", () => {
    expect(fillMarkers("Call {fax}", { phone: "866-7AQUILA" })).toBe("Call {fax}");
    expect(markersIn("Call {phone} or {Fax} {}, not { this }")).toEqual(["{phone}", "{Fax}", "{}"]);
  });
});
