import { Form } from "react-router";
import { buttonClass } from "./button";

/**
 * Deleting asks first, without JavaScript: "Delete…" reveals the form whose button really deletes.
 */
export function ConfirmDelete({
  question,
  hiddenFields,
  busy,
  targetName,
  children,
}: {
  question: string;
  hiddenFields: Record<string, string>;
  busy: boolean;
  targetName?: string;
  /** Fields the deletion asks for, such as a reason. */
  children?: React.ReactNode;
}) {
  return (
    <details className="open:basis-full">
      <summary className={buttonClass("secondary", "border-danger text-danger")}>
        Delete{targetName ? <span className="sr-only"> {targetName}</span> : null}…
      </summary>
      <Form method="post" className="mt-2 rounded-lg border border-danger bg-danger-soft p-3">
        <p>{question}</p>
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <button type="submit" disabled={busy} className={buttonClass("primary", "mt-2 bg-danger")}>
          Yes, delete it
        </button>
      </Form>
    </details>
  );
}
