/**
 * What a form's clientAction answers when its post got no answer at all (the connection dropped,
 * the server was restarting). Nothing is known to be stored, so the page says sending failed and
 * keeps every typed value, instead of replacing the page with an error screen.
 */
export const unreachable = { intent: "unreachable" } as const;
export type Unreachable = typeof unreachable;

export function isUnreachable(value: unknown): value is Unreachable {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === "unreachable";
}

/** Calls the route's server action; a redirect passes through, a post that got no answer becomes `unreachable`. */
export async function orUnreachable<T>(serverAction: () => Promise<T>): Promise<T | Unreachable> {
  try {
    return await serverAction();
  } catch (error) {
    // A redirect is how a stored submission answers (post/redirect/get): let the router follow it.
    if (error instanceof Response) throw error;
    return unreachable;
  }
}

/**
 * A route's `shouldRevalidate`: after a post that got no answer, reloading the page's data would
 * most likely fail the same way and replace the kept form with an error screen, so it is skipped.
 */
export function revalidateUnlessUnreachable({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  return isUnreachable(actionResult) ? false : defaultShouldRevalidate;
}

/** A page form's answer when its post got none: sending failed, and the form keeps what it holds. */
const noAnswer = { problem: "unavailable", errors: undefined, values: undefined, ticket: undefined } as const;
export type NoAnswer = typeof noAnswer;

/** A page form's action data as the form reads it: its answer, the one above, or undefined before a post. */
export function formAnswer<Answer>(actionData: Answer | Unreachable | undefined): Answer | NoAnswer | undefined {
  return isUnreachable(actionData) ? noAnswer : actionData;
}
