// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../tests/support/axe";
import { ErrorSummary } from "~/components/ui/field";
import { z } from "~/lib/zod";
import { arrangeField, entryField, fieldErrorsOf, readFormValue } from "./form-value";
import { arrange, errorLabels, markdownHint, SchemaFields } from "./schema-form";

// React 19 checks this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The error summary writes the HTML attribute `autofocus` on purpose (ErrorSummary), and React's
// development build warns about it.
const consoleError = console.error;
beforeAll(() => {
  console.error = (...args: unknown[]) => {
    if (String(args[0]).includes("Invalid DOM property `%s`") && args[1] === "autofocus") return;
    consoleError(...args);
  };
});
afterAll(() => {
  console.error = consoleError;
});

/** A content item with every kind of field the form draws, lists of objects inside lists of objects included. */
const PageSchema = z.object({
  heading: z
    .string()
    .min(1)
    .max(80)
    .meta({ title: "Page heading", description: "The large title at the top of the page." }),
  intro: z.string().max(1000).meta({ markdown: true }),
  summary: z.string().meta({ long: true }),
  note: z.string().optional(),
  tagline: z.string().nullable(),
  phone: z
    .object({
      display: z.string().min(1).meta({ title: "Phone, as shown" }),
      dial: z.string().regex(/^\+\d+$/, "Start with + and the country code, digits only"),
    })
    .meta({ title: "Phone", description: "How visitors call the office." }),
  founded: z.int().min(1900).max(2100),
  rating: z.number().min(0).max(5).optional(),
  published: z.boolean().meta({ description: "Shown on the site when ticked." }),
  tone: z.enum(["plain", "warm"]).meta({ choiceLabels: { plain: "Plain", warm: "Warm and friendly" } }),
  region: z.enum(["north", "south", "east", "west", "central"]).optional(),
  kind: z.literal("page"),
  clearances: z.array(z.string().min(1)).max(5),
  openDays: z.array(z.int().min(0).max(6)),
  entries: z
    .array(
      z.object({
        question: z.string().min(1).max(200),
        answer: z.string().min(1).meta({ markdown: true }),
        onHome: z.boolean().meta({ title: "Shown on the home page" }),
        links: z.array(z.object({ label: z.string().min(1), href: z.url() })),
      }),
    )
    .min(1)
    .max(20)
    .meta({ title: "Questions" }),
});
type Page = z.output<typeof PageSchema>;

const page: Page = {
  heading: "Questions and answers",
  intro: "First paragraph.\n\nSecond, with *emphasis* and a [link](https://example.com).",
  summary: "Short summary.",
  note: "Kept for staff.",
  tagline: null,
  phone: { display: "866-7AQUILA (727-8452)", dial: "+18667278452" },
  founded: 1999,
  rating: 4.5,
  published: true,
  tone: "warm",
  region: "east",
  kind: "page",
  clearances: ["FDA-cleared", "CE marked"],
  openDays: [1, 2, 3, 4, 5],
  entries: [
    {
      question: "How does it work?",
      answer: "Two sets of cells take turns.",
      onHome: true,
      links: [{ label: "Manual", href: "https://example.com/manual" }],
    },
    { question: "Is there a weight limit?", answer: "No.", onHome: false, links: [] },
    {
      question: "How long does the battery last?",
      answer: "A full day.\n\n- 24-30 hours\n- charge overnight",
      onHome: false,
      links: [
        { label: "Battery guide", href: "https://example.com/battery" },
        { label: "Charger", href: "https://example.com/charger" },
      ],
    },
  ],
};

type Props = Omit<React.ComponentProps<typeof SchemaFields>, "schema">;

/** The form as the page draws it, with the error summary the staff pages put above their fields. */
function Editor({ errors = {}, ...props }: Props) {
  return (
    <main>
      <h1>Edit the page</h1>
      <form method="post" className="grid gap-6">
        <ErrorSummary errors={errors} labels={errorLabels(PageSchema, errors)} />
        <SchemaFields schema={PageSchema} errors={errors} {...props} />
        <button type="submit">Save</button>
      </form>
    </main>
  );
}

