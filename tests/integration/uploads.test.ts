import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { initialContent } from "../../app/content/live";
import "../../app/content/items";
import { postContentForm } from "../support/content-form";
import { type SeededSession, signInAsTestStaff } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/** A real PDF of `pages` pages, as a word processor would write one. */
async function pdf(pages: number, words = "A page of the guide."): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let n = 0; n < pages; n++) document.addPage().drawText(`${words} ${n + 1}`, { x: 50, y: 700, size: 12 });
  return Buffer.from(await document.save());
}

/** A PDF that runs JavaScript when opened. */
async function pdfWithScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  const action = document.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('hi')") });
  document.catalog.set(PDFName.of("OpenAction"), action);
  // Saved with object streams, so the script is compressed: read by parsing, not by the bytes alone.
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** A photo as a phone makes one, `width` × `height`. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 180 } } })
    .jpeg()
    .toBuffer();
}

describe.each(testDialects)("uploads on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let editor: SeededSession;
  let moderator: SeededSession;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startServerProcess({ DATABASE_URL: database.url });
    editor = await signInAsTestStaff(database.url, "editor");
    moderator = await signInAsTestStaff(database.url, "moderator");
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function upload(kind: string, name: string, bytes: Buffer, who: SeededSession = editor) {
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", new Blob([new Uint8Array(bytes)]), name);
    const answer = await fetch(new URL("/admin/files", server.url), {
      method: "POST",
      headers: { Cookie: who.header, Origin: new URL(server.url).origin },
      body: form,
      redirect: "manual",
    });
    return { status: answer.status, text: await answer.text() };
  }

  const idOf = (bytes: Buffer) =>
    import("node:crypto").then((c) => c.createHash("sha256").update(bytes).digest("hex").slice(0, 32));

  it("stores a PDF, serves it by its hash with its type, and lists it", async () => {
    const bytes = await pdf(3);
    const sent = await upload("manual", "Auto Start Booklet (2026).pdf", bytes);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain("Uploaded auto-start-booklet-2026.pdf");
    const id = await idOf(bytes);
    const served = await fetch(new URL(`/files/${id}/auto-start-booklet-2026.pdf`, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe('inline; filename="auto-start-booklet-2026.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // Under another name, or another upload's id, there is nothing.
    expect((await fetch(new URL(`/files/${id}/other.pdf`, server.url))).status).toBe(404);
    const rows = await database.db
      .selectFrom("uploads")
      .select(["kind", "pages", "size"])
      .where("id", "=", id)
      .execute();
    expect(rows).toEqual([{ kind: "manual", pages: 3, size: bytes.length }]);
    const list = await fetch(new URL("/admin/files", server.url), { headers: { Cookie: editor.header } });
    expect(await list.text()).toContain("auto-start-booklet-2026.pdf");
    // The same bytes again are the same upload, not a second one.
    expect((await upload("manual", "again.pdf", bytes)).text).toContain("was already uploaded");
  });

  it("resizes a photo to AVIF, WebP and JPEG at the widths it covers, without growing it", async () => {
    const bytes = await photo(1000, 750);
    const sent = await upload("photo", "portrait.jpg", bytes);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain("1000 × 750 pixels");
    const id = await idOf(bytes);
    for (const width of [160, 320, 640, 960])
      for (const [format, type] of [
        ["avif", "image/avif"],
        ["webp", "image/webp"],
        ["jpg", "image/jpeg"],
      ] as const) {
        const served = await fetch(new URL(`/files/${id}/${width}.${format}`, server.url));
        expect(served.status, `${width}.${format}`).toBe(200);
        expect(served.headers.get("content-type")).toBe(type);
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([metadata.width, metadata.height]).toEqual([width, Math.round((width * 750) / 1000)]);
      }
    // Wider than the photo is not made.
    expect((await fetch(new URL(`/files/${id}/1280.webp`, server.url))).status).toBe(404);
  });

  it("refuses each kind of file that is not what it claims, saying what it is, and stores nothing", async () => {
    const before = await database.db.selectFrom("uploads").select("id").execute();
    const cases: Array<[kind: string, name: string, bytes: Buffer, status: number, says: string]> = [
      [
        "manual",
        "guide.pdf",
        Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(60).fill(0)]),
        422,
        "This file is a program, not a PDF",
      ],
      [
        "manual",
        "guide.pdf",
        Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + "\x00".repeat(200), "latin1"),
        422,
        "not a PDF",
      ],
      [
        "manual",
        "guide.pdf",
        Buffer.from("<!doctype html><html><body><script>alert(1)</script>"),
        422,
        "This file is an HTML page, not a PDF",
      ],
      ["manual", "guide.pdf", await pdfWithScript(), 422, "This PDF contains JavaScript"],
      ["manual", "guide.pdf", await photo(200, 200), 422, "This file is a JPEG photo, not a PDF"],
      [
        "photo",
        "photo.jpg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
        422,
        "This file is an SVG drawing, not a JPEG, PNG or WebP photo",
      ],
      ["photo", "photo.jpg", await pdf(1), 422, "This file is a PDF, not a JPEG, PNG or WebP photo"],
      [
        "photo",
        "photo.gif",
        Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
        422,
        "This file is a GIF image",
      ],
      ["photo", "photo.jpg", Buffer.concat([(await photo(400, 300)).subarray(0, 300)]), 422, "could not be read"],
      ["photo", "empty.jpg", Buffer.alloc(0), 422, "The file is empty"],
      ["photo", "huge.jpg", Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 413, "The photo is larger than 10 MB"],
    ];
    for (const [kind, name, bytes, status, says] of cases) {
      const sent = await upload(kind, name, bytes);
      expect(sent.status, `${kind} ${says}`).toBe(status);
      expect(sent.text, `${kind} ${says}`).toContain(says);
    }
    const after = await database.db.selectFrom("uploads").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("refuses a body over the upload limit before reading it, and anyone but an editor or owner", async () => {
    const big = await fetch(new URL("/admin/files", server.url), {
      method: "POST",
      headers: {
        Cookie: editor.header,
        Origin: new URL(server.url).origin,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(22 * 1024 * 1024),
      },
      body: "--x--",
      redirect: "manual",
    }).catch((error: unknown) => error);
    // The server answers 413 and closes before the declared body arrives.
    if (big instanceof Response) expect(big.status).toBe(413);
    expect((await upload("photo", "p.jpg", await photo(300, 200), moderator)).status).toBe(403);
  });

  it("forty uploads at the same moment: each is stored or told to try again, none half-written", async () => {
    const photos = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        sharp({ create: { width: 700 + n, height: 500, channels: 3, background: { r: n * 6, g: 90, b: 140 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(photos.map((bytes, n) => upload("photo", `crowd-${n}.jpg`, bytes)));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      statuses.join(" "),
    ).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    for (const [n, answer] of answers.entries()) {
      const id = await idOf(photos[n]!);
      const rows = await database.db.selectFrom("upload_files").select("path").where("upload", "=", id).execute();
      // Stored whole (three widths in three formats) when acknowledged, and nothing otherwise.
      expect(rows.length, `crowd-${n}: ${answer.status}`).toBe(answer.status === 200 ? 9 : 0);
      if (answer.status === 503) expect(answer.text).toContain("Try again in a moment");
    }
  }, 60_000);

  it("a guide published with a new PDF keeps the one before as an earlier edition", async () => {
    const first = await pdf(2, "First edition.");
    const second = await pdf(2, "Second edition.");
    for (const bytes of [first, second]) expect((await upload("manual", "booklet.pdf", bytes)).status).toBe(200);
    const manuals = initialContent("manuals") as { guides: Array<{ id: string; file: string; lastUpdated: string }> };
    const withFile = (file: string, lastUpdated: string) => ({
      ...manuals,
      guides: manuals.guides.map((guide, index) => (index === 2 ? { ...guide, file, lastUpdated } : guide)),
    });
    async function publish(file: string, lastUpdated: string) {
      const { text } = await postContentForm(server.url, editor.header, "manuals", withFile(file, lastUpdated));
      expect(text, text.slice(0, 2000)).toContain("Published as version");
    }
    // The form offers the uploads; a file that is no PDF uploaded is refused at publishing.
    const form = await fetch(new URL("/admin/content/manuals", server.url), { headers: { Cookie: editor.header } });
    expect(await form.text()).toContain("booklet.pdf");
    const photoId = await idOf(await photo(1000, 750));
    for (const file of ["0".repeat(32), photoId]) {
      const refused = await postContentForm(server.url, editor.header, "manuals", withFile(file, "2026-02-01"));
      expect(refused.status, file).toBe(400);
      expect(refused.text, file).toContain("Choose a PDF uploaded under Files");
    }
    await publish(await idOf(first), "2026-03-01");
    await publish(await idOf(second), "2026-11-01");
    const guide = manuals.guides[2]!;
    // A publish shows on every page within seconds (decision 033): the change feed is heard first.
    let page = "";
    for (const started = performance.now(); performance.now() - started < 5_000;) {
      page = await (await fetch(new URL(`/user-manuals/${guide.id}`, server.url))).text();
      if (page.includes("Edition of November 2026")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(page).toContain("Edition of November 2026");
    expect(page).toContain("Edition of March 2026");
    expect(page).toContain("Earlier editions");
    expect(page).toContain(`/files/${await idOf(first)}/booklet.pdf`);
    expect(page).toContain(`/files/${await idOf(second)}/booklet.pdf`);
  });
});
