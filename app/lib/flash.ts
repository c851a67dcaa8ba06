/**
 * One-time notices carried across a redirect (post/redirect/get) in a short-lived cookie, so a
 * form's success is drawn by the page it lands on, with or without JavaScript. The cookie names a
 * notice ("contact-sent"), never free text: only the words a route declares for that name
 * (`NoticeHandle`) are ever shown, so nobody can make the site say something else.
 */
export type FlashKey = string;

export interface Flash {
  key: FlashKey;
  /** Tells one notice from the next identical one (a second message sent); an order's reference. */
  id: string;
}

/** A notice's name: lower-case words joined by "-", up to 32 characters. */
const flashKeyPattern = /^[a-z][a-z-]{0,31}$/;
/** A notice's id: letters, digits, "-" and "_", up to 16 (a random id, or an order's reference). */
export const flashIdPattern = /^[\w-]{1,16}$/;

export function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && flashKeyPattern.test(value);
}

/** What a notice says, as a toast (with JavaScript) and, where the page draws it, on the page. */
export interface Notice {
  title: string;
  description: string;
  /** A notice that something was not done (a refused sign-in): its toast says so. */
  failed?: boolean;
}

/**
 * A route's `handle` names the notices it shows when a redirect lands on it, each worded from the
 * notice's id (an order's reference) and, for a sign-in, who signed in. The root finds the words
 * for the notice it read among the matched routes' handles: a form's notice lives with its route.
 */
export interface NoticeHandle {
  notices: Record<FlashKey, (id: string, username: string | undefined) => Notice>;
}

/** The words for `flash` from the first matched route that declares them. */
export function noticeFor(
  handles: readonly unknown[],
  flash: Flash & { username?: string | undefined },
): Notice | undefined {
  for (const handle of handles) {
    const word = (handle as Partial<NoticeHandle> | undefined)?.notices?.[flash.key];
    if (word) return word(flash.id, flash.username);
  }
  return undefined;
}
