import { data } from "react-router";
import { submitContact } from "~/features/contact/submit.server";
import { readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.contact";

/** JSON form of the contact form's post, used by the page when JavaScript runs. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ ok: false, problem: "invalid", errors: {}, error: body.error }, { status: body.status });
  const result = await submitContact(body.value, context.clientIp ?? "unknown");
  if (result.ok) return data({ ok: true });
  const headers = retryAfterHeaders(result);
  return data({ ok: false, problem: result.problem, errors: result.errors }, { status: result.status, headers });
}
