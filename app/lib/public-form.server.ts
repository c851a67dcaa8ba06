import { isDatabaseBusy } from "#db/client.server";
import type { SpamKind } from "#db/schema";
import { getConfig } from "./config.server";
import { noteDatabaseError, outageRetryAfterSeconds } from "./database-outage.server";
import {
  assessSpam,
  burstThreshold,
  type FillStart,
  pickFields,
  type PublicFormProblem,
  type SpamReason,
} from "./forms";
import { log } from "./logger.server";
import { hitRateLimit } from "./rate-limit.server";
import { holdAsSpam } from "./spam.server";
import { fieldErrorsOf, type z } from "./zod";

export type PublicFormResult =
  | { ok: true; id: string; held: boolean }
  | {
      ok: false;
      status: 400 | 429 | 503;
      problem: PublicFormProblem;
      errors: Record<string, string>;
      retryAfter?: number;
    };

const rateLimitWindowSeconds = 600;
/** A full spam store empties as staff work through it or the daily purge runs: an hour is a fair wait. */
export const spamFullRetryAfter = 3600;

/**
 * The one path every public form submission takes, from the page and from the JSON API alike:
 *
 * 1. Validation first: invalid input is a 400 with one message per field, whatever any timer says.
 * 2. The per-address rate limit: past it, 429 with a wait time, and nothing is stored.
 * 3. The spam signals: a filled honeypot is stored in the spam store with its reasons, or, when the
 *    store is full, refused with a 503 that says how else to reach the company.
 * 4. Otherwise `store` keeps it with any weaker signals as its mark (and queues what follows,
 *    such as delivery to staff, whose notice then says why it is marked).
 *
 * A success answer always means a row exists; a storage failure is a 503, never a success.
 */
export async function submitPublicForm<Schema extends z.ZodObject, Output = z.output<Schema>>(options: {
  kind: SpamKind;
  schema: Schema;
  form: Record<string, unknown>;
  clientIp: string;
  /** When the sender began: a page form's ticket, or the start time a JSON client gave. */
  start: FillStart | undefined;
  /** The free text in which links are counted. */
  text: (input: Output) => string;
  /** `signals`: the weaker spam signals it carried, kept with the row as its mark (empty: none). */
  store: (input: Output, signals: SpamReason[]) => Promise<string>;
  /** Kept with a held submission besides its fields (an order's reference, already shown). */
  keep?: Record<string, unknown>;
}): Promise<PublicFormResult> {
  const { kind, schema, form, clientIp } = options;
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    return { ok: false, status: 400, problem: "invalid", errors: fieldErrorsOf(parsed.error) };
  }
  const input = parsed.data as Output;
  const config = getConfig();
  try {
    const limit = await hitRateLimit(`${kind}:${clientIp}`, config.formRateLimit, rateLimitWindowSeconds);
    if (!limit.allowed)
      return { ok: false, status: 429, problem: "rate-limited", errors: {}, retryAfter: limit.retryAfter };
    const verdict = assessSpam(form, {
      start: options.start,
      minFillMs: config.formMinFillMs,
      recentFromAddress: Math.ceil(limit.count),
      burstAt: burstThreshold(config.formRateLimit),
      text: options.text(input),
    });
    if (verdict.hold) {
      // Kept as sent (only the fields the schema knows), so a release parses it with the same schema.
      const id = await holdAsSpam(
        kind,
        { ...pickFields(form, Object.keys(schema.shape)), ...options.keep },
        verdict.reasons,
        config.spamMaxRows,
      );
      // 503, not 429: the sender did nothing wrong (a person whose browser filled the hidden
      // field may share an address with others); the site cannot take it now.
      if (!id) return { ok: false, status: 503, problem: "full", errors: {}, retryAfter: spamFullRetryAfter };
      return { ok: true, id, held: true };
    }
    return { ok: true, id: await options.store(input, verdict.reasons), held: false };
  } catch (error) {
    // A database that is away, a full disk or another process holding the write lock for long is
    // told to the sender with when to try again.
    if (noteDatabaseError(error) || isDatabaseBusy(error))
      log.warn(`could not store a ${kind} submission: the database cannot be written now`, { error });
    else log.error(`could not store a ${kind} submission`, { error });
    return { ok: false, status: 503, problem: "unavailable", errors: {}, retryAfter: outageRetryAfterSeconds };
  }
}
