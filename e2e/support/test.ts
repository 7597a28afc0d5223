/**
 * The end-to-end tests' `test`: Playwright's, except that a browser context a test opens itself
 * (a second player, an operator's console) is closed when the test ends. Playwright closes only
 * the contexts of its own fixtures; one left open keeps its live pages repainting and taking hub
 * pushes in the shared browser, and slowed every later test in the worker.
 */
import { test as base } from '@playwright/test';

export const test = base.extend<{ closesOwnContexts: undefined }>({
  closesOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      for (const context of browser.contexts()) {
        if (!before.has(context)) await context.close();
      }
    },
    { auto: true },
  ],
});
