import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A two-core machine running every suite at once can take more than Testing Library's second.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom draws no canvas: a stage asks for its context and, given none, draws nothing.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
// Nor does it scroll.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
