import { data } from "react-router";
import { contactOutcomes, failureNotice } from "~/features/contact/outcomes";
import { submitContact } from "~/features/contact/submit.server";
import { getConfig } from "~/lib/config.server";
import { withIdempotencyKey } from "~/lib/idempotency.server";
import { methodNotAllowed, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.contact";

export const loader = methodNotAllowed("POST");

/**
 * POST the contact payload (name, email, phone, topic, message, consent, honeypot) as JSON or a
 * form. 201 means it is stored: in the inbox with its delivery queued, or held as suspected
 * spam (answered the same). The contact page posts to its own action, which calls the same function.
 * An optional Idempotency-Key header makes a repeat answer the first outcome (decision 021).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const client = context.clientIp ?? "unknown";
  return withIdempotencyKey(request, "contact", client, async () => {
    const body = await readJsonOrForm(request);
    if (!body.ok)
      return data({ ok: false, problem: "invalid", errors: {}, error: body.error }, { status: body.status });
    const result = await submitContact(body.value, client);
    if (result.ok) return data({ ok: true }, { status: 201 });
    const error =
      result.problem === "invalid"
        ? "Some fields are not valid"
        : `${contactOutcomes.failedTitle}. ${failureNotice(result.problem, getConfig().siteEmail).description}`;
    return data(
      { ok: false, error, problem: result.problem, errors: result.errors },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  });
}
