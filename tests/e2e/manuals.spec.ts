import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { expectPublic, putBack, storedItem, withItemToItself } from "./content";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { expectFieldError, tabTo } from "./forms";
import { signInAsStaff } from "./seed";

/**
 * The user guides as visitors read them, and the files behind them as editors upload them: a
 * guide's page with its contents, keyboard and print; manuals and photos uploaded under
 * /admin/files, with and without JavaScript; and an owner's photo chosen in the content form and
 * shown on /about.
 *
 * Uploads only add files, which no other spec counts. The owners are also published by
 * ./nojs/content.spec.ts: the test here has them to itself while it changes them, and puts them
 * back (./content.ts).
 */

// A refused upload answers 422 and a refused publish 400; the browser logs each.
test.use({ allowedConsoleErrors: [/status of 4(00|22)/], viewport: { width: 1280, height: 900 } });

/** A mark of this run, so what a test uploads is a file of its own and is found by its name. */
const runMark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** An upload's id, as the site names it: the first 32 hex digits of the SHA-256 of its bytes. */
const uploadId = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** A small real PDF of two pages, made as an editor's word processor would. */
async function guidePdf(mark: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(`Cushion care ${mark}`);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of [`Cushion care, edition ${mark}`, "Wipe the cover with a damp cloth."])
    document.addPage([420, 595]).drawText(text, { x: 40, y: 540, size: 14, font });
  return Buffer.from(await document.save());
}

