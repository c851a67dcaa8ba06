import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { manualsContent } from "~/content/manuals";
import { initialUploads, pdfFile, uploadId } from "./uploads.server";

describe("the files a fresh site starts with", () => {
  it("are the placeholder PDFs in public/manuals, by hash, size and page count", async () => {
    for (const upload of initialUploads) {
      const bytes = readFileSync(path.resolve("public", upload.source));
      expect(uploadId(bytes), upload.source).toBe(upload.id);
      expect(bytes.length).toBe(upload.size);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(upload.pages);
    }
  });

  it("are what the initial guides name, known without a database", () => {
    for (const guide of manualsContent.guides) expect(pdfFile(guide.file), guide.id).toBeDefined();
  });
});
