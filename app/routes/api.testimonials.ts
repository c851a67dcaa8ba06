import { data } from "react-router";
import { getReviewLedger, listPublishedTestimonials } from "~/features/testimonials/queries.server";
import { ratingSummary } from "~/features/testimonials/types";
import { reviewOutcomes } from "~/features/testimonials/outcomes";
import { parseFilter } from "~/features/testimonials/fields";
import { submitReview } from "~/features/testimonials/submit.server";
import { readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.testimonials";

/** GET: published reviews (newest first, paged, ?tag= and ?page=) with the computed summary and the ledger. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Math.min(10_000, Math.max(1, Math.trunc(Number(params.get("page"))) || 1));
  const [list, ledger] = await Promise.all([listPublishedTestimonials(parseFilter(params.get("tag")), page), getReviewLedger()]);
  return data({ ...list, page, summary: ratingSummary(ledger), ledger }, { headers: { "Cache-Control": "no-cache" } });
}

/**
 * POST: submit a review (the spec's payload: name, email, rating, quote, context, tags, honeypot).
 * 201 means it is stored: pending moderation, or quarantined as suspected spam (answered the same).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ ok: false, error: body.error }, { status: body.status });
  const result = await submitReview(body.value, context.clientIp ?? "unknown");
  if (result.ok) return data({ ok: true, message: reviewOutcomes.submitted.description }, { status: 201 });
  const notice = result.problem === "missing" ? reviewOutcomes.missing : result.problem === "rate-limited" ? reviewOutcomes.rateLimited : result.problem === "invalid" ? { description: "Some fields are not valid" } : reviewOutcomes.failed;
  return data({ ok: false, error: notice.description, problem: result.problem, errors: result.errors }, { status: result.status, headers: retryAfterHeaders(result) });
}
