import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetConfiguredTransport } from '../api/payload-transform';
import { resetSessionStore } from '../session/session-store';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionStore();
  resetConfiguredTransport();
  document.head.querySelectorAll('meta[name="backlay-payload-codec"]').forEach((m) => m.remove());
});
