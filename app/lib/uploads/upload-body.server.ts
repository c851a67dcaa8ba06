/**
 * Reads the admin's upload form (multipart) as it arrives: a few short fields and one file, whose
 * bytes are kept only up to the limit of its kind. Past the limit the rest of the body is read and
 * dropped, never kept, so a post of gigabytes costs time on the wire, not memory.
 */
import { Readable } from "node:stream";
import type { Busboy } from "busboy";
import { type UploadKind, uploadLimits } from "./refs";

export type UploadBody =
  | {
      ok: true;
      fields: Record<string, string>;
      /** Undefined when the form carried no file, or an empty one with no name. */
      file: { name: string; bytes: Buffer; tooLarge: boolean } | undefined;
    }
  | { ok: false; status: 400 | 415; message: string };

/** The largest file of any kind, and what a form needs around it. */
export const maxUploadBytes = Math.max(...Object.values(uploadLimits));

/**
 * Reads `request`'s multipart body. `kindOf` says, from the fields read before the file, which
 * kind it is, and so its limit (the form puts its kind before the file).
 */
export async function readUploadBody(
  request: Request,
  kindOf: (fields: Record<string, string>) => UploadKind | undefined,
): Promise<UploadBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body)
    return { ok: false, status: 415, message: "Send the file with the page's upload form (multipart/form-data)." };
  // Loaded with the first upload, not with the server.
  const { default: busboy } = await import("busboy");
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fields: 10, fieldSize: 1_000, parts: 12, fileSize: maxUploadBytes },
    });
  } catch {
    return { ok: false, status: 400, message: "The upload could not be read." };
  }
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer; tooLarge: boolean } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on("file", (_name, stream, info) => {
      const limit = uploadLimits[kindOf(fields) ?? "manual"];
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        // Past the limit nothing more is kept: the rest only drains.
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on("limit", () => (tooLarge = true));
      stream.on("end", () => {
        if (info.filename || size > 0)
          file = { name: info.filename ?? "", bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  try {
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
    body.on("error", (error) => parser.destroy(error));
    body.pipe(parser);
    await done;
  } catch {
    return { ok: false, status: 400, message: "The upload could not be read: it may have been cut off. Try again." };
  }
  return { ok: true, fields, file };
}
