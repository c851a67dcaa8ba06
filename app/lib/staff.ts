/**
 * A signed-in staff member, as the auth feature hands it to every feature that records who did
 * what (the audit log, a review's reply). It lives here, below the features, so that none of them
 * has to import auth to name it.
 */
export interface Staff {
  accountId: string;
  username: string;
}

/** Who the audit log names for what the operator does with `npm run admin:*`, which has no account. */
export const commandLine: Staff = { accountId: "command-line", username: "(command line)" };

/**
 * What a staff account may do (docs/requirements.md §7.8, decision 024): an owner everything; leads
 * the messages and order requests, their spam and exports; a moderator the reviews and review spam;
 * an editor the site's content, its files and the launch checklist, and nothing else.
 */
export const roles = ["owner", "leads", "moderator", "editor"] as const;
export type Role = (typeof roles)[number];

export const roleNames: Record<Role, string> = {
  owner: "Owner",
  leads: "Leads",
  moderator: "Moderator",
  editor: "Editor",
};

/** What each role may do, in one line, where an owner chooses a person's role. */
export const roleDescriptions: Record<Role, string> = {
  owner: "Everything, including accounts, data requests, the audit log and every export.",
  leads: "Messages and order requests, their spam, replies and exports.",
  moderator: "Reviews and review spam only.",
  editor: "The site's content, its files and the launch checklist; no leads, reviews or accounts.",
};

/**
 * The kinds of work a role is allowed, each the roles that hold it. A route names one of these
 * (app/route-manifest.ts), and the /admin layout refuses everyone else with 403.
 */
export const abilities = {
  /** Any signed-in staff member: their own account, the spam list (showing each only their kinds). */
  staff: roles,
  /** Reviews, their moderation and review spam. */
  reviews: ["owner", "moderator"],
  /** Contact messages and order requests: health details. */
  leads: ["owner", "leads"],
  /** The site's content, its files and the launch checklist: what every public page says. */
  content: ["owner", "editor"],
  /** Accounts, data requests, the audit log. */
  owner: ["owner"],
} as const satisfies Record<string, readonly Role[]>;
export type Ability = keyof typeof abilities;

export function can(role: Role, ability: Ability): boolean {
  return (abilities[ability] as readonly Role[]).includes(role);
}

/**
 * Who must prove a second factor at every sign-in (decision 024): those who see health details
 * (owners, leads), and editors, because what they publish is the public word of a medical-device
 * maker. A moderator may sign in with a password alone, as the built-in `admin` does (docs/requirements.md §4.5). One
 * line per role, so a new role does not compile until someone decides.
 */
const secondFactorRequired: Record<Role, boolean> = { owner: true, leads: true, editor: true, moderator: false };

export function requiresSecondFactor(role: Role): boolean {
  return secondFactorRequired[role];
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/** A stored role; anything else (which the code never writes) has the least a role may do. */
export function roleOf(value: string): Role {
  return isRole(value) ? value : "moderator";
}
