/**
 * What a passkey is asked for: adding one, signing in with it alone, the second step after a
 * password, or confirming who you are. Shared by the button in the browser, the route that
 * answers it, and the stored challenges.
 */
export const passkeyPurposes = ["register", "sign-in", "second-step", "confirm"] as const;
export type PasskeyPurpose = (typeof passkeyPurposes)[number];

export function isPasskeyPurpose(value: unknown): value is PasskeyPurpose {
  return typeof value === "string" && (passkeyPurposes as readonly string[]).includes(value);
}
