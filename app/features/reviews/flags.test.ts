import { describe, expect, it } from "vitest";
import { reviewFlagCategories, reviewFlagInfo, type ReviewFlagCategory } from "~/content/review-flags";
import { flagReview, flagSummary, highlightSegments } from "./flags";

/** The flagged words of one category, in order: the tests read like the highlights staff see. */
const found = (text: string, category: ReviewFlagCategory) =>
  flagReview(text)
    .filter((f) => f.category === category)
    .map((f) => f.match);

describe("medical claims", () => {
  it.each([
    ["The cushion cured my pressure sores.", ["cured my pressure sores"]],
    ["It healed my stage 3 pressure sore in six weeks.", ["healed my stage 3 pressure sore"]],
    ["It helps prevent bedsores.", ["prevent bedsores"]],
    ["My nurse said it treated the ulcer on my hip.", ["treated the ulcer"]],
    ["It reversed my skin breakdown.", ["reversed my skin breakdown"]],
    ["It eliminated pressure injuries for me.", ["eliminated pressure injuries"]],
    ["It got rid of my wounds.", ["got rid of my wounds"]],
    ["It prevented a pressure-sore coming back.", ["prevented a pressure-sore"]],
    ["No more sores!", ["No more sores"]],
    ["My sore is gone.", ["sore is gone"]],
    ["My sore healed within a month.", ["sore healed"]],
    ["The sore on my hip cleared up.", ["sore on my hip cleared up"]],
    ["My bedsores are gone.", ["bedsores are gone"]],
    ["It's a miracle.", ["miracle"]],
    ["100% effective, I promise.", ["100% effective"]],
    ["Guaranteed to stop the pain.", ["Guaranteed to"]],
    ["It cured me.", ["cured"]],
    ["I haven't had any sores since.", ["haven't had any sores"]],
    ["No sores since I started using it.", ["No sores"]],
    ["Sore-free for a year!", ["Sore-free"]],
    ["Pressure sore free for 2 years.", ["sore free"]],
    ["It helped my pressure sore heal.", ["pressure sore heal"]],
    ["My sore is healing nicely thanks to it.", ["sore is healing"]],
    ["This cushion heals.", ["heals"]],
    ["It has stopped my skin from breaking down.", ["stopped my skin from breaking down"]],
  ])("flags %j", (text, expected) => {
    expect(found(text, "claim")).toEqual(expected);
  });

  it("gives the claim label and reason", () => {
    const [flag] = flagReview("It healed my ulcer.");
    expect(flag).toEqual({
      category: "claim",
      label: "Medical claim",
      why: reviewFlagInfo.claim.why,
      match: "healed my ulcer",
      start: 3,
      end: 18,
    });
    expect(flag?.why).toContain("Class II medical device");
  });

  it("merges two claims about one sore into one highlight", () => {
    expect(found("It healed my sore, my sore is gone", "claim")).toEqual(["healed my sore", "sore is gone"]);
    expect(found("It healed my pressure sore completely healed", "claim")).toEqual([
      "healed my pressure sore completely healed",
    ]);
  });

  it.each([
    ["wheelchair heel cushion"],
    ["I feel healthy and my health insurance paid for it through healthcare."],
    ["It sits secure and the pressure reading is accurate."],
    ["The curved front helps my legs."],
    ["I decided to treat myself to a second cover."],
    ["The staff treated me well."],
    ["It prevented me from sliding forward."],
    ["My legs were sore after long days."],
  ])("does not flag %j", (text) => {
    expect(found(text, "claim")).toEqual([]);
  });
});

describe("use outside the intended use", () => {
  it.each([
    ["I use it in bed at night.", ["in bed"]],
    ["I put it on my mattress.", ["mattress"]],
    ["Works as a car seat cushion.", ["car seat"]],
    ["I use it in my car seat too.", ["in my car seat"]],
    ["Even on an airplane seat.", ["airplane seat"]],
    ["It fits my office chair.", ["office chair"]],
    ["Great on the recliner.", ["recliner"]],
    ["I moved it to the sofa.", ["sofa"]],
    ["Lovely on the couch.", ["couch"]],
    ["My dog sleeps on it when I'm out.", ["dog", "sleeps on it"]],
    ["The cat loves it.", ["cat"]],
    ["We used it for the baby.", ["baby"]],
    ["Good for an infant or a toddler.", ["infant", "toddler"]],
    ["I take it in the bath.", ["bath"]],
    ["I used it in the shower.", ["shower"]],
    ["I cut it to fit.", ["cut it"]],
    ["It got punctured so I patched it.", ["punctured", "patched it"]],
    ["I removed the cover because it was warm.", ["removed the cover"]],
    ["I use it without the cover.", ["without the cover"]],
    ["I stacked it on another cushion.", ["stacked"]],
    ["I put it on top of my old cushion.", ["on top of my old cushion"]],
    ["I slept on it all night.", ["slept on it"]],
  ])("flags %j", (text, expected) => {
    expect(found(text, "off-label")).toEqual(expected);
  });

  it.each([
    ["It healed my bedsores."],
    ["I had bedsores for years."],
    ["The sensor is embedded in the cover."],
    ["I transfer from my bed to my wheelchair."],
    ["The bathroom is easy now."],
    ["I cut down my hospital visits."],
  ])("does not flag %j", (text) => {
    expect(found(text, "off-label")).toEqual([]);
  });

  it("gives the off-label label and reason", () => {
    expect(flagReview("on the sofa")).toEqual([
      {
        category: "off-label",
        label: "Use outside the intended use",
        why: reviewFlagInfo["off-label"].why,
        match: "sofa",
        start: 7,
        end: 11,
      },
    ]);
  });
});

