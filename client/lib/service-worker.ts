import type { WorkerMessage } from './offline-caches';
import { freshToken } from './session';

/**
 * Registers the service worker (client/sw/, issue #24) once the page has loaded, so it never
 * competes with the page's own first requests. Its first visit the page is not yet controlled:
 * when the worker takes over, it is told what the page loaded until then, so that page too opens
 * offline. The development server has no /sw.js: there the registration fails, quietly.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller) {
    container.addEventListener('controllerchange', () => void keepLoaded(container), { once: true });
  }
  const register = () => void container.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

async function keepLoaded(container: ServiceWorkerContainer) {
  const urls = performance
    .getEntriesByType('resource')
    .filter((entry) => {
      const { origin, pathname } = new URL(entry.name);
      if (origin !== location.origin) return false;
      const type = (entry as PerformanceResourceTiming).initiatorType;
      return (
        pathname.startsWith('/assets/') ||
        pathname.startsWith('/trpc/') ||
        (pathname.startsWith('/files/') && type === 'img')
      );
    })
    .map((entry) => entry.name);
  const token = await freshToken().catch(() => null);
  container.controller?.postMessage({ type: 'keep', urls, token } satisfies WorkerMessage);
}
