import type { Locator, Page } from "@playwright/test";
import { testStaff } from "../support/seed";
import { contrastRatio } from "../support/contrast";
import { servedFromMemory } from "../support/kept-pages";
import { expectPublic, publicHtml, publishedValue, publishShownWithinMs, putBack, storedItem } from "./content";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { escaped, expectFieldError } from "./forms";
import { signInAsStaff } from "./seed";

/**
 * The admin's content pages as editors and owners use them: mistakes told field by field with
 * everything typed kept, a draft previewed as the real page while visitors still see what is
 * published, a publish that every public page shows within seconds, a restore, two editors on one
 * item, and an owner's review of a claim.
 *
 * Every spec reads the same site, so these change only what no other spec reads (the footer's
 * credit, the answer about a weight limit) and put it back in a `finally` (./content.ts). The
 * company's facts are only ever sent with mistakes, which store nothing.
 */

// A refused save answers 400, a save from an out-of-date form 409; the browser logs both.
test.use({ allowedConsoleErrors: [/status of 40[09]/], viewport: { width: 1280, height: 1000 } });

/** Pages that show the footer's credit: prerendered files (/about, /faq) and a kept page (/contact). */
const creditPages = ["/about", "/faq", "/contact"];

/** A mark of this run, so a page that shows a text shows this run's. */
const runMark = () => Date.now().toString(36);

const statusOf = (page: Page) => page.getByRole("status");
const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: /problems? with the form/ });

/** The test editor's name, as the pages print it, for a pattern. */
const editorName = escaped(testStaff.editor.username);

