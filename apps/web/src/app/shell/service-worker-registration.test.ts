import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker-registration';

afterEach(() => vi.restoreAllMocks());

describe('registerServiceWorker', () => {
  it('registers the worker for the whole site', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    registerServiceWorker({ register });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing where the browser has no service workers', () => {
    expect(() => registerServiceWorker(undefined)).not.toThrow();
  });

  it('reports a failed registration and lets the page go on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('insecure');
    registerServiceWorker({ register: () => Promise.reject(failure) });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.any(String), failure));
  });
});
