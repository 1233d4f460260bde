import { cachePrefix, shellCachePrefix, type WorkerMessage } from '../lib/offline-caches';
import { answerFrom, type Part, partsOf, publicReads, type Reads, readsOf } from './trpc-calls';
import { bearerOf, UserCaches } from './user-cache';

/**
 * The service worker (readable offline: docs/development/client-offline.md), served at /sw.js. It
 * keeps the app shell and what the learner read, so a page opened once opens again without a
 * network:
 *
 * - navigations: the network first; without one, the kept index.html (the client routes itself);
 * - /assets/ (hashed, never changing): the cache first, filled at install with what index.html
 *   loads and afterwards with every chunk the page asks for; the public folder's images (the
 *   default logo) likewise, kept at install, so the header is whole offline;
 * - the learner's tRPC reads (trpc-calls.ts): the network first, kept per user (user-cache.ts) and
 *   read from the cache only when the network fails;
 * - images under /files/, at the size the page asked for: the cache first (an upload's address
 *   never changes), in the same user's cache; never a person's picture (the avatars' `profile`
 *   size), which passes untouched;
 * - anything else (writes, sign-in, other origins) passes untouched.
 *
 * The build writes it (scripts/service-worker-plugin.ts) with its build id and the shell's files;
 * a new build is a new worker, which takes over at once and deletes the previous version's caches.
 */

declare const self: ServiceWorkerGlobalScope;
declare const __BUILD_ID__: string;
declare const __SHELL__: string[];

const shellCache = `${shellCachePrefix}${__BUILD_ID__}`;
/** The shell's files besides index.html: the same for every visitor until the next build. */
const shellFiles = new Set(__SHELL__.filter((address) => address !== '/'));
const users = new UserCaches(__BUILD_ID__);
/** Addresses the server answers itself (GraphiQL, downloads, probes): never the app's shell. */
const serverPaths = ['/graphql', '/api/', '/auth/', '/trpc/', '/files/', '/metrics', '/healthz', '/readyz'];
/** Answers the worker put together from the cache carry this header. */
const offlineHeader = 'x-served-from';
/** A person's picture (an avatar's cropped size): other people's, never kept on the device. */
const isPortrait = (url: URL) => /^\/files\/[^/]+\/sizes\/profile\.webp$/.test(url.pathname);
/** Whether a call is kept with the shell (the tenant's reads, the same for anyone) rather than per user. */
const isPublic = (call: { procedure: string }) => publicReads.has(call.procedure);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(shellCache)).addAll(__SHELL__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter(
        (name) => name.startsWith(cachePrefix) && name !== shellCache && !users.owns(name),
      );
      await Promise.all(stale.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage;
  if (message?.type === 'clear-data') {
    event.waitUntil(users.wipe().finally(() => event.ports[0]?.postMessage('cleared')));
  } else if (message?.type === 'keep') {
    event.waitUntil(keep(message.urls, message.token));
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!serverPaths.some((prefix) => url.pathname.startsWith(prefix))) event.respondWith(navigation(event));
  } else if (url.pathname.startsWith('/assets/') || shellFiles.has(url.pathname)) {
    event.respondWith(asset(event));
  } else if (url.pathname.startsWith('/files/') && request.destination === 'image' && !isPortrait(url)) {
    event.respondWith(image(event));
  } else {
    const reads = readsOf(url);
    if (reads) event.respondWith(learnerRead(event, reads));
  }
});

async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    const html = response.headers.get('content-type')?.startsWith('text/html');
    if (response.ok && html) {
      // Every address of the app answers the same index.html: keep the newest.
      const copy = response.clone();
      event.waitUntil(caches.open(shellCache).then((cache) => cache.put('/', copy)));
    }
    return response;
  } catch {
    return (await caches.match('/', { cacheName: shellCache })) ?? Response.error();
  }
}

