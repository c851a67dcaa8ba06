import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV export", () => {
  it("quotes every field, doubles quotes, keeps line breaks inside a field, and ends lines with CRLF", () => {
    expect(toCsv(["a", "b"], [['say "hi"', "line 1\nline 2"]])).toBe('"a","b"\r\n"say ""hi""","line 1\nline 2"\r\n');
  });

  it("turns would-be formulas into text", () => {
    expect(toCsv(["x"], [['=HYPERLINK("http://evil")'], ["+1"], ["-2"], ["@SUM(A1)"], ["\tcmd"]])).toBe(
      '"x"\r\n"\'=HYPERLINK(""http://evil"")"\r\n"\'+1"\r\n"\'-2"\r\n"\'@SUM(A1)"\r\n"\'\tcmd"\r\n',
    );
  });

  it("writes empty cells for missing values", () => {
    expect(toCsv(["a", "b"], [[null, undefined]])).toBe('"a","b"\r\n"",""\r\n');
  });
});
