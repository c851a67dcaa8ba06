import * as ToastPrimitive from "@radix-ui/react-toast";
import { useSyncExternalStore } from "react";

/**
 * One toast at a time (a new one replaces the old), 5 s by default, swipe right 50 px to dismiss,
 * F8 moves focus to the region. Success is announced politely; failures assertively.
 */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: "success" | "error" | "info";
  duration?: number;
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, "id">) {
  current = { ...message, id: nextId++ };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const variantClass: Record<ToastMessage["variant"], string> = {
  success: "border-success bg-success-soft",
  error: "border-danger bg-danger-soft",
  info: "border-line bg-surface",
};

export function Toaster() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
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
          className={`toast-root grid grid-cols-[1fr_auto] items-start gap-3 rounded-lg border-2 p-4 text-ink shadow-lg ${variantClass[message.variant]}`}
        >
          <div>
            <ToastPrimitive.Title className="font-semibold">{message.title}</ToastPrimitive.Title>
            {message.description ? (
              <ToastPrimitive.Description className="mt-1 text-small">{message.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="tap-target -m-2 inline-flex items-center justify-center rounded-md text-icon"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4" />
    </ToastPrimitive.Provider>
  );
}