describe("personal data", () => {
  it.each([
    ["Call me on 555-123-4567.", ["555-123-4567"]],
    ["Ring (555) 123-4567 anytime", ["(555) 123-4567"]],
    ["My number is +44 20 7946 0958", ["+44 20 7946 0958"]],
    ["UK mobile 07700 900123.", ["07700 900123"]],
    ["Toll free 1-800-555-0199", ["1-800-555-0199"]],
    ["555.123.4567 is my cell", ["555.123.4567"]],
    ["Local 555-1234 only.", ["555-1234"]],
    ["(call 555-123-4567)", ["555-123-4567"]],
    ["Write to anna.b+cushion@mail.example.co.uk.", ["anna.b+cushion@mail.example.co.uk"]],
    ["Email TOM@EXAMPLE.COM please", ["TOM@EXAMPLE.COM"]],
    ["I live at 12 Oak Street.", ["12 Oak Street"]],
    ["Visit 221B Baker St, London", ["221B Baker St"]],
    ["We are at 4 Maple Leaf Avenue now", ["4 Maple Leaf Avenue"]],
    ["Send it to 1600 Pennsylvania Ave", ["1600 Pennsylvania Ave"]],
    [
      "At 7 Mill Rd, 3 Green Lane, 10 Park Drive, 5 King Court, 8 Long Way and 9 Sunset Boulevard.",
      ["7 Mill Rd", "3 Green Lane", "10 Park Drive", "5 King Court", "8 Long Way", "9 Sunset Boulevard"],
    ],
    ["My wife Anna has MS and loves it.", ["My wife Anna"]],
    ["My patient Tom's pressure ulcer is smaller.", ["My patient Tom"]],
    ["Tom was diagnosed with ALS. Tom uses it every day.", ["Tom", "Tom"]],
    ["Anna Jones has multiple sclerosis.", ["Anna Jones"]],
    ["my late husband, Peter, was paralysed after a fall.", ["my late husband, Peter"]],
    ["Then Zoë was diagnosed with cerebral palsy.", ["Zoë"]],
    ["Sean O'Brien's spinal cord injury", ["Sean O'Brien"]],
  ])("flags %j", (text, expected) => {
    expect(found(text, "personal-data")).toEqual(expected);
  });

  it.each([
    ["I bought it in 1999."],
    ["It runs 24-30 hours on a charge."],
    ["It switches every 60 seconds."],
    ["It cost $1,200 after insurance."],
    ["My order AQ-7K3M-9QX2 arrived."],
    ["I give it 10/10."],
    ["I rate it 9.5 of 10, and 3.14159 too."],
    ["Between 2019 and 2024 I had three cushions."],
    ["Delivered on 2024-03-15."],
    ["We met on first street."],
    ["It came from the warehouse on Oak Street."],
    ["Dr. Smith recommended it for my pressure sores."],
    ["My wife Anna chose the colour."],
    ["It has healed my sores and I have MS."],
    ["She was diagnosed with MS."],
    ["Aquila's team helped with my pressure sores."],
  ])("does not flag %j", (text) => {
    expect(found(text, "personal-data")).toEqual([]);
  });

  it("gives the personal data label and reason", () => {
    expect(flagReview("mail me: a@b.io")).toEqual([
      {
        category: "personal-data",
        label: "Personal data",
        why: reviewFlagInfo["personal-data"].why,
        match: "a@b.io",
        start: 9,
        end: 15,
      },
    ]);
  });
});

