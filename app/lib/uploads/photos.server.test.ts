import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { resizePhoto } from "./photos.server";

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
