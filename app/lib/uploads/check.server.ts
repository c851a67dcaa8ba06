/**
 * What an uploaded file is, read from its bytes and never from its name or the type the browser
 * claimed (docs/decisions/034-uploads.md). A manual must be a PDF that runs nothing when opened; a
 * photo a JPEG, PNG or WebP that decodes whole. Everything else is refused with a sentence that
 * says what the file looks like, so the editor knows which file they picked by mistake.
 */
import type { PDFDocument, PDFObject } from "pdf-lib";
import { type UploadKind, uploadLimits } from "./refs";

/*
 * file-type and pdf-lib are loaded when a file is first checked, not with the server: together they
 * add over half a second to every start of an instance (and of every test that reads content),
 * for a check an editor asks for now and then.
 */
type PdfLib = typeof import("pdf-lib");

export const photoTypes = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof photoTypes)[number];

export type Checked =
  | { ok: true; kind: "manual"; type: "application/pdf"; pages: number }
  | { ok: true; kind: "photo"; type: PhotoType }
  | { ok: false; message: string };

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export function tooLargeMessage(kind: UploadKind): string {
  return kind === "manual"
    ? `The PDF is larger than ${megabytes(uploadLimits.manual)}. Make it smaller (for example, save it with smaller pictures) and upload it again.`
    : `The photo is larger than ${megabytes(uploadLimits.photo)}. Save it at a smaller size and upload it again.`;
}

/** The words for what a detected type is, as the refusal says them. */
const described: Record<string, string> = {
  "application/x-elf": "a program",
  "application/x-msdownload": "a program",
  "application/x-mach-binary": "a program",
  "application/vnd.microsoft.portable-executable": "a program",
  "application/x-sharedlib": "a program",
  "application/wasm": "a program",
  "application/java-vm": "a program",
  "application/x-sh": "a script",
  "application/zip": "a ZIP archive",
  "application/gzip": "a compressed archive",
  "application/x-7z-compressed": "a compressed archive",
  "application/x-rar-compressed": "a compressed archive",
  "application/pdf": "a PDF",
  "image/jpeg": "a JPEG photo",
  "image/png": "a PNG image",
  "image/webp": "a WebP image",
  "image/gif": "a GIF image",
  "image/heic": "a HEIC photo",
  "image/heif": "a HEIF photo",
  "image/avif": "an AVIF image",
  "image/tiff": "a TIFF image",
  "image/bmp": "a BMP image",
  "image/svg+xml": "an SVG drawing",
  "text/html": "an HTML page",
};

/** What text at the start of a file is, when no binary signature says: a web page, a drawing, a script. */
function textKind(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("#!")) return "application/x-sh";
  if (/<svg[\s>]/.test(head)) return "image/svg+xml";
  if (/^<(?:!doctype html|html|head|body|script|iframe|meta|div|p|a)[\s>]/.test(head) || head.includes("<script"))
    return "text/html";
  if (head.startsWith("<?xml")) return "application/xml";
  return undefined;
}

/** What the bytes are, by their signature: a MIME type, or undefined when nothing is recognised. */
export async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  // A PDF may have up to 1 KB of bytes before its header; readers accept it, and so does this.
  if (Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-")) return "application/pdf";
  const { fileTypeFromBuffer } = await import("file-type");
  const found = (await fileTypeFromBuffer(bytes))?.mime;
  // Text-based formats (XML, SVG, HTML) are told apart here: a signature says at most "XML".
  if (found && found !== "application/xml" && !found.startsWith("text/")) return found;
  return textKind(bytes) ?? found;
}

function whatItIs(type: string | undefined): string {
  if (type === undefined) return "not a kind of file the site takes";
  return described[type] ?? (type === "application/xml" ? "an XML document" : "not a kind of file the site takes");
}

