import type { Stats } from "node:fs";
import { constants, type FileHandle, open, stat } from "node:fs/promises";
import { log } from "~/lib/logger.server";

/**
 * The views of the pages nginx serves from disk, as it logs them (build/nginx/views.conf, written
 * by server/nginx.ts; docs/decisions/029-counting-without-identifiers.md): one line per view,
 * tab-separated, of the time, the path asked for, the host of the referrer (nothing else of its
 * address), the Host the request was sent to, and the raw values of utm_source, utm_medium and
 * utm_campaign. nginx has already decided that each line is a person's view.
 */
export interface LoggedView {
  /** When nginx answered, in milliseconds since 1970. */
  at: number;
  path: string;
  /** The referrer's host (with its port, if any), or "" when there was none. */
  from: string;
  host: string;
  /** The campaign tags as a query string ("?utm_source=…"), or "". */
  search: string;
}

const campaignTags = ["utm_source", "utm_medium", "utm_campaign"] as const;

/**
 * The fields of a line, in order, each with the nginx variable it is written from: server/nginx.ts
 * writes the `log_format` from this list ($aquila_log_path and $aquila_from are maps of
 * deploy/nginx.conf and build/nginx/views.conf: the path without its query, the referrer's host).
 */
export const viewLogFields = [
  ["time", "$msec"],
  ["path", "$aquila_log_path"],
  ["from", "$aquila_from"],
  ["host", "$host"],
  ...campaignTags.map((tag) => [tag, `$arg_${tag}`] as const),
] as const;

/**
 * A field as nginx's `escape=default` wrote it: `"`, `\` and bytes outside printable ASCII as
 * `\xHH`, and an empty value as "-" (never a value of these fields otherwise: a path starts with
 * "/", and a bare "-" says nothing as a tag).
 */
function unescapeField(field: string): string {
  if (field === "-") return "";
  if (!field.includes("\\x")) return field;
  const bytes = field.replace(/\\x([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** One line of the view log, or undefined for one that is not of its shape. */
export function parseViewLine(line: string): LoggedView | undefined {
  const fields = line.split("\t");
  if (fields.length !== viewLogFields.length) return undefined;
  const [time = "", rawPath = "", from = "", host = "", ...tags] = fields.map(unescapeField);
  if (!/^\d+(\.\d+)?$/.test(time)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!path.startsWith("/")) return undefined;
  // Still percent-encoded, as they were in the address: URLSearchParams decodes them.
  const search = campaignTags
    .map((name, i) => (tags[i] ? `${name}=${tags[i]}` : ""))
    .filter(Boolean)
    .join("&");
  return {
    at: Math.round(Number(time) * 1000),
    path,
    from: from.toLowerCase(),
    host: host.toLowerCase(),
    search: search ? `?${search}` : "",
  };
}

/** Bounds what one read takes into memory when the log has grown a lot since the last one. */
const maxReadBytes = 1 << 20;

/**
 * Reads the lines nginx adds to `file`, every `intervalMs`, and hands each view to `count`.
 *
 * - It starts at the end of the file: lines written before this start were read by the process
 *   that ran before, or by nobody (views logged while no instance reads are not counted, as counts
 *   not yet written are lost in a crash).
 * - nginx writes whole lines in buffered blocks; a line not yet ended is kept until it is.
 * - When the log is rotated (renamed, and a new file opened on nginx's USR1, as logrotate does),
 *   the old file is read to its end, then the new one from its start; a file cut short in place
 *   (logrotate's copytruncate) is read again from its start.
 * - A file that is missing or unreadable is looked for again at each read, and said once in the
 *   log until it can be read.
 */
export function followViewLog(
  file: string,
  count: (view: LoggedView) => void,
  { intervalMs = 1000 }: { intervalMs?: number } = {},
) {
  let handle: FileHandle | undefined;
  let inode: number | undefined;
  let offset = 0;
  let partial = "";
  let first = true;
  let problem: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  function take(text: string) {
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const view = parseViewLine(line);
      if (view) count(view);
    }
  }

  /** Reads what `from` holds beyond `offset`, up to `size`. */
  async function drain(from: FileHandle, size: number) {
    while (offset < size) {
      const length = Math.min(size - offset, maxReadBytes);
      const { bytesRead, buffer } = await from.read(Buffer.alloc(length), 0, length, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      take(buffer.subarray(0, bytesRead).toString("utf8"));
    }
  }

  async function close() {
    await handle?.close().catch(() => {});
    handle = undefined;
    inode = undefined;
  }

  function report(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== problem)
      log.warn("view log not readable; views of pages nginx serves are not counted", { file, error: message });
    problem = message;
  }

  async function readOnce() {
    let current: Stats | undefined;
    try {
      current = await stat(file);
    } catch (error) {
      // A log that does not exist yet holds nothing read before: once it does, it is read from its start.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") first = false;
      if (!handle) return report(error);
    }
    if (handle && current?.ino !== inode) {
      // Rotated: what nginx wrote to the old file before reopening is read, then the new file from its start.
      await drain(handle, (await handle.stat()).size);
      if (partial) take("\n");
      await close();
      offset = 0;
      first = false;
    }
    if (!current) return;
    if (!handle) {
      try {
        handle = await open(file, constants.O_RDONLY);
      } catch (error) {
        return report(error);
      }
      inode = (await handle.stat()).ino;
      if (first) offset = current.size;
      first = false;
      if (problem) log.info("view log readable again", { file });
      problem = undefined;
    }
    if (current.size < offset) {
      // Cut short in place: read again from the start.
      offset = 0;
      partial = "";
    }
    await drain(handle, current.size);
  }

  /** Reads after any read under way, never two at once. */
  function readNext(): Promise<void> {
    running = running.then(readOnce).catch((error: unknown) => report(error));
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void readNext().finally(schedule), intervalMs);
    timer.unref();
  }

  void readNext().finally(schedule);

  return {
    /** Reads what is new now (tests use it). */
    readNow: readNext,
    /** Reads what is new once more, then stops. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await readNext();
      await close();
    },
  };
}
