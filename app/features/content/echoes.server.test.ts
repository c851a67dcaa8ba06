import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { initialContent } from "~/content/live";
import { itemState, publish, saveDraft, writeInitialContent } from "~/content/store.server";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { changedValues, echoesOf, findEchoes } from "./echoes.server";

setLogLevel("silent");

const ada: Staff = { accountId: "a1", username: "ada" };

describe("changedValues", () => {
  it("lists each value changed at its place, once, leaving out one-character and paragraph-long values", () => {
    const before = { name: "SofTech", days: 30, again: "SofTech", tiny: "a", flag: true, list: ["one", "two"] };
    const after = { name: "SofTech Pro", days: 60, again: "SofTech Pro", tiny: "b", flag: false, list: ["one", "2"] };
    expect(changedValues(before, after)).toEqual([
      { before: "SofTech", after: "SofTech Pro" },
      { before: "30", after: "60" },
      { before: "two", after: "2" },
    ]);
    expect(changedValues({ body: "x".repeat(121) }, { body: "y" })).toEqual([]);
    // A field the new value no longer has is not a change of wording elsewhere.
    expect(changedValues({ gone: "SofTech" }, {})).toEqual([]);
  });
});

describe("findEchoes", () => {
  const bodies = [
    { key: "faq", title: "FAQ", body: [{ answer: "Our 30-day guarantee covers it. Call within 30 days." }] },
    {
      key: "specs",
      title: "Specifications",
      body: {
        battery: "24-300 minutes",
        again: "a 130-day wait",
        range: "24-30 hours",
        other: "30–45 days, 3.30 kg, 24 to 30 hours",
      },
    },
    { key: "home", title: "Home", body: { text: "Nothing about it." } },
  ];

  it("finds a value only as a whole, counts each place and quotes the words around it", () => {
    const [echo] = findEchoes([{ before: "30", after: "60" }], bodies);
    expect(echo).toEqual({
      before: "30",
      after: "60",
      places: [
        {
          key: "faq",
          title: "FAQ",
          count: 2,
          snippets: ["Our 30-day guarantee covers it. Call within…", "…guarantee covers it. Call within 30 days."],
        },
      ],
    });
  });

  it("cuts a long text between words, to those around the value", () => {
    const long = `${"a ".repeat(60)}SofTech${" b".repeat(60)}`;
    const [echo] = findEchoes([{ before: "SofTech", after: "X" }], [{ key: "k", title: "K", body: { long } }]);
    const [snippet] = echo?.places[0]?.snippets ?? [];
    // Cut between words, at most 40 characters either side.
    expect(snippet).toMatch(/^…(a ){19}SofTech( b){19}…$/);
  });

  it("leaves out a value written nowhere else", () => {
    expect(findEchoes([{ before: "Firm", after: "Hard" }], bodies)).toEqual([]);
  });
});

describe.each(testDialects)("echoesOf on %s", (dialect) => {
  useTestDatabase(dialect);

  it("after the product's name changes, lists the other items that still write the old one, until they are changed", async () => {
    await writeInitialContent();
    const first = (await itemState("company"))!;
    const renamed = { ...(first.published.body as object), productName: "AirSeat" };

    // A draft: its changes are looked for in what is published elsewhere.
    const saved = await saveDraft("company", renamed, first.edition, ada);
    expect(saved.ok).toBe(true);
    const state = (await itemState("company"))!;
    const inDraft = await echoesOf("company", state.draft?.body, state.published);
    expect(inDraft.map((echo) => [echo.before, echo.after])).toEqual([["SofTech", "AirSeat"]]);
    const keys = inDraft[0]!.places.map((place) => place.key);
    expect(keys).toEqual(expect.arrayContaining(["about", "life-stories", "faq"]));
    expect(keys).not.toContain("company");

    // Published: the same places, read from the version before.
    const published = await publish("company", renamed, state.edition, ada);
    expect(published.ok).toBe(true);
    const after = (await itemState("company"))!;
    const afterPublish = await echoesOf("company", undefined, after.published);
    expect(afterPublish[0]?.places.map((place) => place.key)).toEqual(keys);

    // The About page rewritten with the new name is no longer listed.
    const about = (await itemState("about"))!;
    const aboutBody = JSON.parse(JSON.stringify(about.published.body).replaceAll("SofTech", "AirSeat")) as unknown;
    expect((await publish("about", aboutBody, about.edition, ada)).ok).toBe(true);
    const later = await echoesOf("company", undefined, after.published);
    expect(later[0]?.places.map((place) => place.key)).toEqual(keys.filter((key) => key !== "about"));
  });

  it("says nothing for an item published once, or a change written nowhere else", async () => {
    await writeInitialContent();
    const credit = (await itemState("credit"))!;
    expect(credit.published.version).toBe(1);
    expect(await echoesOf("credit", undefined, credit.published)).toEqual([]);
    const commitments = (await itemState("commitments"))!;
    const initial = initialContent("commitments") as { shipping: object };
    // Shipping abroad is stated on the paying page alone (the guides quote the reconfiguration).
    const body = { ...initial, shipping: { ...initial.shipping, abroad: "To Canada and Mexico; ask us for others" } };
    expect(await echoesOf("commitments", JSON.parse(JSON.stringify(body)), commitments.published)).toEqual([]);
  });
});