/** Checks the bytes of an upload of `kind`; the answer says what it is, or why it is refused. */
export async function checkUpload(kind: UploadKind, bytes: Uint8Array): Promise<Checked> {
  if (bytes.length === 0) return { ok: false, message: "The file is empty. Choose the file again." };
  if (bytes.length > uploadLimits[kind]) return { ok: false, message: tooLargeMessage(kind) };
  const type = await sniff(bytes);
  if (kind === "manual") {
    if (type !== "application/pdf")
      return { ok: false, message: `This file is ${whatItIs(type)}, not a PDF. Upload the manual as a PDF.` };
    return checkPdf(bytes);
  }
  if (!photoTypes.includes(type as PhotoType))
    return {
      ok: false,
      message: `This file is ${whatItIs(type)}, not a JPEG, PNG or WebP photo. Upload the photo in one of those.`,
    };
  return { ok: true, kind: "photo", type: type as PhotoType };
}

// ——— PDFs ———

/**
 * Names that make a PDF do something when opened or clicked, beyond showing its pages: scripts,
 * launching programs, sending or loading data, files carried inside it, and XFA forms (which carry
 * scripts of their own).
 */
const activeNames = new Set([
  "JS",
  "JavaScript",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToE",
  "RichMedia",
  "RichMediaExecute",
  "EmbeddedFile",
  "EmbeddedFiles",
  "XFA",
]);

export const activePdfMessage =
  "This PDF contains JavaScript, attached files or actions that run programs, which the site does not publish. Save it again without them (for example, print it to a new PDF) and upload that.";

/** A name as the PDF writes it, with #xx escapes read: `/J#61vaScript` is `/JavaScript`. */
function decodedName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The file's objects as written, without the contents of its streams: a picture's or a font's
 * bytes may hold "/JS" by chance (one scanned 20 MB PDF in ten did), and what a compressed object
 * stream holds is read by parsing, below.
 */
function outsideStreams(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = /\bstream\r?\n/g;
    start.lastIndex = at;
    const opened = start.exec(text);
    if (!opened) break;
    parts.push(text.slice(at, opened.index));
    const end = text.indexOf("endstream", start.lastIndex);
    if (end === -1) return parts;
    at = end + "endstream".length;
  }
  parts.push(text.slice(at));
  return parts;
}

/** Whether the file's own bytes name an active feature (objects written outside compressed streams). */
function namesActiveFeature(bytes: Uint8Array): boolean {
  for (const part of outsideStreams(bytes))
    for (const match of part.matchAll(/\/([^\s/<>[\]()%{}]+)/g))
      if (activeNames.has(decodedName(match[1]!))) return true;
  return false;
}

/** Whether an object, or anything it holds directly, names an active feature. */
function holdsActiveFeature(pdf: PdfLib, object: PDFObject, seen = new Set<PDFObject>()): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream } = pdf;
  if (seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return activeNames.has(decodedName(object.asString().slice(1)));
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFDict) {
    for (const [key, value] of dict.entries()) {
      if (activeNames.has(decodedName(key.asString().slice(1)))) return true;
      // Additional actions (/AA) and an opening action are fine when they only go to a page.
      if (holdsActiveFeature(pdf, value, seen)) return true;
    }
  }
  if (object instanceof PDFArray) return object.asArray().some((item) => holdsActiveFeature(pdf, item, seen));
  return false;
}

const unreadablePdfMessage = "This PDF could not be read: it may be damaged. Save it again and upload it.";

async function checkPdf(bytes: Uint8Array): Promise<Checked> {
  if (namesActiveFeature(bytes)) return { ok: false, message: activePdfMessage };
  const pdf = await import("pdf-lib");
  const { PDFDocument, PDFName, PDFRawStream } = pdf;
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof Error && /encrypted/i.test(error.message))
      return {
        ok: false,
        message:
          "This PDF is protected with a password or encryption, which screen readers and some phones cannot open. Save it without protection and upload it again.",
      };
    return { ok: false, message: unreadablePdfMessage };
  }
  let pages: number;
  try {
    // Objects inside compressed object streams, which the bytes above do not show in the clear.
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (object instanceof PDFRawStream && object.dict.lookup(PDFName.of("Type")) === PDFName.of("ObjStm")) continue;
      if (holdsActiveFeature(pdf, object)) return { ok: false, message: activePdfMessage };
    }
    pages = document.getPageCount();
  } catch {
    return { ok: false, message: unreadablePdfMessage };
  }
  if (pages === 0) return { ok: false, message: "This PDF has no pages. Upload the manual's finished PDF." };
  return { ok: true, kind: "manual", type: "application/pdf", pages };
}
