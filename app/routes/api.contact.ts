import { data } from "react-router";
import { submitContact } from "~/features/contact/submit.server";
import type { Route } from "./+types/api.contact";

/** JSON form of the contact form's post, used by the page when JavaScript runs. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  let body: unknown;
  try {
    body = request.headers.get("Content-Type")?.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return data({ ok: false, problem: "invalid", errors: {}, error: "The request body could not be read." }, { status: 400 });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return data({ ok: false, problem: "invalid", errors: {}, error: "Expected a JSON object." }, { status: 400 });
  }
  const result = await submitContact(body as Record<string, unknown>, context.clientIp ?? "unknown");
  if (result.ok) return data({ ok: true });
  const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data({ ok: false, problem: result.problem, errors: result.errors }, { status: result.status, headers });
}