/** A JPEG photo of 1200 × 900 pixels, its colour taken from `mark` so each run's is new. */
async function portraitJpeg(mark: string): Promise<Buffer> {
  const hash = createHash("sha256").update(mark).digest();
  const circle = `<svg width="1200" height="900"><circle cx="600" cy="420" r="260" fill="rgb(${hash[3]},${hash[4]},${hash[5]})"/></svg>`;
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: hash[0]!, g: hash[1]!, b: hash[2]! } },
  })
    .composite([{ input: Buffer.from(circle) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A file that says it is a PDF by its name and type, and is a web page. */
const htmlAsPdf = {
  name: "guide.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("<!DOCTYPE html>\n<html><body><p>Not a manual</p><script>alert(1)</script></body></html>\n"),
};
const htmlRefusal = "This file is an HTML page, not a PDF. Upload the manual as a PDF.";

const uploadForm = (page: Page, kind: "manual" | "photo") =>
  page.getByRole("region", { name: kind === "manual" ? "Upload a manual" : "Upload a photo" });
const uploadedFiles = (page: Page) => page.getByRole("region", { name: "Uploaded files" }).getByRole("listitem");

test.describe("a guide's page", () => {
  // The page of an address no guide has answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("one h1, contents that lead to each section by keyboard, and a print of the guide alone; no such guide is a 404", async ({
    page,
  }) => {
    await page.goto("/user-manuals/auto-start-booklet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Auto Start Booklet");
    await expect(page.locator("h1")).toHaveCount(1);
    await expectNoAxeViolations(page, "guide page");

    // Each entry of the contents names a heading of the page by its id, with the heading's words.
    const contents = page.getByRole("navigation", { name: "Contents" });
    const entries = await contents.getByRole("link").evaluateAll((links) =>
      links.map((link) => {
        const href = link.getAttribute("href") ?? "";
        const id = decodeURIComponent(href.slice(1));
        const target = document.getElementById(id);
        return {
          href,
          text: link.textContent?.trim(),
          tag: target?.tagName,
          heading: target?.textContent?.trim(),
          sameId: document.querySelectorAll(`[id="${CSS.escape(id)}"]`).length,
        };
      }),
    );
    expect(entries.length, "entries in the contents").toBeGreaterThan(3);
    expect(
      entries.some((entry) => entry.tag === "H3"),
      "a subsection in the contents",
    ).toBe(true);
    for (const entry of entries) {
      expect(entry.href, entry.text).toMatch(/^#[a-z0-9-]+$/);
      expect({ tag: entry.tag, heading: entry.heading, sameId: entry.sameId }, entry.href).toEqual({
        tag: expect.stringMatching(/^H[23]$/),
        heading: entry.text,
        sameId: 1,
      });
    }

    // By keyboard: Tab to the last section's entry, Enter, and the page is at that section, under
    // the sticky header, and Tab goes on from there.
    const last = entries.filter((entry) => entry.tag === "H2").at(-1)!;
    const link = contents.getByRole("link", { name: last.text, exact: true });
    // The jump itself, not the smooth scroll towards it, which a busy machine may leave unfinished.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${last.href}$`));
    const section = page.locator(last.href);
    await expect(section).toBeInViewport();
    await expect
      .poll(
        () =>
          section.evaluate((heading) => {
            const box = heading.getBoundingClientRect();
            const seen = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
            return seen !== null && heading.contains(seen);
          }),
        { message: "the section's heading shows, not covered by the header" },
      )
      .toBe(true);
    await page.keyboard.press("Tab");
    expect(
      await section.evaluate(
        (heading) =>
          document.activeElement !== null &&
          Boolean(heading.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING),
      ),
      "Tab goes on from the section",
    ).toBe(true);

    // Printed: the guide alone, without the site's header and footer, the contents or the download.
    const header = page.getByRole("banner");
    const footer = page.getByRole("contentinfo");
    const download = page.getByRole("link", { name: /^Download the PDF/ });
    const text = page.getByText("Read it once before you first sit on the cushion", { exact: false });
    for (const part of [header, footer, contents, download]) await expect(part).toBeVisible();
    await page.emulateMedia({ media: "print" });
    for (const part of [header, footer, contents, download]) await expect(part).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Auto Start Booklet" })).toBeVisible();
    await expect(section).toBeVisible();
    await expect(text).toBeVisible();
    await page.emulateMedia({ media: null });

    const missing = await page.goto("/user-manuals/no-such-guide");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("an editor uploads a manual and a photo by keyboard, is told a file that is not what it says, and gives an owner the photo with its alternative text", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.slow();
  await signInAsStaff(context, baseURL ?? "", "editor");
  await page.goto("/admin/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expectNoAxeViolations(page, "files");

  // A web page named guide.pdf: refused by what it is, with the message on the field.
  const manualFile = uploadForm(page, "manual").getByLabel(/^File/);
  await manualFile.setInputFiles(htmlAsPdf);
  await uploadForm(page, "manual").getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toHaveText(`The file was not uploaded: ${htmlRefusal}`);
  await expectFieldError(manualFile, htmlRefusal);
  await expect(uploadedFiles(page).filter({ hasText: "guide.pdf" })).toHaveCount(0);
  await expectNoAxeViolations(page, "files after a refused upload");

  // A real PDF, by keyboard: Tab to the field, Space opens the file chooser, Tab to Upload, Enter.
  const mark = runMark();
  const pdf = await guidePdf(mark);
  const pdfName = `cushion-care-${mark}.pdf`;
  await tabTo(page, manualFile);
  const pdfChooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await pdfChooser).setFiles({ name: `Cushion care ${mark}.pdf`, mimeType: "application/pdf", buffer: pdf });
  await page.keyboard.press("Tab");
  await expect(uploadForm(page, "manual").getByRole("button", { name: "Upload" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(new RegExp(`^Uploaded ${pdfName} \\(\\d+ KB\\)\\. `));
  await expect(manualFile).not.toHaveAttribute("aria-invalid", "true");

  // A JPEG photo the same way, from the photo's form.
  const photo = await portraitJpeg(mark);
  const photoName = `owner-portrait-${mark}.jpg`;
  const photoFile = uploadForm(page, "photo").getByLabel(/^File/);
  await tabTo(page, photoFile);
  const photoChooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await photoChooser).setFiles({ name: `Owner portrait ${mark}.JPG`, mimeType: "image/jpeg", buffer: photo });
  await page.keyboard.press("Tab");
  await expect(uploadForm(page, "photo").getByRole("button", { name: "Upload" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(
    new RegExp(`^Uploaded ${photoName} \\(\\d+ KB, 1200 × 900 pixels\\)\\. `),
  );

  // Both listed, the PDF as a link to itself.
  await expect(uploadedFiles(page).filter({ hasText: pdfName })).toContainText("Manual, PDF, 2 pages");
  await expect(uploadedFiles(page).filter({ hasText: photoName })).toContainText("Photo, 1200 × 900 pixels");
  const pdfLink = uploadedFiles(page).getByRole("link", { name: pdfName, exact: true });
  await expect(pdfLink).toHaveAttribute("href", `/files/${uploadId(pdf)}/${pdfName}`);
  const served = await request.get(`/files/${uploadId(pdf)}/${pdfName}`);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.compare(await served.body(), pdf), "the PDF served is the one uploaded").toBe(0);

  // The photo for the first owner: refused without its alternative text, then published with it.
  await withItemToItself("owners", async () => {
    const start = storedItem("owners");
    const alt = `The first owner, smiling, seated at a desk (${mark})`;
    try {
      await page.goto("/admin/content/owners");
      const owner = page.getByRole("group", { name: "Owner 1", exact: true });
      const choice = owner.getByRole("combobox", { name: /^Photo/ });
      const altText = owner.getByLabel(/^Alternative text/);
      const offered = choice.getByRole("option", { name: new RegExp(`^${photoName} \\(1200 × 900, `) });
      await expect(offered).toHaveCount(1);
      await choice.selectOption({ label: (await offered.textContent()) ?? "" });
      await expect(choice).toHaveValue(uploadId(photo));
      await expect(altText).toHaveValue("");
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("status")).toHaveText("Nothing was published: see the fields below.");
      await expectFieldError(altText, "Required");
      await expect(choice).toHaveValue(uploadId(photo));
      await expectNoAxeViolations(page, "owners with a photo and no alternative text");
      expect(storedItem("owners"), "nothing stored").toEqual(start);

      await altText.fill(alt);
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("status")).toHaveText(
        `Published as version ${start.version + 1}: every page shows it within seconds.`,
      );

      // /about is prerendered: it shows the photo within seconds.
      await expectPublic(request, ["/about"], alt);
      await page.goto("/about");
      const image = page.getByRole("img", { name: alt, exact: true });
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "900");
      const picture = page.locator("picture").filter({ has: image });
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\.avif \d+w/);
      await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp \d+w/);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: "the photo loads",
        })
        .toBe(true);
      // The browser took the AVIF, served as one.
      const shown = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(shown).toMatch(new RegExp(`/files/${uploadId(photo)}/\\d+\\.avif$`));
      expect((await request.get(shown)).headers()["content-type"]).toBe("image/avif");
    } finally {
      await putBack(page, "owners", start);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an editor is told a file that is not what it says, and uploads a manual", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsStaff(context, baseURL ?? "", "editor");
    await page.goto("/admin/files");
    const manualFile = uploadForm(page, "manual").getByLabel(/^File/);
    await manualFile.setInputFiles(htmlAsPdf);
    // The browser's own post of the form, answered with the page drawn again.
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.request().resourceType() === "document",
    );
    await uploadForm(page, "manual").getByRole("button", { name: "Upload" }).click();
    expect((await posted).status()).toBe(422);
    await expect(page.getByRole("status")).toHaveText(`The file was not uploaded: ${htmlRefusal}`);
    await expectFieldError(manualFile, htmlRefusal);

    const mark = runMark();
    const pdf = await guidePdf(mark);
    const pdfName = `no-script-guide-${mark}.pdf`;
    await manualFile.setInputFiles({ name: `No script guide ${mark}.pdf`, mimeType: "application/pdf", buffer: pdf });
    await uploadForm(page, "manual").getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`^Uploaded ${pdfName} \\(\\d+ KB\\)\\. `));
    await expect(manualFile).not.toHaveAttribute("aria-invalid", "true");
    await expect(uploadedFiles(page).getByRole("link", { name: pdfName, exact: true })).toHaveAttribute(
      "href",
      `/files/${uploadId(pdf)}/${pdfName}`,
    );
  });
});
