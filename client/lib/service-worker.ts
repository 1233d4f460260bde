import type { WorkerMessage } from './offline-caches';
import { freshToken } from './session';

/**
 * Registers the service worker (client/sw/, docs/development/client-offline.md) once the page has
 * loaded, so it never competes with the page's own first requests. Its first visit the page is not
 * yet controlled: when the worker takes over, it is told what the page loaded until then, so that
 * page too opens offline. The development server has no /sw.js: there the registration fails,
 * quietly.
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

/** What of the page's own loading the worker keeps: its scripts, its reads and its images. */
function kept(entry: PerformanceEntry): boolean {
  const { origin, pathname } = new URL(entry.name);
  if (origin !== location.origin) return false;
  const type = (entry as PerformanceResourceTiming).initiatorType;
  return (
    pathname.startsWith('/assets/') ||
    pathname.startsWith('/trpc/') ||
    (pathname.startsWith('/files/') && type === 'img')
  );
}

/** How long after the takeover a read begun before it may still arrive (a slow connection). */
const lateReadsWithinMs = 60_000;

async function keepLoaded(container: ServiceWorkerContainer) {
  const tookOver = performance.now();
  const post = async (urls: string[]) => {
    if (urls.length === 0) return;
    const token = await freshToken().catch(() => null);
    container.controller?.postMessage({ type: 'keep', urls, token } satisfies WorkerMessage);
  };
  // A read still on its way when the worker took over finishes outside it, and its timing entry
  // appears only then: it is passed on when it arrives, or that page would not open offline.
  const observer = new PerformanceObserver((list) => {
    void post(
      list
        .getEntries()
        .filter((entry) => entry.startTime < tookOver && kept(entry))
        .map((entry) => entry.name),
    );
  });
  observer.observe({ type: 'resource' });
  setTimeout(() => observer.disconnect(), lateReadsWithinMs);
  await post(
    performance
      .getEntriesByType('resource')
      .filter(kept)
      .map((entry) => entry.name),
  );
}
