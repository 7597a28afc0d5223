import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '../session/session';

// Lazy route chunks load on first render; a busy two-core runner can take over a second.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; the charts only use it to follow their container's width.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionForTests();
});
