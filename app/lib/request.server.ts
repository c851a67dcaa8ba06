import { data } from "react-router";
import { formObject } from "./forms";
import { rowIdPattern } from "./zod";

/** The largest request body the server reads (deploy/nginx.conf's client_max_body_size says the same). */
export const MAX_BODY_BYTES = 64 * 1024;

type BodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 415; error: string };

/** Reads a JSON object or a form body; anything else is a clear 4xx for the caller to send. */
export async function readJsonOrForm(request: Request): Promise<BodyResult> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, status: 400, error: "Expected a JSON object." };
      return { ok: true, value: value as Record<string, unknown> };
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return { ok: true, value: formObject(await request.formData()) };
    }
    return { ok: false, status: 415, error: "Send JSON (application/json) or a form." };
  } catch {
    return { ok: false, status: 400, error: "The request body could not be read." };
  }
}

/** A Retry-After header when the refusal carries a wait time (rate limits). */
export function retryAfterHeaders(result: { retryAfter?: number }): HeadersInit {
  return result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
}

/**
 * The form body of a page's post. Anything else (JSON, plain text, a broken multipart body) is
 * answered with a 4xx error page instead of failing inside the action.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
    throw data("Send the form as the page does (application/x-www-form-urlencoded).", { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
}

export function isRowId(value: unknown): value is string {
  return typeof value === "string" && rowIdPattern.test(value);
}

/**
 * A route's `headers` export: the wait time of a refused (rate-limited) post reaches the
 * response, for the page and for its data request alike.
 */
export function forwardRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
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