/** The page as it arrives from the server, without JavaScript. */
function draw(props: Props) {
  document.documentElement.lang = "en";
  document.title = "Edit the page";
  document.body.innerHTML = renderToString(<Editor {...props} />);
  return document.querySelector("form")!;
}

/** What the browser posts for the form, pressing `button` (or Enter in a field: the default button). */
function post(form: HTMLFormElement, button?: HTMLButtonElement | null) {
  return new FormData(form, button ?? undefined);
}

function control(name: string) {
  return document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
}

function buttonFor(instruction: string) {
  return document.querySelector<HTMLButtonElement>(`button[name="${arrangeField}"][value="${instruction}"]`);
}

function labelText(element: HTMLElement) {
  return document.querySelector(`label[for="${element.id}"]`)?.textContent;
}

function describedBy(element: Element) {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
}

describe("a content item's form, drawn from its schema", () => {
  it("gives back exactly the value it was drawn with when saved untouched", () => {
    const form = draw({ value: page });
    const read = readFormValue(PageSchema, post(form));
    expect(read).toEqual(page);
    expect(PageSchema.parse(read)).toEqual(page);
  });

  it("draws each kind of field with the control that suits it", () => {
    draw({ value: page });
    expect(control("heading").tagName).toBe("INPUT");
    expect(control("intro").tagName).toBe("TEXTAREA");
    expect(control("summary").tagName).toBe("TEXTAREA");
    expect(control("entries.0.answer").tagName).toBe("TEXTAREA");
    expect(control("entries.0.question").tagName).toBe("INPUT");
    expect(control("founded")).toMatchObject({ type: "number", min: "1900", max: "2100", step: "1" });
    expect(control("rating")).toMatchObject({ type: "number", min: "0", max: "5", step: "any" });
    expect(control("published")).toMatchObject({ type: "checkbox", checked: true });
    expect(control("entries.1.onHome")).toMatchObject({ type: "checkbox", checked: false });
    expect(control("tone").type).toBe("radio");
    expect(control("region").tagName).toBe("SELECT");
    expect(control("entries.0.links.0.href").type).toBe("url");
    expect(document.querySelector('[name="kind"]')).toBeNull();
    expect(control("clearances.1").value).toBe("CE marked");
    expect(control("openDays.4").value).toBe("5");
  });

  it("labels each field from its metadata, or its key made readable, and marks what is required", () => {
    draw({ value: page });
    expect(labelText(control("heading"))).toBe("Page heading (required)");
    expect(describedBy(control("heading"))).toEqual(["The large title at the top of the page. Up to 80 characters."]);
    expect(labelText(control("phone.display"))).toBe("Phone, as shown (required)");
    expect(labelText(control("note"))).toBe("Note (optional)");
    expect(labelText(control("tagline"))).toBe("Tagline (optional)");
    expect(labelText(control("founded"))).toBe("Founded (required)");
    expect(describedBy(control("founded"))).toEqual(["A whole number from 1900 to 2100."]);
    expect(labelText(control("published"))).toBe("Published");
    expect(describedBy(control("published"))).toEqual(["Shown on the site when ticked."]);
    expect(labelText(control("entries.2.onHome"))).toBe("Shown on the home page");
    expect(describedBy(control("intro"))).toEqual([`Up to 1000 characters. ${markdownHint}`]);
    expect(describedBy(control("entries.0.answer"))).toEqual([markdownHint]);
    expect(describedBy(control("summary"))).toEqual([]);

    const tone = control("tone").closest("fieldset")!;
    expect(tone.querySelector("legend")?.textContent).toBe("Tone (required)");
    expect([...tone.querySelectorAll("label")].map((label) => label.textContent)).toEqual([
      "Plain",
      "Warm and friendly",
    ]);
    expect([...control("region").querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Choose one",
      "North",
      "South",
      "East",
      "West",
      "Central",
    ]);

    const phone = document.getElementById("field-phone")!;
    expect(phone.tagName).toBe("FIELDSET");
    expect(phone.querySelector("legend")?.textContent).toBe("Phone");
    expect(describedBy(phone)).toEqual(["How visitors call the office."]);
    const openDays = document.getElementById("field-openDays")!;
    expect(openDays.querySelector("legend")?.textContent).toBe("Open days");
    const entry = document.getElementById("field-entries.2")!;
    expect(entry.querySelector("legend")?.textContent).toBe("Entry 3");
    expect(describedBy(document.getElementById("field-entries")!)).toEqual(["From 1 to 20 entries."]);
  });

  it("names every button after the entry and list it arranges, and offers only the moves there are", () => {
    draw({ value: page });
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[value$=":entries.1"]')];
    expect(buttons.map((button) => [button.value, button.textContent])).toEqual([
      ["up:entries.1", "Move up Entry 2 of Questions"],
      ["down:entries.1", "Move down Entry 2 of Questions"],
      ["remove:entries.1", "Remove Entry 2 of Questions"],
    ]);
    expect(buttonFor("up:entries.0")).toBeNull();
    expect(buttonFor("down:entries.2")).toBeNull();
    expect(buttonFor("add:entries")?.textContent).toBe("Add entry to Questions");
    expect(buttonFor("add:entries.2.links")?.textContent).toBe("Add entry to Links");
    expect(buttonFor("remove:clearances.0")?.textContent).toBe("Remove Entry 1 of Clearances");
    // Every arranging button posts the form unchecked by the browser: a half-filled entry must
    // not stop the next being added.
    for (const button of document.querySelectorAll(`button[name="${arrangeField}"]`))
      expect(button.hasAttribute("formnovalidate")).toBe(true);
  });

  it("saves, rather than arranging a list, when the editor presses Enter in a field", () => {
    const form = draw({ value: page });
    // Enter submits with the form's default button: the first submit button in it.
    const first = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    expect(first.name).toBe("");
    expect(first.closest("[aria-hidden=true]")).not.toBeNull();
    expect(first.tabIndex).toBe(-1);
    expect(post(form, first).has(arrangeField)).toBe(false);
  });

  it("limits what a list offers to what its schema allows", () => {
    const full = { ...page, clearances: ["a", "b", "c", "d", "e"], entries: page.entries.slice(0, 1) };
    draw({ value: full });
    expect(buttonFor("add:clearances")).toBeNull();
    expect(buttonFor("remove:entries.0")).toBeNull();
    expect(document.getElementById("field-entries.0")).not.toBeNull();
  });

  it("reads an entry back even when all it holds are unticked boxes", () => {
    const Schema = z.object({ days: z.array(z.object({ open: z.boolean(), staffed: z.boolean() })) });
    const value = {
      days: [
        { open: false, staffed: false },
        { open: true, staffed: false },
      ],
    };
    document.body.innerHTML = renderToString(
      <form>
        <SchemaFields schema={Schema} value={value} />
      </form>,
    );
    const sent = post(document.querySelector("form")!);
    expect(sent.getAll(entryField)).toEqual(["days.0", "days.1"]);
    expect(readFormValue(Schema, sent)).toEqual(value);
  });

  it("shows each message next to its field, tied to it, with a summary that links to it", async () => {
    const typed = {
      ...page,
      heading: "",
      founded: "19x9",
      phone: { display: "866-7AQUILA", dial: "866" },
      entries: [
        { ...page.entries[0]!, links: [{ label: "Manual", href: "not a web address" }] },
        { ...page.entries[1]!, question: "x".repeat(201) },
      ],
    };
    const result = PageSchema.safeParse(typed);
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.error!, typed);
    expect(errors).toEqual({
      heading: "Required",
      founded: "Enter a number",
      "phone.dial": "Start with + and the country code, digits only",
      "entries.0.links.0.href": "Enter a web address, like https://example.com",
      "entries.1.question": "At most 200 characters",
    });
    draw({ value: typed, errors });

    for (const [name, message] of Object.entries(errors)) {
      const field = control(name);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const error = document.getElementById(`${field.id}-error`)!;
      expect(error.textContent).toBe(message);
      expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
      // Next to it: in the same field, right after the control (and its hint).
      expect(error.parentElement).toBe(field.parentElement);
    }
    // The number typed is shown again as typed.
    expect(control("founded").getAttribute("value")).toBe("19x9");
    expect(control("entries.1.question").value).toBe("x".repeat(201));
    // Only the fields with a mistake are marked.
    expect(document.querySelectorAll("[aria-invalid=true]")).toHaveLength(Object.keys(errors).length);

    const summary = document.querySelector('[role="alert"]')!;
    const links = [...summary.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Page heading: Required", "#field-heading"],
      ["Phone, Dial: Start with + and the country code, digits only", "#field-phone.dial"],
      ["Founded: Enter a number", "#field-founded"],
      [
        "Questions, Entry 1, Links, Entry 1, Href: Enter a web address, like https://example.com",
        "#field-entries.0.links.0.href",
      ],
      ["Questions, Entry 2, Question: At most 200 characters", "#field-entries.1.question"],
    ]);
    for (const [, href] of links) expect(document.getElementById(href!.slice(1))).not.toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows a message about a whole list on the list, tied to it", () => {
    const typed = { ...page, entries: [] };
    const errors = fieldErrorsOf(PageSchema.safeParse(typed).error!);
    expect(errors).toEqual({ entries: "Add at least one entry" });
    draw({ value: typed, errors });
    const list = document.getElementById("field-entries")!;
    expect(describedBy(list)).toEqual(["From 1 to 20 entries.", "Add at least one entry"]);
    expect(list.querySelector("p")?.textContent).toBe("From 1 to 20 entries.");
    expect(list.textContent).toContain("No entries yet.");
  });

  it("passes axe as stored, and with every list empty", async () => {
    draw({ value: page });
    expect(await axeViolations()).toEqual([]);
    draw({ value: { ...page, clearances: [], openDays: [], entries: [] } });
    expect(await axeViolations()).toEqual([]);
  });

  it("refuses a schema it has no control for, naming the field", () => {
    const Dated = z.object({ events: z.array(z.object({ on: z.date() })) });
    expect(() => renderToString(<SchemaFields schema={Dated} value={{}} />)).toThrow(
      "The field events.N.on: the form has no control for a date schema.",
    );
    expect(() => renderToString(<SchemaFields schema={z.string()} value="" />)).toThrow("z.object");
  });
});

