/**
 * Where an upload is served, and the sizes a photo is made at: plain data and addresses, read by
 * the server and by pages alike (docs/decisions/034-uploads.md). Every address is under /files/,
 * begins with the upload's content hash and never changes: a new file is a new address.
 */
import { slugOf } from "~/lib/slug";

export type UploadKind = "manual" | "photo";

/** The largest file of each kind, in bytes: a manual's PDF 20 MB, a photo 10 MB. */
export const uploadLimits: Record<UploadKind, number> = {
  manual: 20 * 1024 * 1024,
  photo: 10 * 1024 * 1024,
};

/** The widths, in pixels, a photo is resized to: from an owner's portrait to a wide picture on a large screen. */
export const photoWidths = [160, 320, 640, 960, 1280, 1600] as const;

/** The formats each width is made in, the best first: a browser takes the first it reads. */
export const photoFormats = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** An upload's id: the first 32 hex digits of the SHA-256 of its bytes. */
export const uploadIdPattern = /^[0-9a-f]{32}$/;

/** A path under /files/: a PDF by its name, or one width and format of a photo. */
export const filePathPattern = /^([0-9a-f]{32})\/(?:([a-z0-9][a-z0-9-]{0,79}\.pdf)|(\d{1,5})\.(avif|webp|jpg))$/;

/** What a page needs to draw a photo: its size and the widths it was made at. */
export interface PhotoFile {
  id: string;
  width: number;
  height: number;
  widths: readonly number[];
}

/** A photo an item shows, with what it shows for those who cannot see it. */
export interface ShownPhoto extends PhotoFile {
  alt: string;
}

/** What a page needs to link a manual's PDF. */
export interface PdfFile {
  id: string;
  name: string;
  size: number;
  pages: number;
}

export function pdfAddress(file: Pick<PdfFile, "id" | "name">): string {
  return `/files/${file.id}/${file.name}`;
}

export function photoAddress(photo: Pick<PhotoFile, "id">, width: number, format: PhotoFormat): string {
  return `/files/${photo.id}/${width}.${format}`;
}

/** The `srcset` of one format: every width it was made at. */
export function photoSrcSet(photo: PhotoFile, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoAddress(photo, width, format)} ${width}w`).join(", ");
}

/** A file's name made safe for an address: lower case, hyphens, the extension kept ("Auto Start (v2).PDF" → "auto-start-v2.pdf"). */
export function addressName(name: string, extension: string): string {
  return `${slugOf(name.replace(/\.[a-z0-9]{1,5}$/i, "")) || "file"}.${extension}`;
}
