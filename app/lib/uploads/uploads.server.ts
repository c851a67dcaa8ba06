/**
 * Uploads in the database (docs/decisions/034-uploads.md): storing a checked file with the copies
 * the site serves, reading those bytes back, and what each upload is, held in memory for the pages
 * (which never wait on the database for it, and a prerendered page may not read it at all).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { initialAuthor, initialFiles } from "~/content/initial-files";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import type { Staff } from "~/lib/staff";
import type { UploadTable } from "../../../db/schema";
import { checkUpload } from "./check.server";
import { resizePhoto } from "./photos.server";
import { addressName, type PdfFile, type PhotoFile, type ShownPhoto, type UploadKind } from "./refs";

export interface UploadSummary {
  id: string;
  kind: UploadKind;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  widths: number[];
  uploadedBy: string;
  uploadedAt: string;
}

/** The files a fresh site starts with, as uploads (app/content/initial-files.ts). */
export const initialUploads: readonly (UploadSummary & { source: string })[] = initialFiles.map((file) => ({
  id: file.id,
  kind: "manual",
  name: file.name,
  type: "application/pdf",
  size: file.size,
  width: null,
  height: null,
  pages: file.pages,
  widths: [],
  uploadedBy: initialAuthor,
  uploadedAt: `${file.day}T00:00:00.000Z`,
  source: `manuals/${file.name}`,
}));

export function uploadId(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

function summary(row: Omit<UploadTable, "widths"> & { widths: string | null }): UploadSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    type: row.type,
    size: row.size,
    width: row.width,
    height: row.height,
    pages: row.pages,
    widths: row.widths ? (JSON.parse(row.widths) as number[]) : [],
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

// ——— What each upload is, in memory ———

let known = new Map<string, UploadSummary>(initialUploads.map((upload) => [upload.id, upload]));

/** Reads what every upload is (not its bytes) again: at start, and before pages are drawn after a publish. */
export async function refreshUploads(): Promise<void> {
  const rows = await db().selectFrom("uploads").selectAll().execute();
  const next = new Map<string, UploadSummary>(initialUploads.map((upload) => [upload.id, upload]));
  for (const row of rows) next.set(row.id, summary(row));
  known = next;
}

/** A manual's PDF as a page links it, or undefined when no such PDF was uploaded. */
export function pdfFile(id: string): PdfFile | undefined {
  const upload = known.get(id);
  if (upload?.kind !== "manual") return undefined;
  return { id, name: upload.name, size: upload.size, pages: upload.pages ?? 0 };
}

/** A photo as a page draws it, or undefined when no such photo was uploaded. */
export function photoFile(id: string): PhotoFile | undefined {
  const upload = known.get(id);
  if (upload?.kind !== "photo" || upload.width === null || upload.height === null) return undefined;
  return { id, width: upload.width, height: upload.height, widths: upload.widths };
}

/**
 * A photo an item names (its file and alternative text), as a page draws it; null when the item
 * names none, or a file this instance does not know as a photo.
 */
export function shownPhoto(chosen: { file: string; alt: string } | undefined): ShownPhoto | null {
  const photo = chosen ? photoFile(chosen.file) : undefined;
  return photo && chosen ? { ...photo, alt: chosen.alt } : null;
}

// ——— Storing ———

export type Stored = { ok: true; upload: UploadSummary; already: boolean } | { ok: false; message: string };

/**
 * Checks `bytes` as a `kind` of file and stores it with the copies the site serves, all in one
 * transaction: nothing half-written. The same bytes uploaded again are the same upload.
 */
export async function storeUpload(
  staff: Staff,
  kind: UploadKind,
  originalName: string,
  bytes: Buffer,
  now = new Date(),
): Promise<Stored> {
  const id = uploadId(bytes);
  const existing = await db().selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  if (existing) {
    if (existing.kind !== kind)
      return {
        ok: false,
        message: `This file is already uploaded as a ${existing.kind === "manual" ? "manual" : "photo"}.`,
      };
    return { ok: true, upload: summary(existing), already: true };
  }
  const checked = await checkUpload(kind, bytes);
  if (!checked.ok) return checked;
  const at = now.toISOString();
  let row: UploadTable;
  let files: Array<{ path: string; type: string; bytes: Buffer }>;
  if (checked.kind === "manual") {
    const name = addressName(originalName, "pdf");
    row = {
      id,
      kind,
      name,
      type: checked.type,
      size: bytes.length,
      width: null,
      height: null,
      pages: checked.pages,
      widths: null,
      uploaded_by: staff.username,
      uploaded_at: at,
    };
    files = [{ path: `${id}/${name}`, type: checked.type, bytes }];
  } else {
    const resized = await resizePhoto(bytes);
    if (!resized.ok) return resized;
    const { photo } = resized;
    row = {
      id,
      kind,
      name: addressName(originalName, originalName.match(/\.([a-z0-9]{1,5})$/i)?.[1]?.toLowerCase() ?? "jpg"),
      type: checked.type,
      size: bytes.length,
      width: photo.width,
      height: photo.height,
      pages: null,
      widths: JSON.stringify(photo.widths),
      uploaded_by: staff.username,
      uploaded_at: at,
    };
    files = photo.copies.map((copy) => ({
      path: `${id}/${copy.width}.${copy.format}`,
      type: copy.type,
      bytes: copy.bytes,
    }));
  }
  await db()
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto("uploads")
        .values(row)
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      // Another instance stored the same bytes a moment ago: theirs stands.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      for (const file of files)
        await trx
          .insertInto("upload_files")
          .values({ path: file.path, upload: id, type: file.type, size: file.bytes.length, bytes: file.bytes })
          .execute();
      await recordAudit(staff, "upload", kind, id, `${row.name}, ${bytes.length} bytes`, trx);
    });
  await refreshUploads();
  return { ok: true, upload: summary(row), already: false };
}

