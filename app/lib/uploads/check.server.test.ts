import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { activePdfMessage, checkUpload, sniff } from "./check.server";
import { addressName } from "./refs";
import { widthsFor } from "./photos.server";

async function pdfWith(edit: (document: PDFDocument) => void, useObjectStreams = false) {
  const document = await PDFDocument.create();
  document.addPage();
  edit(document);
  return Buffer.from(await document.save({ useObjectStreams }));
}

describe("what an upload is, by its bytes", () => {
  it("names text formats a signature cannot tell apart", async () => {
    expect(await sniff(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      "image/svg+xml",
    );
    expect(await sniff(Buffer.from("\uFEFF  <!DOCTYPE html><p>hi"))).toBe("text/html");
    expect(await sniff(Buffer.from("#!/bin/sh\nrm -rf /"))).toBe("application/x-sh");
    expect(await sniff(Buffer.from("just some words"))).toBeUndefined();
  });

  it("accepts a plain PDF and counts its pages", async () => {
    const bytes = await pdfWith((document) => document.addPage());
    expect(await checkUpload("manual", bytes)).toEqual({ ok: true, kind: "manual", type: "application/pdf", pages: 2 });
  });

  it("refuses a PDF that runs a script, however the name is written or wherever it is stored", async () => {
    const script = (document: PDFDocument) =>
      document.catalog.set(
        PDFName.of("OpenAction"),
        document.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") }),
      );
    for (const compressed of [false, true]) {
      const refused = await checkUpload("manual", await pdfWith(script, compressed));
      expect(refused).toEqual({ ok: false, message: activePdfMessage });
    }
    // `/J#61vaScript` is `/JavaScript` to a reader.
    const escaped = Buffer.from(
      (await pdfWith(() => undefined))
        .toString("latin1")
        .replace("/Type /Catalog", "/Type /Catalog /OpenAction << /S /J#61vaScript /JS (x) >>"),
      "latin1",
    );
    expect(await checkUpload("manual", escaped)).toMatchObject({ ok: false });
  });

  it("accepts a PDF whose pictures' or pages' bytes happen to hold such a name", async () => {
    const bytes = await pdfWith((document) => {
      document.context.register(document.context.stream("q /JS 1 Tf /JavaScript /Launch BT ET Q"));
    });
    expect(bytes.toString("latin1")).toContain("/JavaScript /Launch");
    expect(await checkUpload("manual", bytes)).toMatchObject({ ok: true, pages: 1 });
  });

  it("refuses a PDF that launches a program or carries a file", async () => {
    const launch = await pdfWith((document) =>
      document.catalog.set(
        PDFName.of("OpenAction"),
        document.context.obj({ S: "Launch", F: PDFString.of("calc.exe") }),
      ),
    );
    expect(await checkUpload("manual", launch)).toEqual({ ok: false, message: activePdfMessage });
    const attached = await pdfWith((document) =>
      document.catalog.set(PDFName.of("Names"), document.context.obj({ EmbeddedFiles: document.context.obj({}) })),
    );
    expect(await checkUpload("manual", attached)).toEqual({ ok: false, message: activePdfMessage });
  });

  it("refuses a damaged PDF and an empty file", async () => {
    expect(await checkUpload("manual", Buffer.from("%PDF-1.7\n garbage"))).toMatchObject({
      ok: false,
      message: expect.stringContaining("could not be read"),
    });
    expect(await checkUpload("photo", Buffer.alloc(0))).toMatchObject({
      ok: false,
      message: expect.stringContaining("empty"),
    });
  });
});

describe("a file's name in its address", () => {
  it("keeps letters and digits, in lower case with hyphens", () => {
    expect(addressName("Auto Start (v2).PDF", "pdf")).toBe("auto-start-v2.pdf");
    expect(addressName("Guía de uso — édition.pdf", "pdf")).toBe("guia-de-uso-edition.pdf");
    expect(addressName("../../etc/passwd", "pdf")).toBe("etc-passwd.pdf");
    expect(addressName("?.pdf", "pdf")).toBe("file.pdf");
  });
});

describe("the widths a photo is made at", () => {
  it("covers each page width up to the photo's own, and never enlarges", () => {
    expect(widthsFor(4000)).toEqual([160, 320, 640, 960, 1280, 1600]);
    expect(widthsFor(700)).toEqual([160, 320, 640]);
    expect(widthsFor(100)).toEqual([100]);
  });
});
