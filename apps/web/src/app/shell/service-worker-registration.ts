import { useEffect } from 'react';
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE } from '@backlay/contract/installable';

/**
 * Registers the service worker that keeps the app shell for offline starts. Without it (an
 * old browser, a page not served over HTTPS or from localhost, a failed registration) the app
 * works as before, so a failure is reported and not raised.
 */
export function registerServiceWorker(
  container: Pick<ServiceWorkerContainer, 'register'> | undefined,
): void {
  container
    ?.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE })
    .catch((error: unknown) => {
      console.warn('The service worker was not registered; offline starts are unavailable.', error);
    });
}

/**
 * Registers the service worker once the shell mounts. It is called from the shell's header,
 * which the main and casino layouts load after the first page: the first visit's scripts do not
 * grow. The development server builds no worker.
 */
export function useServiceWorkerRegistration(): void {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    registerServiceWorker('serviceWorker' in navigator ? navigator.serviceWorker : undefined);
  }, []);
}