test("an editor's mistakes are told field by field with everything typed kept; a draft is previewed, published to every page, and restored", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.slow();
  await signInAsStaff(context, baseURL ?? "", "editor");
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await expectNoAxeViolations(page, "content list");

  // The company's facts: mistakes only, so nothing is stored.
  await page.getByRole("link", { name: "Company facts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company facts" })).toBeVisible();
  const founded = page.getByLabel(/^Year founded/);
  const dial = page.getByLabel(/^Phone, to dial/);
  await founded.fill("2200");
  await dial.fill("12345");
  // A closed day: the list's own button adds the field, and takes the editor to it.
  await page.getByRole("button", { name: "Add entry to Days the office is closed" }).click();
  const closedDay = page.getByLabel(/^Closed day 1/);
  await expect(closedDay).toBeFocused();
  await expect(closedDay).toHaveValue("");
  await closedDay.fill("2026-02-30");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(statusOf(page)).toHaveText("Nothing was saved: see the fields below.");
  const companySummary = errorSummary(page);
  await expect(companySummary).toBeFocused();
  await expect(companySummary.getByRole("heading")).toHaveText("There are 3 problems with the form");
  await expect(companySummary.getByRole("link")).toHaveText([
    "Year founded: At most 2100",
    /^Phone, Phone, to dial: Enter the number to dial as \+/,
    /^Business hours \(for reply promises\), Days the office is closed, Closed day 1: Enter a date as year-month-day/,
  ]);
  await expectFieldError(founded, "At most 2100");
  await expectFieldError(dial, "Enter the number to dial as + and the country code and number");
  await expectFieldError(closedDay, "Enter a date as year-month-day, for example 2026-12-24");
  const typedKept = async () => {
    await expect(founded).toHaveValue("2200");
    await expect(dial).toHaveValue("12345");
    await expect(closedDay).toHaveValue("2026-02-30");
    await expect(companySummary).toBeVisible();
  };
  await typedKept();
  await expectNoAxeViolations(page, "company facts with mistakes");
  // The summary's link takes the editor to the field, and the skip link to the page's main part;
  // neither forgets the answer.
  await companySummary.getByRole("link", { name: /Closed day 1/ }).click();
  await expect(closedDay).toBeFocused();
  await typedKept();
  await page.getByRole("link", { name: "Skip to main content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
  await typedKept();

  // The footer's credit: a draft, a preview, a publish and a restore.
  const start = storedItem("credit");
  const published = publishedValue<{ label: string; href: string }>(start);
  const label = `Website by the e2e credit check ${runMark()}`;
  try {
    await page.goto("/admin/content/credit");
    await expect(page.getByRole("heading", { level: 1, name: "Website credit" })).toBeVisible();
    await expectNoAxeViolations(page, "credit");
    const text = page.getByLabel(/^Credit text/);
    const link = page.getByLabel(/^Credit link/);
    const todo = page.getByLabel(/^What is still needed/);
    await expect(text).toHaveValue(published.label);
    // A text longer than its limit: the field takes what its hint says, and no more.
    await expect(text).toHaveAccessibleDescription("Up to 120 characters.");
    await text.fill("W".repeat(130));
    await expect(text).toHaveValue("W".repeat(120));
    await text.fill("");
    await link.fill("http://example.com");
    const note = `Kept while the form is refused ${runMark()}`;
    await todo.fill(note);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(statusOf(page)).toHaveText("Nothing was published: see the fields below.");
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole("link")).toHaveText([
      "Credit text: Required",
      "Credit link: Enter a path on this site (starting with /) or an address starting with https://",
    ]);
    await expectFieldError(text, "Required");
    await expectFieldError(link, "Enter a path on this site (starting with /) or an address starting with https://");
    await expect(text).toHaveValue("");
    await expect(link).toHaveValue("http://example.com");
    await expect(todo).toHaveValue(note);
    await expect(page.getByLabel("Still a placeholder")).toBeChecked();
    await expectNoAxeViolations(page, "credit with mistakes");
    expect(storedItem("credit"), "nothing stored").toEqual(start);

    // Fixed, saved and previewed: the real page with the draft, for the editor alone.
    await text.fill(label);
    await link.fill(published.href);
    const preview = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/credit/preview"));
    await page.getByRole("button", { name: "Save and preview" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/credit\/preview$/);
    // Kept by no browser or cache (the admin's own "no-store" is sent beside the preview's).
    const cacheControl = (await (await preview).headersArray())
      .filter((header) => header.name.toLowerCase() === "cache-control")
      .map((header) => header.value);
    expect(cacheControl).toContain("private, no-store");
    expect(cacheControl.filter((value) => !/\bno-store\b/.test(value))).toEqual([]);
    await expect(page.getByRole("complementary", { name: "Preview" })).toContainText("Preview of a draft.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: label })).toBeVisible();
    // Visitors still read what is published, on every page.
    for (const path of creditPages) {
      const html = await publicHtml(request, path);
      expect(html, path).toContain(published.label);
      expect(html, path).not.toContain(label);
    }

    await page.getByRole("link", { name: "Back to editing" }).click();
    await expect(
      page.getByText(new RegExp(`A draft saved by ${editorName}, .* is not published yet\\.`)),
    ).toBeVisible();
    await expect(text).toHaveValue(label);
    await expect(todo).toHaveValue(note);
    await page.getByRole("button", { name: "Publish" }).click();
    const version = start.version + 1;
    await expect(statusOf(page)).toHaveText(`Published as version ${version}: every page shows it within seconds.`);
    await expectPublic(request, creditPages, label);
    // …and /contact's is its kept copy, drawn again with the change, not only a render of its own.
    await expect
      .poll(
        async () => {
          const response = await request.get("/contact");
          const kept = servedFromMemory(response.status(), response.headers()["content-security-policy"]);
          return kept && (await response.text()).includes(label);
        },
        { message: "a kept copy of /contact with the new credit", timeout: publishShownWithinMs },
      )
      .toBe(true);
    const versions = page.getByRole("region", { name: "Versions" }).getByRole("listitem");
    await expect(versions.first()).toHaveText(new RegExp(`^Version ${version}, by ${editorName}, .* — published now$`));
    await expect(page.getByText("No unpublished draft.")).toBeVisible();

    // The version before, restored: published again as a new version, on every page.
    await page.getByRole("button", { name: `Restore version ${start.version}` }).click();
    await expect(statusOf(page)).toHaveText(
      `Version ${start.version} restored: it is published as version ${version + 1}.`,
    );
    await expect(text).toHaveValue(published.label);
    await expect(versions.first()).toHaveText(
      new RegExp(
        `^Version ${version + 1}, by ${editorName}, .* \\(restored from version ${start.version}\\) — published now$`,
      ),
    );
    await expectPublic(request, creditPages, published.label);
    await expectPublic(request, creditPages, label, { shown: false });
  } finally {
    await putBack(page, "credit", start);
  }
});

test("two editors change one item: the second's publish is refused with who changed it and what, and keeps what they typed", async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  await signInAsStaff(context, baseURL ?? "", "editor");
  const theirs = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } });
  await signInAsStaff(theirs, baseURL ?? "", "secondEditor");
  const other = await theirs.newPage();
  const start = storedItem("faq");
  // The answer about a weight limit: sixth of the questions, read by no other spec.
  const answerOf = (on: Page) => on.getByRole("group", { name: "Question 6" }).getByLabel(/^Answer/);
  const mark = runMark();
  const first = `No. There is no weight limit at all (first editor, ${mark}).`;
  const second = `No. The cushion has no weight limit (second editor, ${mark}).`;
  try {
    await page.goto("/admin/content/faq");
    await other.goto("/admin/content/faq");
    // As the `page` fixture does for its own page: typing before React has hydrated the form
    // would race it.
    await other.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    for (const on of [page, other])
      await expect(on.getByRole("group", { name: "Question 6" }).getByLabel(/^Anchor/)).toHaveValue("weight-limit");
    await answerOf(other).fill(first);
    await answerOf(page).fill(second);
    await other.getByRole("button", { name: "Publish" }).click();
    await expect(statusOf(other)).toHaveText(/^Published as version/);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(statusOf(page)).toHaveText(
      "Someone else changed this item while you were editing. Nothing was overwritten: your version is below, with their changes listed.",
    );
    const conflict = page.getByRole("region", {
      name: new RegExp(`^Changed by ${escaped(testStaff.secondEditor.username)}, `),
    });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("listitem")).toHaveText([
      `Frequently asked questions, Question 6, Answer: theirs reads “${first}”`,
    ]);
    await expect(conflict.getByRole("link", { name: "start again from their version" })).toBeVisible();
    await expect(answerOf(page)).toHaveValue(second);
    await expectNoAxeViolations(page, "faq with a conflict");
    await expectPublic(request, ["/faq"], first);
    expect(await publicHtml(request, "/faq")).not.toContain(second);

    // Having read theirs, the editor may still replace it: the form has moved on to their version.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(statusOf(page)).toHaveText(/^Published as version/);
    await expectPublic(request, ["/faq"], second);
  } finally {
    await theirs.close();
    await putBack(page, "faq", start);
  }
});

