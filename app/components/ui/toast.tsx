/**
 * Toasts: `toast()` shows one (see ./toast-store.ts). The region and its library (Radix Toast,
 * 11 KB compressed) load with the first toast, or earlier when a form is first touched
 * (`preloadToasts`), not with every page.
 */
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { useClearOfFocus } from "./clear-of-focus";
import { currentToast, dismissToast, subscribe, type ToastMessage, variantClass } from "./toast-store";

export { dismissToast, toast, type ToastMessage } from "./toast-store";

const loadView = () => import("./toast-view");
// Should the region fail to load (the connection dropped), the message is still shown and read out.
const ToastView = lazy(() => loadView().catch(() => ({ default: PlainToast })));

function PlainToast({ message }: { message: ToastMessage | null }) {
  const region = useRef<HTMLDivElement>(null);
  useClearOfFocus(region, message);
  return (
    <div
      ref={region}
      role="region"
      aria-label="Notifications"
      className="fixed right-0 bottom-0 z-50 w-full max-w-sm p-4 data-compact:p-1"
    >
      <div role={message?.variant === "error" ? "alert" : "status"}>
        {message ? (
          <div
            className={`grid grid-cols-[1fr_auto] items-center gap-3 rounded-lg border-2 p-4 text-ink shadow-lg in-data-compact:py-1 ${variantClass[message.variant]}`}
          >
            <div>
              <p className="font-semibold">{message.title}</p>
              {message.description ? (
                <p className="mt-1 text-small in-data-compact:hidden">{message.description}</p>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={dismissToast}
              className="-m-2 inline-flex tap-target items-center justify-center rounded-md text-icon"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Starts loading the toast region, so a form's answer shows without waiting for it. */
export function preloadToasts() {
  void loadView().catch(() => undefined);
}

export function Toaster() {
  const message = useSyncExternalStore(subscribe, currentToast, () => null);
  // Once there has been a toast, the region stays (F8 reaches it, and its closing animation runs).
  const [shown, setShown] = useState(false);
  if (message && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <ToastView message={message} />
    </Suspense>
  ) : null;
}
