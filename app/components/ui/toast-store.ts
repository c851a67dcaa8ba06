/**
 * One toast at a time (a new one replaces the old), 5 s by default, swipe right 50 px to dismiss,
 * F8 moves focus to the region. Success is announced politely; failures assertively. This is
 * the one toast any component can set; ./toast.tsx draws it.
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

export function currentToast(): ToastMessage | null {
  return current;
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const variantClass: Record<ToastMessage["variant"], string> = {
  success: "border-success bg-success-soft",
  error: "border-danger bg-danger-soft",
  info: "border-line bg-surface",
};
