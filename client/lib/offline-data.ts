import { dataCachePrefix, type WorkerMessage } from './offline-caches';

/** How long sign-out waits for the service worker to confirm; it deletes the caches itself anyway. */
const answerWithinMs = 2_000;

/** Asks the active service worker to forget every user's data, and waits for its answer. */
async function askWorker(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = navigator.serviceWorker?.controller ?? registration?.active;
  if (!worker) return;
  const { port1, port2 } = new MessageChannel();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, answerWithinMs);
    port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'clear-data' } satisfies WorkerMessage, [port2]);
  });
  port1.close();
}

/**
 * Deletes the pages, answers and images saved for offline reading (client/sw/), of whoever used
 * this browser. Never throws: sign-out goes on whatever the browser refuses.
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    // The worker first: it also drops what a request still on its way would store after this.
    await askWorker();
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(dataCachePrefix)).map((name) => caches.delete(name)),
    );
  } catch {
    // No Cache Storage here (an insecure origin, a private window that refuses it): nothing was kept.
  }
}
