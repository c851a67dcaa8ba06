/**
 * One-time notices carried across a redirect (post/redirect/get) in a short-lived cookie, so a
 * form's success is drawn by the page it lands on, with or without JavaScript. The cookie names a
 * notice from this list, never free text, so nobody can make the site say something else.
 */
const flashKeys = [
  "contact-sent",
  "order-sent",
  "review-sent",
  "signed-in",
  "admin-access",
  "admin-denied",
  "moderated",
  "moved-to-spam",
] as const;
export type FlashKey = (typeof flashKeys)[number];

export interface Flash {
  key: FlashKey;
  /** Tells one notice from the next identical one (a second message sent); an order's reference. */
  id: string;
}

/** A notice's id: letters, digits, "-" and "_", up to 16 (a random id, or an order's reference). */
export const flashIdPattern = /^[\w-]{1,16}$/;

export function isFlashKey(value: unknown): value is FlashKey {
  return flashKeys.includes(value as FlashKey);
}
