import { data } from "react-router";
import { getConfig } from "~/lib/config.server";
import { log } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { methodNotAllowed, readJsonOrForm } from "~/lib/request.server";
import { visitTally } from "~/lib/visits/tally.server";
import { mayCount } from "~/lib/visits/views.server";
import { FormStepSchema } from "~/features/orders/step-beacon.server";
import type { Route } from "./+types/api.form-steps";

export const loader = methodNotAllowed("POST");

/** Beacons a visitor may send in ten minutes: a few walks through the order form's six steps. */
export const stepsPerWindow = 60;

/**
 * The order form's beacon (navigator.sendBeacon, with JavaScript): "this browser reached step N",
 * with no identifier of any kind. Counted with the page views, per day (app/lib/visits); not
 * counted for a browser that asks not to be (Global Privacy Control, Do Not Track) or for a
 * program. Rate-limited per address like a form, in the same counters (which keep the address two
 * days at most and never with the count). 204 whether counted or not: nothing is answered to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ error: body.error }, { status: body.status });
  const parsed = FormStepSchema.safeParse(body.value);
  if (!parsed.success) return data({ error: "Send the step as a form: form=order&step=2." }, { status: 400 });
  // Nothing to count: not even the rate limit's counter is written.
  if (!getConfig().visitCounts.on || !mayCount(Object.fromEntries(request.headers)))
    return new Response(null, { status: 204 });
  try {
    const limit = await hitRateLimit(`steps:${context.clientIp ?? "unknown"}`, stepsPerWindow, 600);
    if (!limit.allowed)
      return data({ error: "Too many steps" }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  } catch (error) {
    // The database is away: the step is not counted, and the visitor never waits on it.
    log.warn("a form step could not be counted", { error });
    return new Response(null, { status: 204 });
  }
  visitTally.countFormEvent({ form: parsed.data.form, event: `step-${parsed.data.step}` });
  return new Response(null, { status: 204 });
}
