import { toast, type ToastKind } from "../../lib/ui.ts";

const KEY = "arena:flash";

/**
 * Keeps a toast for the next page load of this tab. Spec 01 §4 reloads the page right after a login,
 * which would wipe a toast shown just before it (the welcome, 'Login Success').
 */
export function flashToast(kind: ToastKind, message: string): void {
  try {
    const pending = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as { kind: ToastKind; message: string }[];
    sessionStorage.setItem(KEY, JSON.stringify([...pending, { kind, message }]));
  } catch {
    toast(message, kind);
  }
}

/** Shows the toasts kept by the page before the reload, once. */
export function showFlashedToasts(): void {
  let pending: { kind: ToastKind; message: string }[] = [];
  try {
    pending = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  for (const { kind, message } of Array.isArray(pending) ? pending : []) if (typeof message === "string") toast(message, kind);
}
