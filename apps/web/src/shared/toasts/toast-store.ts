import { createStore } from 'zustand/vanilla';

/** How long a toast stays on screen (spec §9). */
export const TOAST_TIMEOUT_MS = 5_000;
/** The most toasts shown at once; the oldest gives way to a newer one (spec §9). */
export const MAX_TOASTS = 20;

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastState {
  toasts: Toast[];
  push: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
}

export interface ToastStoreOptions {
  timeoutMs?: number;
  maxToasts?: number;
}

/** A store of visible toasts, each dismissed after its timeout; a repeated one is not stacked. */
export function createToastStore({
  timeoutMs = TOAST_TIMEOUT_MS,
  maxToasts = MAX_TOASTS,
}: ToastStoreOptions = {}) {
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  return createStore<ToastState>()((set, get) => {
    const dismiss = (id: number) => {
      const timer = timers.get(id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(id);
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    };

    return {
      toasts: [],
      dismiss,
      push: (kind, message) => {
        // The same news twice (a page and the app both reporting one refusal) shows once,
        // for the full time from its latest arrival.
        const shown = get().toasts.find((t) => t.kind === kind && t.message === message);
        if (shown) {
          clearTimeout(timers.get(shown.id));
          timers.set(
            shown.id,
            setTimeout(() => dismiss(shown.id), timeoutMs),
          );
          return shown.id;
        }
        const id = nextId++;
        const toasts = [...get().toasts, { id, kind, message }];
        for (const dropped of toasts.splice(0, Math.max(0, toasts.length - maxToasts))) {
          clearTimeout(timers.get(dropped.id));
          timers.delete(dropped.id);
        }
        timers.set(
          id,
          setTimeout(() => dismiss(id), timeoutMs),
        );
        set({ toasts });
        return id;
      },
    };
  });
}

/** The application's toasts. */
export const toastStore = createToastStore();

/** Shows a toast in the application's toast stack. */
export const toast = {
  error: (message: string) => toastStore.getState().push('error', message),
  success: (message: string) => toastStore.getState().push('success', message),
  info: (message: string) => toastStore.getState().push('info', message),
};
