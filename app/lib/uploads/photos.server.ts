/**
 * A photo, resized once at upload to the widths the pages draw it at, in AVIF and WebP for the
 * browsers that read them and JPEG for the rest (docs/decisions/034-uploads.md). The copies carry
 * no camera data (no place, no date, no device): sharp writes none unless asked, and the photo is
 * turned upright first, as its camera said it was held.
 */
import type { default as Sharp } from "sharp";

/** Loaded when a photo is first resized, not with the server: it adds a quarter second to every start. */
type Image = ReturnType<typeof Sharp>;
import { photoWidths, type PhotoFormat, photoFormats } from "./refs";

/** More pixels than this is not a photo of a person or a cushion, and decoding it costs too much. */
export const maxPhotoPixels = 80_000_000;

export interface ResizedPhoto {
  /** The photo's size, upright. */
  width: number;
  height: number;
  /** The widths made, smallest first (each format has all of them). */
  widths: number[];
  copies: Array<{ width: number; format: PhotoFormat; type: string; bytes: Buffer }>;
}

export type Resized = { ok: true; photo: ResizedPhoto } | { ok: false; message: string };

const types: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

/** The widths made for a photo `width` pixels wide: each page width it covers, and never wider than the photo. */
export function widthsFor(width: number): number[] {
  const fitting = photoWidths.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

function encode(image: Image, format: PhotoFormat): Image {
  switch (format) {
    case "avif":
      // Effort 2 of 9: a 1600 px copy of a 3000 × 2000 photo took 1.1 s here, 8.3 s at the default 4,
      // for a file 11 % larger.
      return image.avif({ quality: 55, effort: 2 });
    case "webp":
      return image.webp({ quality: 78 });
    case "jpg":
      // A transparent PNG has no background in JPEG: white, as the site's light pages.
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
  }
}

/** Reads and resizes a checked photo; a file that does not decode whole is refused. */
export async function resizePhoto(bytes: Buffer): Promise<Resized> {
  const { default: sharp } = await import("sharp");
  const options: Parameters<typeof Sharp>[1] = {
    limitInputPixels: maxPhotoPixels,
    failOn: "error",
    sequentialRead: true,
  };
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!["jpeg", "png", "webp"].includes(metadata.format ?? ""))
      return { ok: false, message: "This file is not a JPEG, PNG or WebP photo." };
    if ((metadata.pages ?? 1) > 1)
      return { ok: false, message: "This is an animated image. Upload a still photo as JPEG, PNG or WebP." };
    ({ width, height } = metadata.autoOrient);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message))
      return {
        ok: false,
        message: `This photo has more than ${maxPhotoPixels / 1_000_000} million pixels. Save it at a smaller size and upload it again.`,
      };
    return {
      ok: false,
      message: "This photo could not be read: the file may be damaged. Save it again and upload it.",
    };
  }
  const widths = widthsFor(width);
  try {
    const source = sharp(bytes, options).autoOrient();
    const copies = await Promise.all(
      widths.flatMap((target) =>
        photoFormats.map(async (format) => ({
          width: target,
          format,
          type: types[format],
          bytes: await encode(source.clone().resize({ width: target, withoutEnlargement: true }), format).toBuffer(),
        })),
      ),
    );
    return { ok: true, photo: { width, height, widths, copies } };
  } catch {
    return {
      ok: false,
      message: "This photo could not be read: the file may be damaged. Save it again and upload it.",
    };
  }
}
