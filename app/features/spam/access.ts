import { can, type Role } from "~/lib/staff";
import { type SpamKind, spamKinds } from "#db/schema";

/** Held reviews are a moderator's; held messages and order requests carry health details, so they are leads'. */
const abilityFor = { review: "reviews", message: "leads", order: "leads" } as const satisfies Record<SpamKind, string>;

/** The kinds of held submission a role may see and act on. */
export function spamKindsFor(role: Role): SpamKind[] {
  return spamKinds.filter((kind) => can(role, abilityFor[kind]));
}
