// Renders the raster images the site needs from their SVG sources:
//   public/images/og-softech.png      1200×630  (from public/images/og-softech.svg)
//   public/images/apple-touch-icon.png 180×180  (from public/favicon.svg)
//   public/favicon.ico                 32×32 PNG inside an ICO container (from public/favicon.svg)
//
// Uses the Chromium that ships with Debian through @playwright/test (no extra
// dependencies). Override the browser with CHROMIUM_PATH=/path/to/chromium.
//
//   node scripts/render-images.mjs
import { readFile, writeFile } from "node:fs/promises";
import { Buffer } from "node:buffer";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";

const root = new URL("../", import.meta.url);
const file = (path) => new URL(path, root);

// Apple touch icons and .ico files should be opaque squares; the favicon SVG has
// rounded corners, so fill the page behind it with the same brand blue.
const BRAND_BLUE = "#0b5cad";

const jobs = [
  {
    src: "public/images/og-softech.svg",
    out: "public/images/og-softech.png",
    width: 1200,
    height: 630,
    background: "#0b1220",
  },
  {
    src: "public/favicon.svg",
    out: "public/images/apple-touch-icon.png",
    width: 180,
    height: 180,
    background: BRAND_BLUE,
  },
  { src: "public/favicon.svg", out: "public/favicon.ico", width: 32, height: 32, background: BRAND_BLUE, ico: true },
];

function htmlFor(svg, width, height, background) {
  // Drop any XML declaration so the SVG can be inlined into HTML.
  const inline = svg.replace(/<\?xml[^>]*\?>\s*/, "");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:${background}}
svg{display:block;width:${width}px;height:${height}px}
</style></head><body>${inline}</body></html>`;
}

// Reads width, height and bits per pixel from the PNG IHDR chunk.
function pngInfo(png) {
  const signature = "89504e470d0a1a0a";
  if (png.subarray(0, 8).toString("hex") !== signature || png.subarray(12, 16).toString("ascii") !== "IHDR") {
    throw new Error("Not a PNG image");
  }
  const bitDepth = png.readUInt8(24);
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[png.readUInt8(25)] ?? 4;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitsPerPixel: bitDepth * channels };
}

// ICO container holding a single PNG-compressed image (supported by all current browsers and Windows Vista+).
function icoFromPng(png, { width, height, bitsPerPixel }) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: 1 = icon
  header.writeUInt16LE(1, 4); // number of images
  header.writeUInt8(width >= 256 ? 0 : width, 6); // width (0 means 256)
  header.writeUInt8(height >= 256 ? 0 : height, 7); // height (0 means 256)
  header.writeUInt8(0, 8); // colours in palette (0 = no palette)
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(bitsPerPixel, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // size of the image data
  header.writeUInt32LE(header.length, 18); // offset of the image data
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless=new", ...chromiumFlags],
});

try {
  for (const job of jobs) {
    const svg = await readFile(file(job.src), "utf8");
    const page = await browser.newPage({ viewport: { width: job.width, height: job.height }, deviceScaleFactor: 1 });
    try {
      await page.setContent(htmlFor(svg, job.width, job.height, job.background), { waitUntil: "load" });
      const png = await page.screenshot({ type: "png", omitBackground: false });
      const size = pngInfo(png);
      if (size.width !== job.width || size.height !== job.height) {
        throw new Error(`${job.out}: expected ${job.width}×${job.height}, got ${size.width}×${size.height}`);
      }
      const output = job.ico ? icoFromPng(png, size) : png;
      await writeFile(file(job.out), output);
      console.log(`${job.out}  ${size.width}×${size.height}  ${output.length} bytes`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}
