/** Reads a JSON object or a form body; anything else is a clear 400 for the caller to send. */
export async function readJsonOrForm(request: Request): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; error: string }> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, error: "Expected a JSON object." };
      return { ok: true, value: value as Record<string, unknown> };
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return { ok: true, value: Object.fromEntries(await request.formData()) };
    }
    return { ok: false, error: "Send JSON (application/json) or a form." };
  } catch {
    return { ok: false, error: "The request body could not be read." };
  }
}

/** A Retry-After header when the refusal carries a wait time (rate limits). */
export function retryAfterHeaders(result: { retryAfter?: number }): HeadersInit {
  return result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
}
