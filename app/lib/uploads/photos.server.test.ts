import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { resizePhoto } from "./photos.server";

/** A PNG chunk: its length, type, data and checksum. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
}

/** A grey PNG of `width` × `height`: tens of kilobytes that decode to as many bytes as pixels. */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits per sample, greyscale
  const row = Buffer.alloc(1 + width);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A phone's photo: 800 × 600 as stored, held upright (EXIF orientation 6: turned a quarter), with where and on what it was taken. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Example Phone Co", Model: "Model 9" },
      IFD2: { DateTimeOriginal: "2026:11:01 10:00:00" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 44/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "73/1 59/1 0/1" },
    })
    .toBuffer();
}

describe("a photo resized for the pages", () => {
  it("is turned upright, as the camera said it was held, and made at the widths it covers", async () => {
    const source = await phonePhoto();
    const before = await sharp(source).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([800, 600, 6]);
    const resized = await resizePhoto(source);
    if (!resized.ok) throw new Error(resized.message);
    expect([resized.photo.width, resized.photo.height]).toEqual([600, 800]);
    expect(resized.photo.widths).toEqual([160, 320]);
    for (const copy of resized.photo.copies) {
      const metadata = await sharp(copy.bytes).metadata();
      expect([metadata.width, metadata.height], `${copy.width}.${copy.format}`).toEqual([
        copy.width,
        Math.round((copy.width * 800) / 600),
      ]);
    }
  });

  it("keeps no camera data: no place, date, device or orientation in any copy", async () => {
    const source = await phonePhoto();
    expect((await sharp(source).metadata()).exif?.toString("latin1")).toContain("Example Phone Co");
    const resized = await resizePhoto(source);
    if (!resized.ok) throw new Error(resized.message);
    // Two widths (160 and 320 of its 600) in three formats.
    expect(resized.photo.copies).toHaveLength(6);
    for (const copy of resized.photo.copies) {
      const metadata = await sharp(copy.bytes).metadata();
      expect(metadata.exif, `${copy.width}.${copy.format}`).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(copy.bytes.toString("latin1")).not.toContain("Example Phone Co");
    }
  });

  it("refuses a decompression bomb before decoding it: 90 million pixels in 88 KB", async () => {
    const bomb = bombPng(10_000, 9_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    expect(await resizePhoto(bomb)).toEqual({
      ok: false,
      message: "This photo has more than 80 million pixels. Save it at a smaller size and upload it again.",
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses an animated image", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const frames = await Promise.all(["#123456", "#654321", "#abcdef"].map(frame));
    const moving = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(moving).metadata()).pages).toBe(3);
    expect(await resizePhoto(moving)).toMatchObject({ ok: false, message: expect.stringContaining("animated") });
  });
});