/** Every upload, the newest first, for the admin's list of files. */
export async function listUploads(): Promise<UploadSummary[]> {
  const rows = await db().selectFrom("uploads").selectAll().orderBy("uploaded_at", "desc").orderBy("id").execute();
  return rows.map(summary);
}

/** The bytes served at /files/`filePath`, with their type, or undefined. */
export async function readUploadFile(
  filePath: string,
): Promise<{ type: string; size: number; bytes: Buffer } | undefined> {
  const row = await db()
    .selectFrom("upload_files")
    .select(["type", "size", "bytes"])
    .where("path", "=", filePath)
    .executeTakeFirst();
  return row ? { type: row.type, size: row.size, bytes: Buffer.from(row.bytes) } : undefined;
}

// ——— The first start ———

/** Where the public files are: the build's client folder beside the server bundle, then the project's. */
const publicDirs = [
  fileURLToPath(new URL("../client", import.meta.url)),
  path.resolve("build/client"),
  path.resolve("public"),
];

function readPublicFile(relative: string): Buffer {
  for (const dir of publicDirs) {
    try {
      return readFileSync(path.join(dir, relative));
    } catch {
      // The next place.
    }
  }
  throw new Error(`Missing public file: ${relative}`);
}

/** Writes the files a fresh site starts with, where they are not stored yet. Safe on several instances at once. */
export async function writeInitialUploads(): Promise<string[]> {
  const stored = new Set((await db().selectFrom("uploads").select("id").execute()).map((row) => row.id));
  const written: string[] = [];
  for (const upload of initialUploads) {
    if (stored.has(upload.id)) continue;
    const bytes = readPublicFile(upload.source);
    if (uploadId(bytes) !== upload.id) throw new Error(`${upload.source} is not the file the initial content names.`);
    await db()
      .transaction()
      .execute(async (trx) => {
        const inserted = await trx
          .insertInto("uploads")
          .values({
            id: upload.id,
            kind: upload.kind,
            name: upload.name,
            type: upload.type,
            size: upload.size,
            width: null,
            height: null,
            pages: upload.pages,
            widths: null,
            uploaded_by: upload.uploadedBy,
            uploaded_at: upload.uploadedAt,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
        await trx
          .insertInto("upload_files")
          .values({
            path: `${upload.id}/${upload.name}`,
            upload: upload.id,
            type: upload.type,
            size: bytes.length,
            bytes,
          })
          .execute();
        written.push(upload.id);
      });
  }
  return written;
}
