import { useEffect, useRef } from "react";
import type { Notice } from "~/lib/flash";
import { toast } from "./toast";

const tones = {
  success: "border-success bg-success-soft",
  danger: "border-danger bg-danger-soft",
  /** Neither: something the person must still do (save a form that is shown filled). */
  notice: "border-warning bg-warning-soft",
} as const;

/**
 * How every form shows what came of a post: sent, or not sent and why. The panel (or its heading)
 * takes focus when it appears, so keyboard and screen-reader users meet the outcome where they are:
 *
 * - `focusOnArrival` writes the HTML attribute, which moves focus on a page that arrives from a post
 *   without JavaScript (React's own autoFocus only runs in the browser);
 * - `focusWhen` moves focus with JavaScript each time the value changes (a new answer), after the
 *   button that sent it, disabled while sending, has let focus go.
 *
 * `heading` draws the title as the section's heading (a success that replaces the form); otherwise
 * it is the panel's first, bold line.
 */
export function OutcomePanel({
  tone,
  role,
  title,
  heading,
  focusOnArrival = false,
  focusWhen,
  className = "",
  id,
  children,
}: {
  tone: keyof typeof tones;
  role?: "alert" | "status";
  title: React.ReactNode;
  heading?: { id: string };
  focusOnArrival?: boolean;
  focusWhen?: unknown;
  className?: string;
  id?: string;
  children?: React.ReactNode;
}) {
  const target = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusWhen === undefined) return;
    const timer = window.setTimeout(() => target.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusWhen]);
  const focusable = { tabIndex: -1, ...(focusOnArrival ? { autofocus: "" } : {}) };
  if (heading)
    return (
      <div id={id} role={role} className={`rounded-2xl border-2 p-6 md:p-8 ${tones[tone]} ${className}`}>
        <h2
          id={heading.id}
          ref={target as React.RefObject<HTMLHeadingElement>}
          {...focusable}
          className="text-heading font-bold"
        >
          {title}
        </h2>
        {children}
      </div>
    );
  return (
    <div
      ref={target as React.RefObject<HTMLDivElement>}
      id={id}
      role={role}
      {...focusable}
      className={`rounded-lg border-2 p-4 ${tones[tone]} ${className}`}
    >
      <p className="font-bold">{title}</p>
      {children}
    </div>
  );
}

/** With JavaScript, a refusal is also a toast, once per answer (`answer`: the answer object). */
export function useFailureToast(notice: Notice | null | undefined, answer: unknown) {
  useEffect(() => {
    if (notice) toast({ variant: "error", ...notice });
    // Each answer once: the notice's words are the same object for the same answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
}

/**
 * A post that was not sent (the rate limit, a full spam store, no answer at all): why, and the
 * other ways to reach the company. It is announced, and takes focus with each new `answer`.
 */
export function NotSentPanel({
  title,
  answer,
  focusOnArrival = true,
  className,
  children,
}: {
  title: string;
  answer: unknown;
  focusOnArrival?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <OutcomePanel
      tone="danger"
      role="alert"
      title={title}
      focusOnArrival={focusOnArrival}
      focusWhen={answer}
      className={className}
    >
      {children}
    </OutcomePanel>
  );
}