test("the footer's words are an item: renamed, they are on every page, drawn or prerendered, and React keeps them", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.slow();
  await signInAsStaff(context, baseURL ?? "", "editor");
  await page.goto("/admin/content");
  const frame = page.getByRole("region", { name: "Header, footer and error pages" });
  await expect(frame.getByRole("link")).toHaveText(["Header menu", "Footer", "Page not found and error page"]);
  // The footer's heading over the phone and email: no other spec reads it, and it is put back.
  const start = storedItem("footer");
  const heading = `Reach us ${runMark()}`;
  const pages = ["/about", "/faq", "/", "/contact"];
  try {
    await page.goto("/admin/content/footer");
    await expect(page.getByRole("heading", { level: 1, name: "Footer" })).toBeVisible();
    await page.getByLabel(/^Heading of the phone, email and hours/).fill(heading);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(statusOf(page)).toHaveText(/^Published as version \d+: every page shows it within seconds\.$/);
    await expectPublic(request, pages, heading);
    // A page React runs reads the item the server drew it with: the heading stays once it has hydrated.
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated");
      await expect(page.getByRole("contentinfo").getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
  } finally {
    await putBack(page, "footer", start);
  }
  await expectPublic(request, pages, heading, { shown: false });
});

test("a fact changed in a draft lists the other items that still write it the old way, with the words around it", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "editor");
  // A draft only: no public page and no other spec reads it; it is discarded at the end.
  const start = storedItem("commitments");
  try {
    await page.goto("/admin/content/commitments");
    await page.getByLabel(/^Satisfaction guarantee \(days\)/).fill("45");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(statusOf(page)).toHaveText("Draft saved. Nobody outside the admin sees it until it is published.");
    const echoes = page.getByRole("region", { name: "Your draft changes words other items also use" });
    await expect(echoes).toContainText("“30” becomes “45”. Still written as before in:");
    // Each item that writes it, with the words around it: the guarantee in the FAQ's answer, and
    // not a battery's 24-30 hours, a range that holds the same digits.
    const faqLink = page.getByRole("link", { name: "Frequently asked questions" });
    // (The innermost item with the link: the list of places sits inside the list of changes.)
    await expect(echoes.getByRole("listitem").filter({ has: faqLink }).last()).toContainText(
      "30-day satisfaction guarantee",
    );
    await expect(echoes).not.toContainText("24-30");
    await expectNoAxeViolations(page, "a draft's words written elsewhere");
    await echoes.getByRole("link", { name: "Frequently asked questions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  } finally {
    await putBack(page, "commitments", start);
  }
});

