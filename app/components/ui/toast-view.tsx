import * as ToastPrimitive from "@radix-ui/react-toast";
import { useRef } from "react";
import { useClearOfFocus } from "./clear-of-focus";
import { dismissToast, type ToastMessage, variantClass } from "./toast-store";

/** The notification region and the toast in it; loaded by `Toaster` when there is one to show. */
export default function ToastView({ message }: { message: ToastMessage | null }) {
  const viewport = useRef<HTMLOListElement>(null);
  useClearOfFocus(viewport, message);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          type={message.variant === "error" ? "foreground" : "background"}
          duration={message.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          className={`toast-root grid grid-cols-[1fr_auto] items-center gap-3 rounded-lg border-2 p-4 text-ink shadow-lg in-data-compact:py-1 ${variantClass[message.variant]}`}
        >
          <div>
            <ToastPrimitive.Title className="font-semibold">{message.title}</ToastPrimitive.Title>
            {message.description ? (
              <ToastPrimitive.Description className="mt-1 text-small in-data-compact:hidden">
                {message.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="-m-2 inline-flex tap-target items-center justify-center rounded-md text-icon"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 data-compact:p-1"
      />
    </ToastPrimitive.Provider>
  );
}
