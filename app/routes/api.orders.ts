import { data } from "react-router";
import { failureNotice } from "~/features/contact/outcomes";
import { orderFailureText } from "~/features/orders/outcomes";
import { submitOrder } from "~/features/orders/store.server";
import { getConfig } from "~/lib/config.server";
import { withIdempotencyKey } from "~/lib/idempotency.server";
import { listsNotSentAsLists, methodNotAllowed, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.orders";

export const loader = methodNotAllowed("POST");

/**
 * POST the order payload of docs/requirements.md §5.6 (firstName … medicalDisclaimer, honeypot,
 * formStartTime) as JSON or a form. 201 with the request's reference means it is stored, with its
 * deliveries queued, or held as suspected spam (answered the same). The order page posts
 * to its own action, which calls the same function. An optional Idempotency-Key header makes a
 * repeat answer the first outcome, with the same reference, and store nothing (decision 021).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const client = context.clientIp ?? "unknown";
  return withIdempotencyKey(request, "orders", client, async () => {
    const body = await readJsonOrForm(request);
    if (!body.ok)
      return data({ ok: false, problem: "invalid", errors: {}, error: body.error }, { status: body.status });
    const notLists = listsNotSentAsLists(body, ["discomfortAreas", "priorities"]);
    if (notLists)
      return data(
        { ok: false, problem: "invalid", errors: notLists, error: "Some fields are not valid" },
        { status: 400 },
      );
    const result = await submitOrder(body.value, client);
    if (result.ok) return data({ ok: true, reference: result.reference }, { status: 201 });
    const email = getConfig().siteEmail;
    // A full spam store is told in the order's own words, with both ways to reach the company.
    const error =
      result.problem === "invalid"
        ? "Some fields are not valid"
        : result.problem === "full"
          ? orderFailureText(result.problem, email)
          : failureNotice(result.problem, email).description;
    return data(
      { ok: false, error, problem: result.problem, errors: result.errors },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  });
}
