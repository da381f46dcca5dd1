import { sessionStore } from "../data/session.ts";
import { createStore, useStore } from "./store.ts";

export type AuthTab = "login" | "signup";

/** Which tab of the auth modal is open, if any. Any screen can open it (Go Live for visitors, guarded routes). */
const authModalStore = createStore<AuthTab | null>(null);
export const openAuthModal = (tab: AuthTab = "login") => authModalStore.set(tab);
export const closeAuthModal = () => authModalStore.set(null);
export const useAuthModal = () => useStore(authModalStore);

export type ReportTarget = { targetType: "stream" | "user" | "replay" | "tournament" | "message"; targetId: string | number; label: string };

/** What the report dialog is about, if open: any card or menu can ask, the reports feature draws it. */
export const reportModalStore = createStore<ReportTarget | null>(null);
/** Opens the report dialog about a stream, user, replay, tournament or chat message; a visitor is asked to log in. */
export function openReportModal(target: ReportTarget): void {
  if (sessionStore.get().isLoggedIn) reportModalStore.set(target);
  else openAuthModal("login");
}

/** Open while the stream setup modal shows (sidebar's Go Live, the floating button, the OBS guide, the dashboard). */
export const goLiveStore = createStore(false);

/** While set, a loader replaces the page (spec 01 §2). */
const globalLoadingStore = createStore(false);
export const useGlobalLoading = () => useStore(globalLoadingStore);

export type ToastKind = "success" | "error" | "info" | "warning";
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const TOAST_MS = 3000;
const toastStore = createStore<Toast[]>([]);
let nextToastId = 1;

export function toast(message: string, kind: ToastKind = "info"): void {
  const id = nextToastId++;
  toastStore.set((toasts) => [...toasts, { id, kind, message }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}
toast.success = (message: string) => toast(message, "success");
toast.error = (message: string) => toast(message, "error");
toast.info = (message: string) => toast(message, "info");
toast.warning = (message: string) => toast(message, "warning");

export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((t) => t.id !== id));
}
export const useToasts = () => useStore(toastStore);
