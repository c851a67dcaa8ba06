import { describe, expect, it } from "vitest";
import { fillMarkers, markerNames, markerPieces } from "./markers";

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

  it("leaves a marker it is not given as written, and names every pair of braces on a line", () => {
    expect(fillMarkers("Call {fax}", { phone: "866-7AQUILA" })).toBe("Call {fax}");
    expect(fillMarkers("Call {fax}", (name) => (name === "fax" ? "none" : undefined))).toBe("Call none");
    // A misspelled or spaced marker is named too, so its field can refuse it rather than show it.
    expect(markerNames("Call {phone} or {Fax} {}, {message months} {phone}")).toEqual([
      "phone",
      "Fax",
      "",
      "message months",
      "phone",
    ]);
    // Braces across a line break are no marker.
    expect(markerNames("{not\na marker}")).toEqual([]);
    expect(markerPieces("a {x} b", { x: "1" })).toEqual(["a ", "1", " b"]);
  });
});
