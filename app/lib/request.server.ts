import { data } from "react-router";
import { formObject } from "./forms";
import { rowIdPattern } from "./zod";

/** The largest request body the server reads (deploy/nginx.conf's client_max_body_size says the same). */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a body over MAX_BODY_BYTES is told, by whichever layer refuses it (nginx, the server, a route). */
export const bodyTooLargeMessage = `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`;

/**
 * The largest body of the admin's form that edits a whole content item (docs/requirements.md
 * §7.13): every field of the largest item its schema allows, in any script (a character such as
 * "é" or "—" is six or nine bytes once encoded), with room to spare. Only that page's posts may
 * be this large (deploy/nginx.conf says the same for its location).
 */
export const MAX_CONTENT_BODY_BYTES = 2 * 1024 * 1024;

/** The content item's page and its data requests: /admin/content/faq, /admin/content/faq.data. */
const contentItemPath = /^\/admin\/content\/[a-z0-9-]+(?:\.data)?$/;

/**
 * The largest body of the admin's upload form: the largest file (a 20 MB manual) with the form's
 * few fields and the multipart framing around it. Only that page's posts may be this large, and
 * they are read as they arrive, never whole (app/lib/uploads/upload-body.server.ts).
 */
export const MAX_UPLOAD_BODY_BYTES = 21 * 1024 * 1024;

/** The upload page and its data requests: /admin/files, /admin/files.data. */
const uploadPath = /^\/admin\/files(?:\.data)?$/;

/** The largest body a post to `path` may have. */
export function bodyLimitFor(path: string): number {
  if (uploadPath.test(path)) return MAX_UPLOAD_BODY_BYTES;
  return contentItemPath.test(path) ? MAX_CONTENT_BODY_BYTES : MAX_BODY_BYTES;
}

/** What a body over `limit` is told. */
export function bodyTooLargeMessageFor(limit: number): string {
  return limit === MAX_BODY_BYTES ? bodyTooLargeMessage : `The request body is larger than ${limit / 1024 / 1024} MB.`;
}
const unreadableFormMessage = "The form could not be read.";

/**
 * The most fields a form body may carry. The longest form of the site (the order request, with
 * every checkbox ticked) sends fewer than 60; 64 KB of `a=&b=&…` would be over 13,000, and every
 * field costs work in the parser and after it. The count is taken from the raw bytes, before any
 * parsing, so a body over the cap costs one pass over at most 64 KB.
 */
export const MAX_FORM_FIELDS = 100;

/**
 * The most fields a staff form that edits a whole content item may carry: an item such as the FAQ
 * has hundreds of fields. Its body is bounded by MAX_CONTENT_BODY_BYTES.
 */
export const MAX_LONG_FORM_FIELDS = 5_000;

type BodyRefusal = { ok: false; status: 400 | 413 | 415; error: string };
type BodyResult = { ok: true; value: Record<string, unknown>; json: boolean } | BodyRefusal;

const ampersand = 0x26;

function isUrlEncoded(type: string) {
  return type.includes("application/x-www-form-urlencoded");
}

function isForm(type: string) {
  return isUrlEncoded(type) || type.includes("multipart/form-data");
}

/** How many times `needle` occurs in `bytes` (Buffer.indexOf: one linear pass). */
function occurrences(bytes: Buffer, needle: Buffer | number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count++;
  return count;
}

/** The number of fields a form body declares, counted on its bytes; undefined when it cannot say. */
function fieldCount(bytes: Buffer, type: string): number | undefined {
  if (isUrlEncoded(type)) return bytes.length === 0 ? 0 : occurrences(bytes, ampersand) + 1;
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  // Each part opens with the delimiter, and the closing delimiter adds one more.
  return delimiter ? Math.max(0, occurrences(bytes, Buffer.from(`--${delimiter}`)) - 1) : undefined;
}