test("an owner marks a claim's wording reviewed with a note; an editor sees the review and no form to make one", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "owner");
  await page.goto("/admin/launch");
  await expect(page.getByRole("heading", { level: 1, name: "Launch checklist" })).toBeVisible();
  await expectNoAxeViolations(page, "launch checklist, owner");
  const claims = page.getByRole("region", { name: "Claims" }).getByRole("listitem");
  // The first claim nobody has reviewed yet (each run of this test reviews one).
  const claim = claims.filter({ has: page.getByRole("textbox", { name: /^Review note/ }) }).first();
  const wording = ((await claim.locator("p").first().textContent()) ?? "").replace(/^“|”$/g, "");
  expect(wording).not.toBe("");
  const note = `Checked against the clearance letter, ${runMark()}.`;
  await claim.getByRole("textbox", { name: /^Review note/ }).fill(note);
  await claim.getByRole("button", { name: /^Mark reviewed/ }).click();
  await expect(statusOf(page)).toHaveText(`Reviewed: “${wording}”.`);
  const reviewed = claims.filter({ hasText: `“${wording}”` });
  await expect(reviewed).toContainText(
    new RegExp(`Reviewed by ${escaped(testStaff.owner.username)}, .*: ${escaped(note)}`),
  );
  await expect(reviewed.getByRole("textbox")).toHaveCount(0);
  await expectNoAxeViolations(page, "launch checklist after a review");

  const editorContext = await browser.newContext({ baseURL });
  try {
    await signInAsStaff(editorContext, baseURL ?? "", "editor");
    const editor = await editorContext.newPage();
    await editor.goto("/admin/launch");
    await expect(editor.getByText("Only an owner marks a wording reviewed.", { exact: false })).toBeVisible();
    await expect(editor.getByRole("textbox", { name: /^Review note/ })).toHaveCount(0);
    await expect(editor.getByRole("button", { name: /^Mark reviewed/ })).toHaveCount(0);
    await expect(
      editor
        .getByRole("region", { name: "Claims" })
        .getByRole("listitem")
        .filter({ hasText: `“${wording}”` }),
    ).toContainText(`Reviewed by ${testStaff.owner.username}`);
    await expectNoAxeViolations(editor, "launch checklist, editor");
    // Nor does a post made by hand mark anything.
    const refused = await editor.request.post("/admin/launch", {
      form: { where: "home page button", wording: "See How It Heals", note: "An editor's review." },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await editorContext.close();
  }
});

test("by keyboard, the FAQ's Move up and Add entry buttons are reached with a visible focus ring and do what they say", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsStaff(context, baseURL ?? "", "editor");
  await page.goto("/admin/content/faq");
  const entries = page.getByRole("list").filter({ has: page.getByRole("group", { name: "Question 1" }) });
  const count = await entries.getByRole("group", { name: /^Question \d+$/ }).count();
  const last = page.getByRole("group", { name: `Question ${count}` });
  const beforeLast = page.getByRole("group", { name: `Question ${count - 1}` });
  const lastAnchor = await last.getByLabel(/^Anchor/).inputValue();
  const beforeLastAnchor = await beforeLast.getByLabel(/^Anchor/).inputValue();

  // From the last answer, Tab reaches the last question's Move up.
  await last.getByLabel(/^Answer/).focus();
  await page.keyboard.press("Tab");
  const moveUp = last.getByRole("button", { name: /^Move up/ });
  await expect(moveUp).toBeFocused();
  await expectFocusRing(moveUp);
  await page.keyboard.press("Enter");
  // Moved: the question is one place up, and focus stays on its Move up, now one place up too.
  await expect(beforeLast.getByLabel(/^Anchor/)).toHaveValue(lastAnchor);
  await expect(last.getByLabel(/^Anchor/)).toHaveValue(beforeLastAnchor);
  await expect(beforeLast.getByRole("button", { name: /^Move up/ })).toBeFocused();

  // Onwards by Tab to Add entry, which adds an empty question and takes the editor into it.
  const add = page.getByRole("button", { name: "Add entry to Frequently asked questions" });
  for (let presses = 0; presses < 12 && !(await add.evaluate((el) => el === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(add).toBeFocused();
  await expectFocusRing(add);
  await page.keyboard.press("Space");
  const added = page.getByRole("group", { name: `Question ${count + 1}` });
  await expect(added).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(added.getByLabel(/^Anchor/)).toBeFocused();
  await expect(added.getByLabel(/^Anchor/)).toHaveValue("");
  await expectNoAxeViolations(page, "faq after arranging by keyboard");
});

/** Focus shown by the keyboard: a solid outline at least 2 px wide that stands out 3:1 from the page behind it. */
async function expectFocusRing(control: Locator) {
  const ring = await control.evaluate((el) => {
    const style = getComputedStyle(el);
    let behind = "rgba(0, 0, 0, 0)";
    for (let up: Element | null = el.parentElement; up; up = up.parentElement) {
      const colour = getComputedStyle(up).backgroundColor;
      if (!/rgba\(.*, 0\)$|transparent/.test(colour)) {
        behind = colour;
        break;
      }
    }
    return {
      visible: el.matches(":focus-visible"),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      colour: style.outlineColor,
      behind,
    };
  });
  expect(ring.visible, "focus-visible").toBe(true);
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrastRatio(ring.colour, ring.behind)).toBeGreaterThanOrEqual(3);
}
