import { afterEach, describe, expect, it } from "vitest";
import { initialContent, readChangedContent, setContentSource } from "./live";
import { namesQuotedIn, withFacts } from "./quoted-facts";

afterEach(() => setContentSource(undefined));

describe("texts that quote company facts", () => {
  it("write in each fact as the company facts hold it when the text is written", () => {
    expect(withFacts("Within {emailResponse}; {hours}; a call within {consultationWithin}.")).toBe(
      "Within 1-2 business days; Monday–Friday, 9 a.m.–5 p.m. Eastern Time; a call within 24 hours.",
    );
    const company = initialContent("company") as Record<string, unknown>;
    readChangedContent({ company: { ...company, emailResponse: "1 business day" } });
    expect(withFacts("Within {emailResponse}.")).toBe("Within 1 business day.");
  });

  it("leave a name that is no fact as typed (the schema refuses it before it is published)", () => {
    expect(withFacts("Call {phone} or write within {emailResponse}")).toBe(
      "Call {phone} or write within 1-2 business days",
    );
    expect(namesQuotedIn("{a} and {emailResponse} and {}")).toEqual(["a", "emailResponse", ""]);
  });
});
