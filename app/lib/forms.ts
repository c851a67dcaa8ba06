/**
 * What every public form shares: the hidden fields a person never fills, zod's errors as one
 * message per field, and the spam signals read from a submission that has already passed
 * validation (docs/decisions/008-spam-quarantine.md).
 *
 * Only certain evidence holds a submission out of staff's sight: today, a filled honeypot. People
 * using autofill, voice input or a caregiver's help fill a form in a second or two, correct a
 * mistake and send again at once, paste addresses, and a shared address (a clinic, a care home)
 * sends several in a morning; so every weaker signal only marks the submission for staff, with its
 * reason, and it goes through the normal path (docs/requirements.md §4.3).
 */

/** The site's forms name their honeypot `website`; the JSON payloads of docs/requirements.md §5 name it `honeypot`. */
export const honeypotField = "website";
export const honeypotFields = [honeypotField, "honeypot"] as const;
/**
 * The start time a JSON client may send (docs/requirements.md §5.1): `startedAt`, or `formStartTime` in the order
 * payload. The site's own forms carry a signed ticket instead (form-ticket.server.ts), and their
 * pages read nothing else.
 */
export const startedAtFields = ["startedAt", "formStartTime"] as const;

/**
 * When the sender began, as far as the server can tell. `shown`: the time the form was served
 * (from a page's ticket) or that a JSON client gave. `unverified`: a page's form whose ticket is
 * missing, forged, expired or already used, which says nothing about how long the fill took, so a
 * bot cannot pass for a slow person with it; it marks the submission, with `detail` as the reason.
 */
export type FillStart = { kind: "shown"; at: number } | { kind: "unverified"; detail: string };

/** The start time a JSON client gave, if it gave a readable one; none is no evidence either way. */
export function startFromPayload(form: Record<string, unknown>): FillStart | undefined {
  const given = startedAtFields.map((field) => form[field]).find((value) => value !== undefined);
  const at = Number(given);
  return given !== undefined && given !== "" && Number.isFinite(at) && at > 0 ? { kind: "shown", at } : undefined;
}

/**
 * A form body as an object; a field sent more than once (tags=a&tags=b) becomes a list. One pass
 * over the entries (asking `getAll` for each name is a pass per name), into a Map, so a field
 * named `__proto__` is a field like any other.
 */
export function formObject(formData: FormData): Record<string, unknown> {
  const fields = new Map<string, FormDataEntryValue | FormDataEntryValue[]>();
  for (const [key, value] of formData) {
    const seen = fields.get(key);
    if (seen === undefined) fields.set(key, value);
    else if (Array.isArray(seen)) seen.push(value);
    else fields.set(key, [seen, value]);
  }
  return Object.fromEntries(fields);
}

/** Zod's field errors as the first message per field. */
export function firstErrors(fieldErrors: Record<string, string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages?.[0]) result[field] = messages[0];
  }
  return result;
}

/** The submitted fields a schema knows (nothing else is kept), for storing a submission as sent. */
export function pickFields(form: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (form[field] !== undefined) picked[field] = form[field];
  return picked;
}

/**
 * Why a public form did not take a submission (decision 008 for `full`: a held submission met a full
 * spam store and was refused, never stored). Here, not in public-form.server.ts, so the pages that
 * word the answers can name it.
 */
export type PublicFormProblem = "invalid" | FailureProblem;

/** Why a valid submission was not taken: the problems each form words for its sender. */
const failureProblems = ["rate-limited", "unavailable", "full"] as const;
export type FailureProblem = (typeof failureProblems)[number];

export function isFailureProblem(problem: string): problem is FailureProblem {
  return (failureProblems as readonly string[]).includes(problem);
}

/** `moved-by-staff`: a member of staff moved a stored submission to the spam store. */
export type SpamReasonCode = "honeypot" | "too-fast" | "unverified-start" | "burst" | "links" | "moved-by-staff";

export interface SpamReason {
  code: SpamReasonCode;
  detail: string;
}

export interface SpamContext {
  /** When the sender began; undefined: not known (the payloads of docs/requirements.md §5), which says nothing. */
  start: FillStart | undefined;
  /** A form sent sooner than this after it was shown counts as one signal. */
  minFillMs: number;
  /** Submissions from this address in the rate-limit window, this one included. */
  recentFromAddress: number;
  /** The count from one address at which a burst counts as one signal. */
  burstAt: number;
  /** The free text of the submission (a review's quote, a message), where links are counted. */
  text: string;
  now?: number;
}

/**
 * Where one address may end: the text is cut at white space and at the brackets, quotes and
 * separators that surround an address in writing. A trailing full stop or comma is trimmed after.
 */
const tokenBreaks = /[\s<>"'()[\]{}|\\^`]+/u;
/** A scheme, or www., or a bare name.tld followed by a path: what a reader would take for an address. */
const addressStart =
  /^(?:https?:\/\/[^/\s]+|www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/)/i;

/**
 * The distinct web addresses in a text. Each token is read once, so `https://www.example.com/x`
 * is one address (two overlapping patterns counted it twice), and the same address written twice
 * is still one; an email address is not a link.
 */
export function countLinks(text: string): number {
  const addresses = new Set<string>();
  for (const raw of text.split(tokenBreaks)) {
    const token = raw.replace(/[.,;:!?]+$/u, "");
    if (!addressStart.test(token) || token.includes("@")) continue;
    addresses.add(
      token
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/^www\./, "")
        .replace(/\/$/, ""),
    );
  }
  return addresses.size;
}
/** Two or more links in a review or message mark it; one link is a person pointing at something. */
const linksAt = 2;

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return String(value).length > 0;
}

/**
 * Every signal a valid submission carries, and whether it is held out of staff's sight: only a
 * filled honeypot holds. The other signals, when present, mark the submission that goes through.
 */
export function assessSpam(
  form: Record<string, unknown>,
  context: SpamContext,
): { hold: boolean; reasons: SpamReason[] } {
  const reasons: SpamReason[] = [];
  const filled = honeypotFields.filter((field) => isFilled(form[field]));
  if (filled.length)
    reasons.push({
      code: "honeypot",
      detail: `The hidden field (${filled.join(", ")}) that only automated senders see was filled in.`,
    });

  const start = context.start;
  const now = context.now ?? Date.now();
  if (start?.kind === "unverified") reasons.push({ code: "unverified-start", detail: start.detail });
  else if (start && context.minFillMs > 0 && start.at <= now) {
    const elapsed = now - start.at;
    if (elapsed < context.minFillMs)
      reasons.push({ code: "too-fast", detail: `Sent ${(elapsed / 1000).toFixed(1)} s after the form was shown.` });
  }

  if (context.recentFromAddress >= context.burstAt) {
    reasons.push({
      code: "burst",
      detail: `Submission ${context.recentFromAddress} from one address within 10 minutes.`,
    });
  }

  const links = countLinks(context.text);
  if (links >= linksAt) reasons.push({ code: "links", detail: `Contains ${links} links.` });

  return { hold: filled.length > 0, reasons };
}

/** A burst is a signal from this share of the rate limit on (at least the second submission). */
export function burstThreshold(rateLimit: number): number {
  return Math.max(2, Math.ceil(rateLimit * 0.6));
}
