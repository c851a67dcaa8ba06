import { useRef } from "react";

declare module "react" {
  // The type parameter must match React's declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** HTML invoker commands: open or close a <dialog> without JavaScript. */
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}

/**
 * A modal dialog on the native <dialog> element. The trigger uses HTML invoker commands, so it
 * opens without JavaScript in current browsers; with JavaScript, older browsers are covered by
 * calling showModal() directly. The browser traps focus, closes on Escape and returns focus to
 * the trigger.
 */
export function DialogTrigger({
  dialogId,
  className,
  children,
}: {
  dialogId: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      commandfor={dialogId}
      command="show-modal"
      aria-haspopup="dialog"
      className={className}
      onClick={() => {
        // Where the browser runs invoker commands itself, opening here too would open it twice.
        if ("commandForElement" in HTMLButtonElement.prototype) return;
        const dialog = document.getElementById(dialogId);
        if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
      }}
    >
      {children}
    </button>
  );
}

export function Dialog({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    // Clicking the backdrop (the dialog element itself, outside its panel) closes it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      id={id}
      ref={ref}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-subheading font-bold">
            {title}
          </h2>
          <button
            type="button"
            commandfor={id}
            command="close"
            aria-label="Close"
            className="-m-2 inline-flex tap-target items-center justify-center rounded-md text-icon hover:bg-surface-raised"
            onClick={() => ref.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="mt-4 space-y-3">{children}</div>
      </div>
    </dialog>
  );
}
