import type { HashParams } from "~/features/auth/password.server";

/**
 * The tests' accounts' passwords are hashed with scrypt at N=2^12, not the site's 2^17: a check
 * takes a few milliseconds instead of half a second of a core, and the tests sign in often. Each
 * hash carries its parameters, so the site checks these as it checks any; accounts the site makes
 * itself (invitations, the built-in admin, a changed password) keep its own cost, and the tests of
 * what that cost does under a flood of guesses make their accounts at the site's cost too.
 */
export const testHashParams: HashParams = { log2N: 12, r: 8, p: 1 };
