import { createHash, randomBytes } from "node:crypto";

/**
 * A secret handed out once (a session's cookie, a device's cookie, an invitation's link): 32 random bytes,
 * base64url. Only its hash (`hashToken`) is stored; `isTokenShape` turns away anything else
 * before a database is asked.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The shape of every token `newToken` gives out: sessions, devices and invitations alike. nginx's
 * view log finds session cookies by it (server/nginx.ts).
 */
export const tokenPattern = /^[\w-]{43}$/;

export function isTokenShape(token: string): boolean {
  return tokenPattern.test(token);
}
