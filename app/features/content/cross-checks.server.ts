import { itemState } from "~/content/store.server";

/**
 * What one item names in another, checked when it is published: the home page's questions are
 * anchors of the FAQ's. Each item's schema checks the item alone; these read the other item as
 * published, so neither can be published to leave the home page naming a question there is not.
 * Answers each problem by the form's field name, as the schema's messages are.
 */
export async function crossItemErrors(key: string, value: unknown): Promise<Record<string, string>> {
  if (key === "faq-home") {
    const anchors = new Set(await publishedAnchors());
    const errors: Record<string, string> = {};
    (value as string[]).forEach((anchor, at) => {
      if (!anchors.has(anchor))
        errors[`entries.${at}`] = `No question in the FAQ has the anchor ${anchor}: use one of its questions' anchors`;
    });
    return errors;
  }
  if (key === "faq") {
    const kept = new Set((value as Array<{ id: string }>).map((question) => question.id));
    const shown = ((await itemState("faq-home"))?.published.body as string[] | undefined) ?? [];
    const dropped = shown.filter((anchor) => !kept.has(anchor));
    if (dropped.length > 0)
      return {
        entries: `The home page shows ${dropped.length === 1 ? "the question" : "the questions"} ${dropped.join(", ")}: keep ${dropped.length === 1 ? "it" : "them"}, or first choose others in Questions on the home page`,
      };
  }
  return {};
}

async function publishedAnchors(): Promise<string[]> {
  const body = (await itemState("faq"))?.published.body as Array<{ id: string }> | undefined;
  return body?.map((question) => question.id) ?? [];
}