describe("flagReview", () => {
  it("returns flags sorted by start, with their exact positions and no repeated range", () => {
    const text = "My wife Anna has MS. She used it on the sofa and her sores healed. Call 555-123-4567.";
    const flags = flagReview(text);
    expect(flags.map((f) => [f.category, f.match])).toEqual([
      ["personal-data", "My wife Anna"],
      ["off-label", "sofa"],
      ["claim", "sores healed"],
      ["personal-data", "555-123-4567"],
    ]);
    for (const f of flags) expect(text.slice(f.start, f.end)).toBe(f.match);
    expect(new Set(flags.map((f) => `${f.start}:${f.end}`)).size).toBe(flags.length);
  });

  it("returns nothing for empty or harmless text", () => {
    expect(flagReview("")).toEqual([]);
    expect(flagReview("Comfortable all day, and the team was lovely.")).toEqual([]);
  });

  it("copes with unicode, emoji and very long text", () => {
    const text = "😀 Héllo — 我 love it 🙂 ".repeat(400) + "healed my sore 👍";
    const flags = flagReview(text);
    expect(flags.map((f) => f.match)).toEqual(["healed my sore"]);
    expect(text.slice(flags[0]?.start, flags[0]?.end)).toBe("healed my sore");
    expect(flagReview("x".repeat(10_000))).toEqual([]);
    expect(() => flagReview("\u0000\uD800\uDFFF\uFFFF".repeat(2500))).not.toThrow();
  });

  it.each([
    ["letters", "a".repeat(20_000)],
    ["digits with spaces", "1 ".repeat(10_000)],
    ["digits with hyphens", "1-".repeat(10_000)],
    ["digits and brackets", "(1)".repeat(6_667)],
    ["email-like", "a.".repeat(10_000) + "@"],
    ["at signs", "a@".repeat(10_000)],
    ["domains", "a@b.".repeat(5_000)],
    ["claim starts", "healed my ".repeat(2_000)],
    ["conditions", "sore ".repeat(4_000)],
    ["relations", "my wife ".repeat(2_500) + "MS"],
    ["names", "Tom ".repeat(5_000) + "MS"],
    ["capitals", "Aa ".repeat(6_667)],
    ["street numbers", "12 Oak ".repeat(2_857)],
    ["hyphens and spaces", "pressure - ".repeat(1_818)],
    ["emoji", "🙂".repeat(10_000)],
  ])("stays fast on 20,000 characters of %s", (_name, text) => {
    flagReview("warm up the compiled patterns");
    const began = performance.now();
    flagReview(text);
    expect(performance.now() - began).toBeLessThan(100);
  });
});

describe("highlightSegments", () => {
  it("splits text into plain and flagged pieces that join back exactly", () => {
    const text = "Cured! I use it on the sofa. Email me@example.com";
    const flags = flagReview(text);
    const segments = highlightSegments(text, flags);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.map((s) => [s.text, s.flag?.category])).toEqual([
      ["Cured", "claim"],
      ["! I use it on the ", undefined],
      ["sofa", "off-label"],
      [". Email ", undefined],
      ["me@example.com", "personal-data"],
    ]);
  });

  it("merges overlapping flags into one piece carrying the first", () => {
    const text = "My patient Tom's pressure ulcer healed.";
    const flags = [
      {
        category: "personal-data",
        label: "Personal data",
        why: "",
        match: "patient Tom's pressure",
        start: 3,
        end: 25,
      },
      { category: "claim", label: "Medical claim", why: "", match: "pressure ulcer healed", start: 17, end: 38 },
    ] as const;
    const segments = highlightSegments(text, flags);
    expect(segments.map((s) => [s.text, s.flag?.category])).toEqual([
      ["My ", undefined],
      ["patient Tom's pressure ulcer healed", "personal-data"],
      [".", undefined],
    ]);
  });

  it("round-trips text with emoji, no flags, and flags that do not fit the text", () => {
    const text = "🙂 healed my sore 🙂";
    expect(highlightSegments(text, flagReview(text)).map((s) => s.text)).toEqual(["🙂 ", "healed my sore", " 🙂"]);
    expect(highlightSegments(text, [])).toEqual([{ text }]);
    const stale = { category: "claim", label: "", why: "", match: "x", start: 10, end: 500 } as const;
    expect(
      highlightSegments(text, [stale])
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
    expect(highlightSegments("", [])).toEqual([]);
  });
});

describe("flagSummary", () => {
  it("lists each category present once, in category order, with its distinct words", () => {
    const flags = flagReview(
      "Call 555-123-4567. It cured my ulcer and it's a miracle, a MIRACLE. Works on my couch. Call 555-123-4567.",
    );
    expect(flagSummary(flags)).toEqual([
      {
        category: "claim",
        label: "Medical claim",
        why: reviewFlagInfo.claim.why,
        matches: ["cured my ulcer", "miracle"],
      },
      {
        category: "off-label",
        label: "Use outside the intended use",
        why: reviewFlagInfo["off-label"].why,
        matches: ["couch"],
      },
      {
        category: "personal-data",
        label: "Personal data",
        why: reviewFlagInfo["personal-data"].why,
        matches: ["555-123-4567"],
      },
    ]);
  });

  it("is empty without flags, and the category list is fixed", () => {
    expect(flagSummary([])).toEqual([]);
    expect(reviewFlagCategories).toEqual(["claim", "off-label", "personal-data"]);
  });
});
