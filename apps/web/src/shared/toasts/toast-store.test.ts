import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, MAX_TOASTS, TOAST_TIMEOUT_MS } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('uses the spec limits: 5 s and 20 toasts', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(MAX_TOASTS).toBe(20);
  });

  it('keeps a toast for 5 s, then removes it', () => {
    const store = createToastStore();
    store.getState().push('error', 'Network Error');
    expect(store.getState().toasts).toMatchObject([{ kind: 'error', message: 'Network Error' }]);

    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('times each toast from its own arrival', () => {
    const store = createToastStore();
    store.getState().push('info', 'first');
    vi.advanceTimersByTime(3000);
    store.getState().push('success', 'second');
    vi.advanceTimersByTime(2000);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['second']);
    vi.advanceTimersByTime(3000);
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows at most 20, the oldest giving way', () => {
    const store = createToastStore();
    for (let i = 1; i <= 25; i++) store.getState().push('info', `toast ${i}`);
    const messages = store.getState().toasts.map((t) => t.message);
    expect(messages).toHaveLength(MAX_TOASTS);
    expect(messages[0]).toBe('toast 6');
    expect(messages.at(-1)).toBe('toast 25');
    // Dropped toasts leave no timers behind to fire later.
    expect(vi.getTimerCount()).toBe(MAX_TOASTS);
  });

  it('shows a repeated toast once, timed from its latest arrival', () => {
    const store = createToastStore();
    const message = 'This site is closed for maintenance.';
    const first = store.getState().push('error', message);
    // The same words as another kind are another toast.
    store.getState().push('info', message);
    vi.advanceTimersByTime(3000);
    expect(store.getState().push('error', message)).toBe(first);
    expect(store.getState().toasts.map((t) => t.kind)).toEqual(['error', 'info']);

    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 3000);
    expect(store.getState().toasts.map((t) => t.kind)).toEqual(['error']);
    vi.advanceTimersByTime(3000 - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dismisses a toast early on request', () => {
    const store = createToastStore();
    const id = store.getState().push('error', 'gone');
    store.getState().dismiss(id);
    expect(store.getState().toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
