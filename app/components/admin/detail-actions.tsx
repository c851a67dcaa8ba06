import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { MoveToSpamButton } from "~/components/ui/spam-mark";

/**
 * The action bar under a message or an order request: its next steps (the usual one first), a
 * retry when a delivery to staff failed, moving it to spam, and deleting it for good.
 */
export function DetailActions({
  steps,
  canRetry,
  canMoveToSpam = true,
  deleteQuestion,
  busy,
}: {
  steps: ReadonlyArray<{ intent: string; label: string }>;
  canRetry: boolean;
  /** False for an answered lead: it is not spam, and its thread would be lost. */
  canMoveToSpam?: boolean;
  deleteQuestion: string;
  busy: boolean;
}) {
  return (
    <div className="mt-8 flex flex-wrap items-start gap-3">
      {steps.map((step, i) => (
        <IntentButton key={step.intent} intent={step.intent} primary={i === 0} busy={busy}>
          {step.label}
        </IntentButton>
      ))}
      {canRetry ? (
        <IntentButton intent="retry" busy={busy}>
          Retry delivery
        </IntentButton>
      ) : null}
      {canMoveToSpam ? <MoveToSpamButton busy={busy} /> : null}
      <ConfirmDelete question={deleteQuestion} hiddenFields={{ intent: "delete" }} busy={busy} />
    </div>
  );
}

function IntentButton({
  intent,
  primary = false,
  busy,
  children,
}: {
  intent: string;
  primary?: boolean;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={busy} className={buttonClass(primary ? "primary" : "secondary")}>
        {children}
      </button>
    </Form>
  );
}
