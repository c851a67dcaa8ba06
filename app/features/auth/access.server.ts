import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import { pagePathOf } from "~/lib/route-data-url";
import { safeRedirect } from "~/lib/safe-redirect";
import { type Ability, can } from "~/lib/staff";
import { holdRequestPost } from "./held-posts.server";
import {
  getSession,
  getStaff,
  type SecondStep,
  secondStepOf,
  sessionAccountOf,
  type StaffSession,
} from "./sessions.server";

/**
 * Who may open what (docs/decisions/024-staff-accounts.md): the guards of the admin pages, the
 * second step's pages and the admin JSON API, by role and ability (~/lib/staff), and the recent
 * confirmation that what cannot be undone asks for.
 */

/** The page a request is for: signing in again must lead back to the page, not to its data request. */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return pagePathOf(url.pathname) + url.search;
}

/**
 * For the second step's own pages (`/admin/verify`, `/admin/enrol`): the session and where to go
 * after, or a redirect to the sign-in, or to the other step's page when that is the one owed.
 * `step` is undefined for a person already signed in with every step.
 */
export async function sessionAtStep(request: Request, page: SecondStep) {
  const session = await getSession(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!session) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const step = secondStepOf(session);
  if (step && step !== page) throw redirect(`/admin/${step}?redirectTo=${encodeURIComponent(redirectTo)}`);
  return { session, step, redirectTo };
}

/**
 * Whether a request may open an admin page: the staff member, or where they must go first (the
 * sign-in, or the second step they owe) with the session they have, if any.
 */
async function pageAccess(
  request: Request,
): Promise<{ ok: true; staff: StaffSession } | { ok: false; wayIn: string; session: StaffSession | undefined }> {
  const session = await getSession(request);
  const back = encodeURIComponent(pageAddress(request));
  if (!session) return { ok: false, wayIn: `/admin/login?redirectTo=${back}`, session };
  const step = secondStepOf(session);
  if (step) return { ok: false, wayIn: `/admin/${step}?redirectTo=${back}`, session };
  return { ok: true, staff: session };
}

/** For admin pages: the staff member, or a redirect to the sign-in page or to the second step. */
export async function requireStaffPage(request: Request): Promise<StaffSession> {
  const access = await pageAccess(request);
  if (!access.ok) throw redirect(access.wayIn);
  return access.staff;
}

export const notAllowedMessage = "Your account's role does not include this page. An owner can change what it may do.";

/** For admin pages outside the /admin layout (the downloads): staff whose role holds `ability`, else 403. */
export async function requireAccess(request: Request, ability: Ability): Promise<StaffSession> {
  const staff = await requireStaffPage(request);
  if (!can(staff.role, ability)) throw data(notAllowedMessage, { status: 403 });
  return staff;
}

/** How recently a person must have proved who they are before an export, an erasure or an account change. */
export const confirmWithinMs = 5 * 60_000;

export function isConfirmed(staff: StaffSession, now = Date.now()): boolean {
  return staff.confirmedAt !== null && now - staff.confirmedAt <= confirmWithinMs;
}

/**
 * Before what cannot be undone: the person proved who they are within five minutes (a code, or a
 * moderator's password), or is sent to confirm and then back to `returnTo` (this page by default).
 */
export function requireConfirmed(request: Request, staff: StaffSession, returnTo = pageAddress(request)) {
  if (isConfirmed(staff)) return;
  throw redirect(`/admin/confirm?redirectTo=${encodeURIComponent(returnTo)}`);
}

/** The signed-in staff member, for every loader and action under the /admin layout. */
export const staffContext = createContext<StaffSession>();

/**
 * The /admin layout's guard: middleware runs before any loader or action under it, a data
 * request for one route's loader or a form's action included, which a parent loader would not.
 * `abilityFor` names what the page asked for needs (from app/route-manifest.ts); a path it does
 * not know needs an owner. On a page that `holdsPosts`, a form posted without a signed-in session
 * is held before the person is sent to sign in, and the page shows it again once they are back
 * (held-posts.server.ts).
 */
export function requireStaffMiddleware(
  abilityFor: (path: string) => Ability | undefined,
  holdsPosts: (path: string) => boolean = () => false,
): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const path = pagePathOf(new URL(request.url).pathname);
    const access = await pageAccess(request);
    if (!access.ok) {
      const cookie =
        request.method === "POST" && holdsPosts(path)
          ? await holdRequestPost(request, {
              path,
              accountId: access.session?.accountId ?? (await sessionAccountOf(request)) ?? null,
              address: context.clientIp ?? "unknown",
            })
          : undefined;
      throw cookie
        ? redirect(access.wayIn, { status: 303, headers: { "Set-Cookie": cookie } })
        : redirect(access.wayIn);
    }
    const ability = abilityFor(path) ?? "owner";
    if (!can(access.staff.role, ability)) throw data(notAllowedMessage, { status: 403 });
    context.set(staffContext, access.staff);
  };
}

/** For the admin JSON API, whose calls are about reviews: the staff member, 401, or 403 for a role without reviews. */
export async function requireStaffApi(request: Request): Promise<StaffSession> {
  const staff = await getStaff(request);
  if (!staff) throw data({ error: "Sign in to use the admin API." }, { status: 401 });
  if (!can(staff.role, "reviews"))
    throw data({ error: "This account's role does not include reviews." }, { status: 403 });
  return staff;
}
