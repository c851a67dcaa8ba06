/**
 * The launch checklist (decision 033): every value the company still has to supply (a
 * `placeholder: true` anywhere in the content as published) and every claim whose current wording
 * no owner has reviewed. The admin's /admin/launch and `npm run content:check` both print this.
 */
import { randomUUID } from "node:crypto";
import { recordAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import type { Staff } from "~/lib/staff";
import { type Claim, claimsForReview } from "./claims";
import { contentItems } from "./items";
import { contentModules } from "./modules.server";
import { freshContent } from "./store.server";

export interface PlaceholderLine {
  /** The content module and export it is in, with its position ("owners[1]"). */
  where: string;
  todo: string | null;
  /** The content item an editor fills it in (undefined: still in the code of app/content). */
  item?: string;
  /** How the admin names where it is filled in: the item's title, and which entry ("Owners, entry 2"). */
  itemLabel?: string;
  /** The module it is declared in, e.g. "app/content/manuals.ts". */
  file: string;
}

export interface ClaimLine extends Claim {
  review?: { by: string; at: string; note: string };
}

/** Every object with `placeholder: true` inside `value`, with its path ("manuals[2]"). */
function placeholdersIn(
  value: unknown,
  where: string,
  seen: Set<unknown>,
): Array<{ where: string; todo: string | null }> {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  const record = value as Record<string, unknown>;
  const own =
    record.placeholder === true ? [{ where, todo: typeof record.todo === "string" ? record.todo : null }] : [];
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => placeholdersIn(item, `${where}[${index}]`, seen))
    : Object.entries(record).flatMap(([key, item]) => placeholdersIn(item, `${where}.${key}`, seen));
  return [...own, ...children];
}

/**
 * The placeholders in the content modules' exports (`modules`: file → its exports). An export that
 * is a content item is read as published; the rest is still the code's.
 */
export function placeholders(modules: Record<string, Record<string, unknown>>): PlaceholderLine[] {
  const itemOf = new Map<unknown, string>(contentItems.map((item) => [item.live, item.key]));
  const titleOf = new Map(contentItems.map((item) => [item.key, item.title]));
  const labelOf = (item: string, where: string) => {
    const entry = /\[(\d+)\]/.exec(where)?.[1];
    return `${titleOf.get(item) ?? item}${entry === undefined ? "" : `, entry ${Number(entry) + 1}`}`;
  };
  const found: PlaceholderLine[] = [];
  for (const [file, exports] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    // An object exported under two names is still one placeholder.
    const seen = new Set<unknown>();
    for (const [exported, value] of Object.entries(exports)) {
      const item = itemOf.get(value);
      // Read through the item's proxy once: what is published, as plain data.
      const plain = item ? (JSON.parse(JSON.stringify(value)) as unknown) : value;
      for (const line of placeholdersIn(plain, exported, seen))
        found.push({ ...line, file, item, ...(item ? { itemLabel: labelOf(item, line.where) } : {}) });
    }
  }
  return found;
}

/** Every claim with the review of its current wording, if an owner has reviewed it. */
export async function claimLines(): Promise<ClaimLine[]> {
  const claims = claimsForReview();
  const rows = await db()
    .selectFrom("claim_reviews")
    .select(["claim", "wording", "note", "reviewed_by", "reviewed_at"])
    .orderBy("reviewed_at", "desc")
    .execute();
  return claims.map((claim) => {
    const row = rows.find((review) => review.claim === claim.where && review.wording === claim.text);
    return row ? { ...claim, review: { by: row.reviewed_by, at: row.reviewed_at, note: row.note } } : claim;
  });
}

/**
 * An owner's review of a claim's wording as the site states it now. `wording` is the text the
 * owner read; if it has changed since (an editor published a new one), nothing is recorded.
 */
export async function reviewClaim(staff: Staff, where: string, wording: string, note: string): Promise<boolean> {
  const current = claimsForReview().some((claim) => claim.where === where && claim.text === wording);
  if (!current) return false;
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("claim_reviews")
        .values({
          id: randomUUID(),
          claim: where,
          wording,
          note,
          reviewed_by: staff.username,
          reviewed_at: new Date().toISOString(),
        })
        .execute();
      await recordAudit(staff, "review-claim", "claim", where, wording, trx);
    });
  return true;
}

/**
 * The whole checklist as published: the placeholders, each with where it is edited, and the
 * claims, each with its review. `read`: read the published content first (the command line,
 * which has not; a running instance keeps it read).
 */
export async function launchChecklist({ read = false } = {}) {
  if (read) await freshContent(undefined);
  return { placeholders: placeholders(contentModules), claims: await claimLines() };
}