describe("arranging a list without JavaScript", () => {
  it("adds a blank entry at the end, with what the entry's schema starts it with", () => {
    const added = arrange(page, "add:entries", PageSchema) as Page;
    expect(added.entries).toHaveLength(4);
    expect(added.entries[3]).toEqual({ question: "", answer: "", onHome: false, links: [] });
    expect(added.entries.slice(0, 3)).toEqual(page.entries);
    expect((arrange(page, "add:clearances", PageSchema) as Page).clearances).toEqual(["FDA-cleared", "CE marked", ""]);
    expect((arrange(page, "add:entries.1.links", PageSchema) as Page).entries[1]!.links).toEqual([
      { label: "", href: "" },
    ]);
    const Defaults = z.object({ rows: z.array(z.object({ size: z.int().default(3), note: z.string().optional() })) });
    expect(arrange({ rows: [] }, "add:rows", Defaults)).toEqual({ rows: [{ size: 3 }] });
  });

  it("removes the entry named, and moves one up or down past its neighbour", () => {
    const questions = (value: unknown) => (value as Page).entries.map((entry) => entry.question);
    const [first, second, third] = questions(page);
    expect(questions(arrange(page, "remove:entries.1", PageSchema))).toEqual([first, third]);
    expect(questions(arrange(page, "up:entries.2", PageSchema))).toEqual([first, third, second]);
    expect(questions(arrange(page, "down:entries.0", PageSchema))).toEqual([second, first, third]);
    const links = arrange(page, "down:entries.2.links.0", PageSchema) as Page;
    expect(links.entries[2]!.links.map((link) => link.label)).toEqual(["Charger", "Battery guide"]);
    expect((arrange(page, "remove:openDays.0", PageSchema) as Page).openDays).toEqual([2, 3, 4, 5]);
    // The value it was given is left as it was.
    expect(questions(page)).toEqual([first, second, third]);
  });

  it("leaves the value as it was for an instruction with no place in it, or past the list's limits", () => {
    const one = { ...page, entries: page.entries.slice(0, 1) };
    const full = { ...page, clearances: ["a", "b", "c", "d", "e"] };
    for (const [value, instruction] of [
      [page, "up:entries.0"],
      [page, "down:entries.2"],
      [page, "remove:entries.3"],
      [page, "remove:entries"],
      [page, "add:heading"],
      [page, "add:phone"],
      [page, "add:nothing"],
      [page, "remove:entries.01"],
      [page, "sideways:entries.1"],
      [page, "add:entries.7.links"],
      [page, ""],
      [one, "remove:entries.0"],
      [full, "add:clearances"],
      [{ heading: "No lists at all" }, "add:entries.0.links"],
    ] as const)
      expect(arrange(value, instruction, PageSchema), instruction).toBe(value);
  });

  it("keeps everything typed, takes the editor back to what moved, and shows it there after the post", async () => {
    let form = draw({ value: page });
    // The editor changes the second question and the first clearance, then moves the entry up.
    control("entries.1.question").value = "Is there a weight limit at all?";
    control("clearances.0").value = "FDA cleared";
    const button = buttonFor("up:entries.1");
    const sent = post(form, button);
    expect(sent.get(arrangeField)).toBe("up:entries.1");

    // The action: read what was posted, unchecked, arrange it, and draw the form again.
    const instruction = String(sent.get(arrangeField));
    const arranged = arrange(readFormValue(PageSchema, sent), instruction, PageSchema);
    form = draw({ value: arranged, arranged: instruction });
    expect(control("entries.0.question").value).toBe("Is there a weight limit at all?");
    expect(control("entries.1.question").value).toBe("How does it work?");
    expect(control("clearances.0").value).toBe("FDA cleared");
    // The moved entry is now first: its "Move down" takes focus as the page arrives.
    expect([...document.querySelectorAll("[autofocus]")].map((element) => element.id)).toEqual([
      "field-entries.0-down",
    ]);

    // Removing the last entry leaves focus on the one before it; adding, on the new entry.
    const afterRemove = arrange(readFormValue(PageSchema, post(form)), "remove:entries.2", PageSchema);
    draw({ value: afterRemove, arranged: "remove:entries.2" });
    expect([...document.querySelectorAll("[autofocus]")].map((element) => element.id)).toEqual(["field-entries.1"]);
    const afterAdd = arrange(afterRemove, "add:clearances", PageSchema);
    draw({ value: afterAdd, arranged: "add:clearances" });
    expect([...document.querySelectorAll("[autofocus]")].map((element) => element.id)).toEqual(["field-clearances.2"]);
    expect(await axeViolations()).toEqual([]);
  });
});

describe("arranging a list with JavaScript", () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    act(() => unmount?.());
    unmount = undefined;
  });

  it("shows each answer's values in place of what was typed and moves focus to what moved", async () => {
    const container = document.createElement("div");
    document.body.replaceChildren(container);
    const root = createRoot(container);
    unmount = () => root.unmount();
    await act(async () => root.render(<Editor value={page} />));
    // Typed over, then moved down: the answer's value replaces what the field showed.
    control("entries.0.question").value = "Typed, then moved";
    const moved = arrange(page, "down:entries.0", PageSchema);
    await act(async () => root.render(<Editor value={moved} arranged="down:entries.0" />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(control("entries.0.question").value).toBe("Is there a weight limit?");
    expect(control("entries.1.question").value).toBe("How does it work?");
    expect(document.activeElement?.id).toBe("field-entries.1-down");

    // The same move again is a new answer, and focus follows the entry again.
    const again = arrange(moved, "down:entries.1", PageSchema);
    await act(async () => root.render(<Editor value={again} arranged="down:entries.1" />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(control("entries.2.question").value).toBe("How does it work?");
    expect(document.activeElement?.id).toBe("field-entries.2-up");
  });
});
