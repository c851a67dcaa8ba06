// `npm run bench:uploads`: what an editor waits for when uploading the largest files the site takes
// (docs/decisions/034-uploads.md), against the real server: a photo of nearly 10 MB (6000 × 4000
// pixels, resized to every width in AVIF, WebP and JPEG before the answer) and a manual's PDF of
// nearly 20 MB (checked for active content, then stored), each uploaded `--runs` times (3 unless
// given) as new files, and the first GET of the photo's largest copy and of the PDF, which an
// instance reads from the database (and writes to disk for nginx). On SQLite, and on PostgreSQL
// too with `--postgres URL` (a database of the bench's own, which keeps what was uploaded) or
// TEST_DATABASE_URL (a fresh database beside it, dropped afterwards).
import { Buffer } from "node:buffer";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { freshPostgres } from "../fresh-postgres.mjs";
import { importSource } from "../import-source.mjs";
import {
  buildDir,
  describeMachine,
  machine,
  quietServerEnv,
  runAsMain,
  runSeeder,
  startSite,
  table,
  writeReport,
} from "./common.mjs";

const megabyte = 1024 * 1024;
const photoLimit = 10 * megabyte;
const pdfLimit = 20 * megabyte;
const photoSize = { width: 6000, height: 4000 };
/** A page scanned at 200 dpi (A4). */
const pageSize = { width: 1654, height: 2339 };
const pageQuality = 90;
/** The copy of the photo timed on its first GET: the widest, in the format with the most bytes. */
const largeCopy = "1600.jpg";
/** Six widths, three formats each (app/lib/uploads/refs.ts). */
const resizedCopies = 18;

