// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contentItems } from "~/content/items";
import { initialContent } from "~/content/live";
import { axe } from "~/lib/test-axe";
import { formSchemaOf, formValueOf, itemValueOf } from "./form-schema";
import { fieldErrorsOf, readFormValue } from "./form-value";
import { SchemaFields } from "./schema-form";
import { objectShapeOf, type Shape } from "./schema-shape";

/**
 * What axe checks of each item's form: that every control is named and told what is wrong with it,
 * ids are unique, and lists, groups and headings are well formed. (The whole set of rules, on the
 * whole page, runs in the browser tests of a few items; on every form of every item it would take
 * a minute.)
 */
const formRules = [
  "label",
  "form-field-multiple-labels",
  "duplicate-id",
  "duplicate-id-aria",
  "aria-valid-attr",
  "aria-valid-attr-value",
  "aria-allowed-attr",
  "aria-required-attr",
  "aria-prohibited-attr",
  "button-name",
  "link-name",
  "list",
  "listitem",
  "nested-interactive",
  "empty-heading",
  "heading-order",
  "select-name",
  "autocomplete-valid",
];

/** The dotted names of the lists in `shape` that set no limit on their entries. */
function unlimitedLists(shape: Shape, at = ""): string[] {
  if (shape.kind === "list")
    return [...(shape.maxLength === undefined ? [at] : []), ...unlimitedLists(shape.item, `${at}.N`)];
  if (shape.kind === "object")
    return shape.fields.flatMap(([key, field]) => unlimitedLists(field, at ? `${at}.${key}` : key));
  return [];
}

describe("every content item in the admin's form", () => {
  it("sets a limit on every list, so no form grows past what a page can show and a post can carry", () => {
    const unlimited = contentItems.flatMap((item) =>
      unlimitedLists(objectShapeOf(formSchemaOf(item.schema))).map((list) => `${item.key}: ${list}`),
    );
    expect(unlimited).toEqual([]);
  });

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

  it.each(contentItems.map((item) => [item.key, item] as const))(
    "%s: the form with every text emptied shows each refusal on its field, with nothing axe can find without layout",
    async (_key, item) => {
      const formSchema = formSchemaOf(item.schema);
      const value = formValueOf(item.schema, JSON.parse(JSON.stringify(initialContent(item.key))) as unknown);
      // Each list keeps its first two entries: a third is drawn as the second is, and axe's time
      // grows with the page (the privacy policy's whole form took seven seconds).
      const emptied = JSON.parse(
        JSON.stringify(value, (_k, v: unknown) => (typeof v === "string" ? "" : Array.isArray(v) ? v.slice(0, 2) : v)),
      ) as unknown;
      const parsed = formSchema.safeParse(emptied);
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error, emptied);
      const { document: page, violations } = await axe(
        renderToString(
          <main>
            <h1>{item.title}</h1>
            <form method="post">
              <SchemaFields schema={formSchema} value={emptied} errors={errors} idPrefix={`content-${item.key}`} />
              <button type="submit">Save draft</button>
            </form>
          </main>,
        ),
        item.title,
        formRules,
      );
      expect(violations).toEqual([]);
      // Each message is on the page, and as many fields are marked invalid as there are messages on fields.
      for (const message of Object.values(errors)) expect(page.body.textContent).toContain(message);
      expect(page.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThanOrEqual(
        Math.min(1, Object.keys(errors).length),
      );
    },
  );
});
