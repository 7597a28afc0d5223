import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetConfiguredTransport } from '../api/payload-transform';
import { resetLanguage } from '../i18n/language';
import { resetSessionStore } from '../session/session-store';

// Lazy routes load their chunks on first render; on a busy two-core machine running every
// suite at once that can take longer than Testing Library's default second (a CI run once
// took over 5 s for the maintenance page). Tests still end at the 15 s test timeout.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionStore();
  resetLanguage();
  resetConfiguredTransport();
  document.head.querySelectorAll('meta[name="backlay-payload-codec"]').forEach((m) => m.remove());
});
