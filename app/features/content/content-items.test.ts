import { describe, expect, it } from "vitest";
import { formSchemaOf, formValueOf, itemValueOf } from "./form-schema";
import { readFormValue } from "./form-value";
import { objectShapeOf } from "./schema-shape";
import { contentFormData } from "../../../tests/support/content-form";
import { contentItems } from "~/content/items";
import { initialContent } from "~/content/live";

describe("every content item in the admin's form", () => {
  it.each(contentItems.map((item) => [item.key, item] as const))(
    "%s: the form draws it, and sent back unchanged it is the value the site shows now",
    (_key, item) => {
      const formSchema = formSchemaOf(item.schema);
      expect(() => objectShapeOf(formSchema)).not.toThrow();
      const initial = JSON.parse(JSON.stringify(initialContent(item.key))) as unknown;
      // As the browser posts the form an editor opened and sent without a change.
      const posted = readFormValue(formSchema, contentFormData(formValueOf(item.schema, initial)));
      const parsed = formSchema.safeParse(posted);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(itemValueOf(item.schema, parsed.data)).toEqual(initial);
    },
  );
});
