import { data } from "react-router";
import { getReviewLedger } from "~/features/reviews/ledger.server";
import { listPublishedReviews } from "~/features/reviews/list.server";
import { ratingSummary } from "~/features/reviews/types";
import { failureOutcome, reviewOutcomes } from "~/features/reviews/outcomes";
import { parseFilter, parsePosition, type ReviewPosition, reviewPageQuery } from "~/features/reviews/fields";
import { submitReview } from "~/features/reviews/submit.server";
import { noteDatabaseError, outageJson } from "~/lib/database-outage.server";
import { withIdempotencyKey } from "~/lib/idempotency.server";
import { getConfig } from "~/lib/config.server";
import { listsNotSentAsLists, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.testimonials";

/**
 * GET: a page of published reviews, newest first, with the computed summary and the ledger.
 * `?tag=` picks a filter tab; `newer` and `older` are the query strings of the pages next to this
 * one (`?before=…`, `?after=…`), or null at either end; `?page=oldest` is the last page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseFilter(params.get("tag"));
  let list, ledger;
  try {
    [list, ledger] = await Promise.all([listPublishedReviews(filter, parsePosition(params)), getReviewLedger()]);
  } catch (error) {
    // A client of the API reads JSON, and a 503 says to ask again (Retry-After), not that it broke.
    if (noteDatabaseError(error)) return outageJson();
    throw error;
  }
  const link = (position: ReviewPosition | null) => (position ? reviewPageQuery(filter, position) : null);
  return data(
    {
      testimonials: list.reviews,
      total: list.total,
      newer: link(list.newer),
      older: link(list.older),
      summary: ratingSummary(ledger),
      ledger,
    },
    { headers: { "Cache-Control": "no-cache" } },
  );
}

/**
 * POST: submit a review (docs/requirements.md §5.2: name, email, rating, quote, context, tags, honeypot).
 * 201 means it is stored: pending moderation, or held as suspected spam (answered the same).
 * An optional Idempotency-Key header makes a repeat answer the first outcome (decision 021).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const client = context.clientIp ?? "unknown";
  return withIdempotencyKey(request, "testimonials", client, async () => {
    const body = await readJsonOrForm(request);
    if (!body.ok) return data({ ok: false, error: body.error }, { status: body.status });
    const notLists = listsNotSentAsLists(body, ["tags"]);
    if (notLists)
      return data(
        { ok: false, error: "Some fields are not valid", problem: "invalid", errors: notLists },
        { status: 400 },
      );
    const result = await submitReview(body.value, client);
    if (result.ok) return data({ ok: true, message: reviewOutcomes.submitted.description }, { status: 201 });
    const notice =
      result.problem === "missing"
        ? reviewOutcomes.missing
        : result.problem === "invalid"
          ? { description: "Some fields are not valid" }
          : failureOutcome(result.problem, getConfig().siteEmail);
    return data(
      { ok: false, error: notice.description, problem: result.problem, errors: result.errors },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  });
}