/** `count` bytes of noise, the same for the same `seed`. */
function noise(count, seed) {
  const bytes = Buffer.allocUnsafe(count);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** Detail of about `scale` pixels across: noise that small, enlarged smoothly to `size`. */
function texture(size, seed, scale) {
  const width = Math.ceil(size.width / scale);
  const height = Math.ceil(size.height / scale);
  return sharp(noise(width * height * 3, seed), { raw: { width, height, channels: 3 } })
    .resize(size.width, size.height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
}

/**
 * A scene's pixels (raw RGB), different for each `seed`: light falling softly across it, detail
 * of a few pixels and of some fifty (leaves, fabric, a face), and a sensor's grain. A photo's copies
 * at the site's widths keep the detail, as a real photo's do.
 */
async function scene(size, seed) {
  const { width, height } = size;
  const [fine, coarse] = await Promise.all([texture(size, seed * 7 + 1, 6), texture(size, seed * 7 + 2, 48)]);
  const grain = noise(width * height, seed * 7 + 3);
  const pixels = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = [
        120 + 60 * Math.sin(x / 700 + y / 1300 + seed),
        110 + 50 * Math.sin(y / 500 - x / 2100),
        100 + 45 * Math.cos((x + y) / 900 + seed),
      ];
      const speck = (((grain[y * width + x] ?? 128) - 128) * 6) / 128;
      for (const channel of light) {
        const value =
          channel + (((fine[at] ?? 128) - 128) * 35) / 128 + (((coarse[at] ?? 128) - 128) * 60) / 128 + speck;
        pixels[at++] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  return pixels;
}

const jpeg = (pixels, { width, height }, quality, chromaSubsampling = "4:2:0") =>
  sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling })
    .toBuffer();

/**
 * A camera's photo of 6000 × 4000 pixels: of the JPEG qualities a camera saves at, with colour
 * at half or at full resolution, the one that comes nearest to 10 MB without passing it.
 */
async function cameraPhoto(seed) {
  const pixels = await scene(photoSize, seed);
  let best;
  for (const subsampling of ["4:2:0", "4:4:4"]) {
    for (let quality = 88; quality <= 98; quality++) {
      const bytes = await jpeg(pixels, photoSize, quality, subsampling);
      if (bytes.length > photoLimit) break;
      if (!best || bytes.length > best.bytes.length) best = { bytes, quality: `${quality} (${subsampling})` };
    }
  }
  if (!best || best.bytes.length < photoLimit * 0.9)
    throw new Error(`no JPEG quality puts the photo just under ${photoLimit} bytes`);
  return best;
}

async function pdfOf(pictures) {
  const document = await PDFDocument.create();
  for (const picture of pictures) {
    const image = await document.embedJpg(picture);
    const page = document.addPage([595, 842]);
    page.drawImage(image, {
      x: 0,
      y: 842 - (595 * image.height) / image.width,
      width: 595,
      height: (595 * image.height) / image.width,
    });
  }
  return Buffer.from(await document.save());
}

/**
 * A scanned manual just under 20 MB: pages of photos as a scanner writes them (JPEG), the last one
 * a strip of a page, as tall as fills what is left.
 */
async function scannedManual(seed) {
  const target = pdfLimit * 0.995;
  const pictures = [];
  let size = 0;
  for (let page = 0; ; page++) {
    const picture = await jpeg(await scene(pageSize, seed * 1000 + page), pageSize, pageQuality);
    // Whole pages while they fit, with a little room for the PDF's own bytes.
    if (size + picture.length > target - 64 * 1024) break;
    pictures.push(picture);
    size += picture.length;
  }
  const base = (await pdfOf(pictures)).length;
  const last = await scene(pageSize, seed * 1000 + 999);
  // The strip's rows: estimated from the pages' bytes per row, then corrected from what it came to.
  let rows = Math.min(pageSize.height, Math.floor(((target - base) / size) * pictures.length * pageSize.height));
  let best = /** @type {Buffer | undefined} */ (undefined);
  for (let attempt = 0; attempt < 8; attempt++) {
    const strip = { width: pageSize.width, height: rows };
    const picture = await jpeg(last.subarray(0, rows * pageSize.width * 3), strip, pageQuality);
    const pdf = await pdfOf([...pictures, picture]);
    if (pdf.length < pdfLimit && (!best || pdf.length > best.length)) best = pdf;
    if (pdf.length < pdfLimit && pdf.length >= pdfLimit * 0.99) break;
    rows = Math.max(1, Math.min(pageSize.height, Math.floor((rows * (target - base)) / (pdf.length - base))));
  }
  if (!best || best.length < pdfLimit * 0.98)
    throw new Error(`the manual came to ${best?.length} bytes, not near ${pdfLimit}`);
  return { bytes: best, pages: pictures.length + 1 };
}

const mb = (bytes) => `${(bytes / megabyte).toFixed(2)} MB`;
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const ms = (value) => `${Math.round(value)} ms`;
/** The smallest and largest of `values`, or the one value when they are all the same. */
function range(values, format = mb) {
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const summary = (values) => ({
  medianMs: Math.round(median(values)),
  maxMs: Math.round(Math.max(...values)),
  runsMs: values.map(Math.round),
});

/** Uploads, and GETs, on one started server with `databaseUrl` (undefined: its own SQLite file). */
async function measure(inputs, databaseUrl) {
  const site = await startSite({ reviews: 0, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  const written = [];
  try {
    const editor = runSeeder("signInAsTestStaff", [databaseUrl ?? site.databaseFile, "editor"], quietServerEnv());
    const upload = async (kind, name, bytes) => {
      const form = new globalThis.FormData();
      form.set("kind", kind);
      form.set("file", new globalThis.Blob([new Uint8Array(bytes)]), name);
      const started = performance.now();
      const answer = await fetch(`${site.url}/admin/files`, {
        method: "POST",
        // Under the name the server reads: with the __Host- prefix when SITE_URL is HTTPS.
        headers: { Cookie: `${editor.header}; __Host-${editor.name}=${editor.value}` },
        body: form,
        redirect: "manual",
      });
      const text = await answer.text();
      const ms = performance.now() - started;
      if (answer.status !== 200 || !text.includes("Uploaded "))
        throw new Error(
          `the ${kind} was not stored (${answer.status}): ${/The file was not uploaded[^<]*/.exec(text)?.[0] ?? ""}`,
        );
      return ms;
    };
    const get = async (address, expected) => {
      const started = performance.now();
      const answer = await fetch(`${site.url}${address}`);
      const body = Buffer.from(await answer.arrayBuffer());
      const ms = performance.now() - started;
      if (answer.status !== 200 || (expected && !body.equals(expected)))
        throw new Error(`GET ${address} answered ${answer.status} with ${body.length} bytes`);
      return { ms, bytes: body.length };
    };
    const runs = [];
    for (const [i, { photo, manual }] of inputs.entries()) {
      site.check();
      const photoMs = await upload("photo", `photo-${i + 1}.jpg`, photo.bytes);
      written.push(photo.id);
      const copy = await get(`/files/${photo.id}/${largeCopy}`);
      const copyAgain = await get(`/files/${photo.id}/${largeCopy}`);
      const manualMs = await upload("manual", `manual-${i + 1}.pdf`, manual.bytes);
      written.push(manual.id);
      const pdf = await get(`/files/${manual.id}/manual-${i + 1}.pdf`, manual.bytes);
      const pdfAgain = await get(`/files/${manual.id}/manual-${i + 1}.pdf`, manual.bytes);
      runs.push({ photoMs, copy, copyAgain, manualMs, pdf, pdfAgain });
      console.log(
        `   run ${i + 1}: photo ${seconds(photoMs)}, GET ${largeCopy} (${mb(copy.bytes)}) ${ms(copy.ms)} then ${ms(copyAgain.ms)}; ` +
          `manual ${seconds(manualMs)}, GET of the PDF ${ms(pdf.ms)} then ${ms(pdfAgain.ms)}`,
      );
    }
    return {
      uploadPhoto: summary(runs.map((run) => run.photoMs)),
      firstGetLargeCopy: { ...summary(runs.map((run) => run.copy.ms)), bytes: runs.map((run) => run.copy.bytes) },
      secondGetLargeCopy: summary(runs.map((run) => run.copyAgain.ms)),
      uploadManual: summary(runs.map((run) => run.manualMs)),
      firstGetPdf: summary(runs.map((run) => run.pdf.ms)),
      secondGetPdf: summary(runs.map((run) => run.pdfAgain.ms)),
    };
  } finally {
    await site.stop();
    // What the instance wrote to disk for nginx while serving the GETs.
    for (const id of written) rmSync(path.join(buildDir, "client", "files", id), { recursive: true, force: true });
  }
}

export async function benchUploads(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: "string" }, postgres: { type: "string" } },
    strict: true,
  });
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number, got ${values.runs}`);
  const started = Date.now();
  const m = machine();
  const [loadBefore = 0] = os.loadavg();
  const { checkUpload } = /** @type {typeof import("../../app/lib/uploads/check.server")} */ (
    await importSource("app/lib/uploads/check.server.ts")
  );
  const { resizePhoto } = /** @type {typeof import("../../app/lib/uploads/photos.server")} */ (
    await importSource("app/lib/uploads/photos.server.ts")
  );
  const { uploadId } = /** @type {typeof import("../../app/lib/uploads/uploads.server")} */ (
    await importSource("app/lib/uploads/uploads.server.ts")
  );

  // New files for every run and database (the same bytes again would be the same upload, answered
  // at once), made before any is timed.
  const postgres = values.postgres ?? process.env.TEST_DATABASE_URL;
  const databases = postgres ? ["sqlite", "postgres"] : ["sqlite"];
  console.log(`Making ${runs * databases.length} photos and ${runs * databases.length} manuals…`);
  const inputs = [];
  const refused = [];
  for (let i = 0; i < runs * databases.length; i++) {
    const { bytes: photoBytes, quality } = await cameraPhoto(i + 1);
    let manual;
    for (let seed = i + 1; !manual; seed += 1000) {
      const candidate = await scannedManual(seed);
      const checked = await checkUpload("manual", candidate.bytes);
      if (checked.ok) manual = candidate;
      else refused.push(checked.message);
    }
    inputs.push({
      photo: { bytes: photoBytes, id: uploadId(photoBytes), quality },
      manual: { ...manual, id: uploadId(manual.bytes) },
    });
  }
  const photoFacts = {
    width: photoSize.width,
    height: photoSize.height,
    pixels: photoSize.width * photoSize.height,
    bytes: inputs.map((input) => input.photo.bytes.length),
    jpegQuality: inputs.map((input) => input.photo.quality),
  };
  const manualFacts = {
    pages: inputs.map((input) => input.manual.pages),
    bytes: inputs.map((input) => input.manual.bytes.length),
  };
  console.log(
    `Photos: ${photoSize.width} × ${photoSize.height} (${(photoFacts.pixels / 1e6).toFixed(0)} million pixels), ` +
      `${range(photoFacts.bytes)} (JPEG quality ${[...new Set(photoFacts.jpegQuality)].join(", ")}). ` +
      `Manuals: ${range(manualFacts.bytes)}, ${[...new Set(manualFacts.pages)].join(", ")} pages.`,
  );
  if (refused.length)
    console.log(`   ${refused.length} manual(s) made again: the upload check refused them (${refused[0]})`);

  // The work of an upload alone, in this process before any server starts: the photo's resizing
  // to every width and format, and the manual's check.
  /** @type {{ resizePhoto: number[], checkManual: number[] }} */
  const alone = { resizePhoto: [], checkManual: [] };
  for (const { photo, manual } of inputs.slice(0, runs)) {
    let at = performance.now();
    const resized = await resizePhoto(photo.bytes);
    alone.resizePhoto.push(performance.now() - at);
    if (!resized.ok) throw new Error(resized.message);
    at = performance.now();
    await checkUpload("manual", manual.bytes);
    alone.checkManual.push(performance.now() - at);
  }
  console.log(
    `Alone, in this process: resizing a photo ${alone.resizePhoto.map(seconds).join(", ")}; ` +
      `checking a manual ${alone.checkManual.map(seconds).join(", ")}.`,
  );

  const results = {};
  for (const [d, database] of databases.entries()) {
    const mine = inputs.slice(d * runs, (d + 1) * runs);
    console.log(`${database === "sqlite" ? "SQLite" : "PostgreSQL"}:`);
    if (database === "sqlite") results.sqlite = await measure(mine, undefined);
    else if (values.postgres) results.postgres = await measure(mine, values.postgres);
    else {
      const fresh = await freshPostgres(/** @type {string} */ (postgres), "aquila_bench_uploads");
      try {
        results.postgres = await measure(mine, fresh.url);
      } finally {
        await fresh.drop();
      }
    }
  }

  const label = { sqlite: "SQLite", postgres: "PostgreSQL" };
  const header = ["", ...Object.keys(results).flatMap((database) => [`${label[database]}: median`, "max"])];
  const line = (what, key, format = seconds) => [
    what,
    ...Object.values(results).flatMap((r) => [format(r[key].medianMs), format(r[key].maxMs)]),
  ];
  const copyBytes = Object.values(results).flatMap((r) => r.firstGetLargeCopy.bytes);
  const rows = [
    line(`Upload a photo (${range(photoFacts.bytes)}), resized to ${resizedCopies} copies`, "uploadPhoto"),
    line(`Upload a manual (PDF, ${range(manualFacts.bytes)})`, "uploadManual"),
    line(`First GET of the photo's ${largeCopy} (${range(copyBytes, kb)})`, "firstGetLargeCopy", ms),
    line(`Second GET of it`, "secondGetLargeCopy", ms),
    line(`First GET of the PDF`, "firstGetPdf", ms),
    line(`Second GET of it`, "secondGetPdf", ms),
  ];
  const aloneRows = [
    [
      `Resize the photo to its ${resizedCopies} copies`,
      seconds(median(alone.resizePhoto)),
      seconds(Math.max(...alone.resizePhoto)),
    ],
    ["Check the manual", seconds(median(alone.checkManual)), seconds(Math.max(...alone.checkManual))],
  ];
  console.log(`\n${table(header, rows)}\n\n${table(["Alone, in this process", "median", "max"], aloneRows)}\n`);

  const data = {
    machine: m,
    command: `npm run bench:uploads${runs === 3 ? "" : ` -- --runs ${runs}`}`,
    runs,
    photo: photoFacts,
    manual: manualFacts,
    largeCopy,
    refusedManualsMadeAgain: refused.length,
    alone: { resizePhoto: summary(alone.resizePhoto), checkManual: summary(alone.checkManual) },
    results,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    seconds: Math.round((Date.now() - started) / 1000),
  };
  const markdown = [
    `Run on ${m.date.slice(0, 10)}: ${describeMachine(m)}. Command: \`${data.command}\`` +
      `${postgres ? ", with PostgreSQL" : ""}; ${runs} run${runs === 1 ? "" : "s"} on each database. The machine's load average ` +
      `(one minute) was ${data.loadAverage.before.toFixed(1)} at the start and ${data.loadAverage.after.toFixed(1)} at the end.`,
    `Each run uploads, as an editor and over loopback to a started server, a new photo of ` +
      `${photoSize.width} × ${photoSize.height} pixels (${(photoFacts.pixels / 1e6).toFixed(0)} million; a JPEG of ` +
      `${range(photoFacts.bytes)}) and a new scanned manual (a PDF of ${range(manualFacts.bytes)}, ` +
      `${[...new Set(manualFacts.pages)].join(" or ")} pages of JPEG pictures). An upload is timed from its first byte sent to the last ` +
      `byte of the answer: reading the form, the check, for the photo the resizing, the transaction. Both GETs are asked of ` +
      `the instance, which reads the file from the database each time; behind nginx only the first reaches it, as the ` +
      `instance then writes the file to disk, where nginx serves it from.`,
    ...(refused.length
      ? [
          `${refused.length} of the ${inputs.length + refused.length} manuals made ${refused.length === 1 ? "was" : "were"} refused by the upload check as ` +
            `holding active content (their pictures' bytes happen to spell a name such as /JS) and made again with other pictures.`,
        ]
      : []),
    table(header, rows),
    `The same work alone, in the benchmark's own process (the server idle):`,
    table(["", "median", "max"], aloneRows),
  ].join("\n\n");
  writeReport("uploads", data, markdown);
}

runAsMain(import.meta.url, () => benchUploads());
