import { contentItem } from "~/content/items";
import { itemState } from "~/content/store.server";
import { db } from "~/lib/db.server";
import { formSchemaOf, formValueOf } from "./form-schema";
import { childName, childOf, objectShapeOf, type Shape } from "./schema-shape";

/**
 * What one item names in another, checked when it is published: the home page's questions are
 * anchors of the FAQ's. Each item's schema checks the item alone; these read the other item as
 * published, so neither can be published to leave the home page naming a question there is not.
 * Answers each problem by the form's field name, as the schema's messages are.
 */
export async function crossItemErrors(key: string, value: unknown): Promise<Record<string, string>> {
  const files = await fileErrors(key, value);
  if (Object.keys(files).length > 0) return files;
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

/** Every file field's choice in `value`: its form name, the kind of file, and the upload id. */
function chosenFiles(shape: Shape, value: unknown, name: string): Array<{ name: string; kind: string; id: string }> {
  switch (shape.kind) {
    case "text":
      return shape.file && typeof value === "string" ? [{ name, kind: shape.file, id: value }] : [];
    case "object":
      return shape.fields.flatMap(([key, field]) => chosenFiles(field, childOf(value, key), childName(name, key)));
    case "list":
      return Array.isArray(value)
        ? value.flatMap((entry, index) => chosenFiles(shape.item, entry, childName(name, index)))
        : [];
    default:
      return [];
  }
}

/** A file an item names must be an upload of its kind: a page would otherwise link to nothing. */
async function fileErrors(key: string, value: unknown): Promise<Record<string, string>> {
  const item = contentItem(key);
  if (!item) return {};
  const chosen = chosenFiles(objectShapeOf(formSchemaOf(item.schema)), formValueOf(item.schema, value), "");
  if (chosen.length === 0) return {};
  const rows = await db()
    .selectFrom("uploads")
    .select(["id", "kind"])
    .where(
      "id",
      "in",
      chosen.map((file) => file.id),
    )
    .execute();
  const kinds = new Map(rows.map((row) => [row.id, row.kind]));
  const errors: Record<string, string> = {};
  for (const file of chosen)
    if (kinds.get(file.id) !== file.kind)
      errors[file.name] =
        file.kind === "manual" ? "Choose a PDF uploaded under Files" : "Choose a photo uploaded under Files";
  return errors;
}
