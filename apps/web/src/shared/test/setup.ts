import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetConfiguredTransport } from '../api/payload-transform';
import { forgetSiteSuspendedHandler } from '../api/site-suspension';
import { forgetDateFormatters } from '../format/date-time';
import { hubStatusStore } from '../hub/hub-status';
import { resetLanguage } from '../i18n/language';
import { resetLoadingIndicator } from '../loading-indicator';
import { useUiPreferences } from '../preferences/ui-preferences';
import { stopKeepingSessionFresh } from '../session/keep-session-fresh';
import { forgetSessionEndHandler } from '../session/session-end';
import { resetSessionStore } from '../session/session-store';
import { useShellStore } from '../shell/shell-store';
import { toastStore } from '../toasts/toast-store';
import { resetStore } from './reset-store';

// Lazy routes load their chunks on first render; on a busy two-core machine running every
// suite at once that can take longer than Testing Library's default second (a CI run once
// took over 5 s for the maintenance page). Tests still end at the 15 s test timeout.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. A worker's
// test files share its modules (`isolate: false` in vite.config.ts), so whatever a test leaves
// in a module (a toast, a stubbed fetch, a fake clock, a formatter made in another zone) is
// undone here, before the next test of any file.
afterEach(async () => {
  cleanup();
  await stopKeepingSessionFresh();
  forgetSessionEndHandler();
  forgetSiteSuspendedHandler();
  resetLoadingIndicator();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const { id } of toastStore.getState().toasts) toastStore.getState().dismiss(id);
  resetStore(useUiPreferences);
  resetStore(useShellStore);
  resetStore(hubStatusStore);
  forgetDateFormatters();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionStore();
  resetLanguage();
  resetConfiguredTransport();
  document.head.querySelectorAll('meta[name="backlay-payload-codec"]').forEach((m) => m.remove());
});
