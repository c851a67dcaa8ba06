import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { itemState, writeInitialContent } from "~/content/store.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { crossItemErrors } from "./cross-checks.server";

setLogLevel("silent");

describe.each(testDialects)("checks between items, on %s", (dialect) => {
  useTestDatabase(dialect);

  it("keeps the home page's questions among the FAQ's, from either side", async () => {
    await writeInitialContent();
    const faq = (await itemState("faq"))!.published.body as Array<{ id: string; question: string; answer: string }>;
    const shown = (await itemState("faq-home"))!.published.body as string[];
    expect(await crossItemErrors("faq", faq)).toEqual({});
    expect(await crossItemErrors("faq-home", shown)).toEqual({});

    expect(await crossItemErrors("faq-home", [shown[0], "no-such-question"])).toEqual({
      "entries.1": "No question in the FAQ has the anchor no-such-question: use one of its questions' anchors",
    });
    const withoutFirst = faq.filter((question) => question.id !== shown[0]);
    expect(await crossItemErrors("faq", withoutFirst)).toEqual({
      entries: `The home page shows the question ${shown[0]}: keep it, or first choose others in Questions on the home page`,
    });
    // Other items name nothing elsewhere.
    expect(await crossItemErrors("credit", { label: "x", href: "/" })).toEqual({});
  });
});
