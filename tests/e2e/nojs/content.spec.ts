import { expectPublic, putBack, storedItem, withItemToItself } from "../content";
import { expect, test } from "../fixtures";
import { signInAsStaff } from "../seed";

// A refused save answers 400, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

/**
 * An editor without JavaScript: the list's buttons post the form and draw it again, a mistake comes
 * back with its message and everything typed, and a publish reaches the public page. The second
 * owner's biography is read by no other spec; it is put back when the test ends (../content.ts).
 * ../manuals.spec.ts publishes the owners too: each has them to itself while it changes them.
 */
test("without JavaScript, an editor adds and removes an entry with the list's buttons, is told a mistake with everything kept, and publishes", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.slow();
  await signInAsStaff(context, baseURL ?? "", "editor");
  await withItemToItself("owners", async () => {
    const start = storedItem("owners");
    const paragraph = `Added without JavaScript, ${Date.now().toString(36)}.`;
    try {
      await page.goto("/admin/content/owners");
      const owner = page.getByRole("group", { name: "Owner 2", exact: true });
      const initials = owner.getByLabel(/^Initials/);
      const biography = owner.getByLabel(/^Biography/);
      const published = await initials.inputValue();
      const before = await biography.inputValue();
      await initials.fill("c2");
      await biography.fill(`${before}\n\n${paragraph}`);

      // The list's buttons post the form and draw it again, with what was typed.
      await page.getByRole("button", { name: "Add entry to Owners" }).click();
      const added = page.getByRole("group", { name: "Owner 3", exact: true });
      await expect(added).toBeVisible();
      await expect(added.getByLabel(/^Name/)).toHaveValue("");
      await expect(initials).toHaveValue("c2");
      await expect(biography).toHaveValue(`${before}\n\n${paragraph}`);
      await page.getByRole("button", { name: "Remove Owner 3 of Owners" }).click();
      await expect(page.getByRole("group", { name: "Owner 3", exact: true })).toHaveCount(0);
      await expect(initials).toHaveValue("c2");

      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("status")).toHaveText("Nothing was published: see the fields below.");
      const summary = page.getByRole("alert").filter({ hasText: "problem with the form" });
      await expect(summary.getByRole("heading")).toBeFocused();
      await expect(summary.getByRole("link")).toHaveText(["Owners, Owner 2, Initials: One to three capital letters"]);
      await expect(initials).toHaveAttribute("aria-invalid", "true");
      await expect(initials).toHaveAccessibleDescription(/One to three capital letters/);
      await expect(initials).toHaveValue("c2");
      await expect(biography).toHaveValue(`${before}\n\n${paragraph}`);
      expect(storedItem("owners"), "nothing stored").toEqual(start);

      await initials.fill(published);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("status")).toHaveText(
        `Published as version ${start.version + 1}: every page shows it within seconds.`,
      );
      await expectPublic(request, ["/about"], paragraph);
      // A visitor reads it in the owner's biography, a paragraph of its own.
      await page.goto("/about");
      await page
        .getByRole("button", { name: /^Read bio/ })
        .nth(1)
        .click();
      await expect(page.getByRole("dialog").getByText(paragraph, { exact: true })).toBeVisible();
    } finally {
      await putBack(page, "owners", start);
    }
  });
});
