import { actionDone, answerIntent } from "./admin-action";
import { readForm } from "./request.server";

/**
 * The action of a list whose failing deliveries can be retried at once (components/admin/
 * retry-failing.tsx): `retry` queues them again and says how many.
 */
export async function retryFailingAction(request: Request, retry: () => Promise<number>) {
  return answerIntent(await readForm(request), {
    "retry-failing": async () => {
      const count = await retry();
      return actionDone(
        count === 0
          ? "No delivery was failing any more."
          : count === 1
            ? "1 failing delivery queued again."
            : `${count} failing deliveries queued again.`,
      );
    },
  });
}
