import { describe, expect, it } from "vitest";
import { cookieValues } from "./cookies";

describe("reading a Cookie header", () => {
  it("gives every value of a name in the order sent, and nothing of other names", () => {
    expect(cookieValues("theme=light; _ga=GA1.2.3; theme=dark", "theme")).toEqual(["light", "dark"]);
    expect(cookieValues("mytheme=light;theme=", "theme")).toEqual([""]);
    expect(cookieValues("theme", "theme")).toEqual([]);
    expect(cookieValues(undefined, "theme")).toEqual([]);
  });

  it("keeps everything after the first equals sign as the value", () => {
    expect(cookieValues("aquila_session=abc=def", "aquila_session")).toEqual(["abc=def"]);
  });
});