/**
 * A form body, parsed only once its size and its number of fields are known to be within bounds.
 * The body is read whole (the server has already refused a declared length over MAX_BODY_BYTES
 * and a body of unknown length); then the fields are counted on the bytes; only then does the
 * platform's parser see it.
 */
async function readBoundedForm(
  request: Request,
  type: string,
  maxFields = MAX_FORM_FIELDS,
): Promise<{ ok: true; value: FormData } | BodyRefusal> {
  const bytes = Buffer.from(await request.arrayBuffer());
  const limit = bodyLimitFor(new URL(request.url).pathname);
  if (bytes.length > limit) return { ok: false, status: 413, error: bodyTooLargeMessageFor(limit) };
  const fields = fieldCount(bytes, type);
  if (fields === undefined) return { ok: false, status: 400, error: unreadableFormMessage };
  if (fields > maxFields) return { ok: false, status: 413, error: `The form has more than ${maxFields} fields.` };
  try {
    return { ok: true, value: await new Response(bytes, { headers: { "Content-Type": type } }).formData() };
  } catch {
    return { ok: false, status: 400, error: unreadableFormMessage };
  }
}

/** Reads a JSON object or a form body; anything else is a clear 4xx for the caller to send. */
export async function readJsonOrForm(request: Request): Promise<BodyResult> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return { ok: false, status: 400, error: "Expected a JSON object." };
      return { ok: true, value: value as Record<string, unknown>, json: true };
    }
    if (isForm(type)) {
      const form = await readBoundedForm(request, type);
      return form.ok ? { ok: true, value: formObject(form.value), json: false } : form;
    }
    return { ok: false, status: 415, error: "Send JSON (application/json) or a form." };
  } catch {
    return { ok: false, status: 400, error: "The request body could not be read." };
  }
}

/**
 * A form sends one ticked checkbox as a single value and several as a list, so the shared
 * schemas take either. JSON has lists of its own: there, a list field sent as anything else (a
 * string "comfort" for ["comfort"]) is a client's mistake, refused like a rating sent as text.
 * Returns each such field's message, or null when there is none.
 */
export function listsNotSentAsLists(
  body: { value: Record<string, unknown>; json: boolean },
  fields: readonly string[],
): Record<string, string> | null {
  if (!body.json) return null;
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = body.value[field];
    // Nothing given (absent, null or an empty field) is for the schema to answer ("Please select ...").
    if (value === undefined || value === null || value === "" || Array.isArray(value)) continue;
    errors[field] = `${field} must be a list`;
  }
  return Object.keys(errors).length ? errors : null;
}

/** A Retry-After header when the refusal carries a wait time (rate limits). */
export function retryAfterHeaders(result: { retryAfter?: number }): HeadersInit {
  return result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
}

/**
 * The form body of a page's post. Anything else (JSON, plain text, a broken multipart body) is
 * answered with a 4xx error page instead of failing inside the action.
 */
export async function readForm(request: Request, { maxFields = MAX_FORM_FIELDS } = {}): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!isForm(type)) throw data("Send the form as the page does (application/x-www-form-urlencoded).", { status: 415 });
  let form: Awaited<ReturnType<typeof readBoundedForm>>;
  try {
    form = await readBoundedForm(request, type, maxFields);
  } catch {
    throw data(unreadableFormMessage, { status: 400 });
  }
  if (!form.ok) throw data(form.error, { status: form.status });
  return form.value;
}

export function isRowId(value: unknown): value is string {
  return typeof value === "string" && rowIdPattern.test(value);
}

/**
 * A route's `headers` export: the wait time of a refused (rate-limited) post reaches the
 * response, for the page and for its data request alike.
 */
export function forwardRetryAfter({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * The loader of a route that only takes `allow` (a POST, PATCH or DELETE): a GET is answered 405
 * with what is allowed. The server reads `allow` from it too, so every other method is refused
 * with the same Allow header before the route runs (server/allowed-methods.ts).
 */
export function methodNotAllowed(...allow: string[]) {
  const loader = () => data({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow.join(", ") } });
  return Object.assign(loader, { allow });
}