async function asset(event: FetchEvent): Promise<Response> {
  // Every answer varies by Origin (CORS), and a module script is asked for in CORS mode while the
  // shell was kept by a plain request: the kept asset is the same file whatever the origin header.
  const kept = await caches.match(event.request, { cacheName: shellCache, ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(shellCache).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

async function image(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const kept = await (await users.readable(null))?.match(request);
  if (kept) return kept;
  const epoch = users.epoch;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    // Images carry no token: they join the data cache of the user kept, or wait for the first one.
    event.waitUntil(
      (async () => {
        const cache = await users.readable(null);
        if (epoch !== users.epoch) return;
        if (cache) await cache.put(request, copy);
        else imagesWaiting.push({ request, response: copy, epoch });
        imagesWaiting.splice(0, imagesWaiting.length - IMAGES_WAITING);
      })(),
    );
  }
  return response;
}

/**
 * Images answered while no user's data cache existed yet: after a reload the image (from the
 * browser's HTTP cache) can come back before the page's reads have made that cache, and was then
 * never kept, so it did not show offline. They join the cache the next read of a signed-in user
 * makes; a wipe (sign-out) in between drops them.
 */
const IMAGES_WAITING = 20;
const imagesWaiting: { request: Request; response: Response; epoch: number }[] = [];

async function keepWaitingImages(cache: Cache, epoch: number) {
  const waiting = imagesWaiting.splice(0);
  await Promise.all(
    waiting.filter((image) => image.epoch === epoch).map((image) => cache.put(image.request, image.response)),
  );
}

async function learnerRead(event: FetchEvent, reads: Reads): Promise<Response> {
  const token = bearerOf(event.request);
  const epoch = users.epoch;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (failure) {
    const body = answerFrom(reads, await kept(reads, token));
    if (body === null) throw failure;
    return Response.json(body, { status: reads.batch ? 207 : 200, headers: { [offlineHeader]: 'cache' } });
  }
  event.waitUntil(store(reads, response.clone(), token, epoch));
  return response;
}

/** What was kept of each call of a request, for whoever's token it carries (or the user kept). */
async function kept(reads: Reads, token: string | null): Promise<unknown[]> {
  const userCache = await users.readable(token);
  const shell = await caches.open(shellCache);
  return Promise.all(
    reads.calls.map(async (call) => {
      const hit = await (isPublic(call) ? shell : userCache)?.match(call.key);
      return hit ? ((await hit.json()) as unknown) : undefined;
    }),
  );
}

/**
 * Keeps the calls of an answer its server gave, and forgets those it now refuses. Without a token
 * (signed out) only the public reads are kept: anything else answered then is nobody's to keep.
 */
async function store(reads: Reads, response: Response, token: string | null, epoch: number) {
  if (!response.headers.get('content-type')?.includes('json')) return;
  const parts = partsOf(reads, await response.json().catch(() => null));
  if (parts.length === 0) return;
  // A token the server no longer takes for anyone: its session ended (signed out elsewhere,
  // revoked, past its end). Nothing of that person stays, whether or not the page gets to say so.
  if (token && parts.some(sessionEnded)) {
    if (epoch === users.epoch) await users.wipe();
    return;
  }
  const userCache = await users.writable(token, epoch);
  if (userCache && epoch === users.epoch) await keepWaitingImages(userCache, epoch);
  const shell = await caches.open(shellCache);
  await Promise.all(
    parts.map((part) => {
      const cache = isPublic(part) ? shell : userCache;
      if (!cache || epoch !== users.epoch) return undefined;
      return 'keep' in part ? cache.put(part.key, Response.json(part.keep)) : cache.delete(part.key);
    }),
  );
}

/** `user.me` answering nobody to a request that carried a token. */
const sessionEnded = (part: Part) =>
  part.procedure === 'user.me' &&
  'keep' in part &&
  (part.keep as { result?: { data?: unknown } }).result?.data === null;

/**
 * What the page loaded before this worker controlled it (its first visit): scripts and images come
 * from the HTTP cache, the reads are asked again (with the page's token, if signed in).
 */
async function keep(urls: string[], token: string | null) {
  const shell = await caches.open(shellCache);
  const epoch = users.epoch;
  await Promise.all(
    urls.map(async (address) => {
      const url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin) return;
      try {
        if (url.pathname.startsWith('/assets/')) {
          if (!(await shell.match(url.href))) await shell.add(url.href);
          return;
        }
        if (url.pathname.startsWith('/files/')) {
          if (isPortrait(url)) return;
          const cache = await users.writable(token, epoch);
          if (cache && !(await cache.match(url.href))) await cache.add(url.href);
          return;
        }
        const reads = readsOf(url);
        if (reads && (token || reads.calls.every(isPublic))) {
          const headers: HeadersInit = token ? { authorization: `Bearer ${token}` } : {};
          const response = await fetch(url.href, { headers });
          if (response.ok) await store(reads, response, token, epoch);
        }
      } catch {
        // Kept the next time the page asks for it.
      }
    }),
  );
}
