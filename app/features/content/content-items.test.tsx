// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentItems } from "~/content/items";
import { initialContent } from "~/content/live";
import { formSchemaOf, formValueOf, itemValueOf } from "./form-schema";
import { readFormValue } from "./form-value";
import { SchemaFields } from "./schema-form";

describe("every content item in the admin's form", () => {
  it.each(contentItems.map((item) => [item.key, item] as const))(
    "%s: the form draws it, and sent back unchanged it is the value the site shows now",
    (_key, item) => {
      const formSchema = formSchemaOf(item.schema);
      const initial = JSON.parse(JSON.stringify(initialContent(item.key))) as unknown;
      document.body.innerHTML = renderToString(
        <form>
          <SchemaFields schema={formSchema} value={formValueOf(item.schema, initial)} />
        </form>,
      );
      // As the browser posts the form an editor opened and sent without a change.
      const posted = readFormValue(formSchema, new FormData(document.querySelector("form")!));
      const parsed = formSchema.safeParse(posted);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(itemValueOf(item.schema, parsed.data)).toEqual(initial);
    },
  );
});
