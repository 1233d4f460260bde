/**
 * What the service worker (client/sw/) keeps in Cache Storage, named once for it and for the page
 * that clears it at sign-out. Every name starts with `srhr-`, and the worker's own build id follows
 * the kind, so a new version drops the caches of the one before.
 *
 * - `srhr-shell-<build>`: index.html, the hashed scripts and styles, the tenant's configuration;
 *   nobody's data.
 * - `srhr-data-<build>-<user>`: the learner's tRPC answers and images, for one user at a time
 *   (`<user>` is a hash of the token's subject).
 */
export const cachePrefix = 'srhr-';
export const shellCachePrefix = 'srhr-shell-';
export const dataCachePrefix = 'srhr-data-';

/** Messages the page posts to the service worker. */
export type WorkerMessage =
  /** Forget every user's data now, before a request still on its way can store more. Answered on the port. */
  | { type: 'clear-data' }
  /**
   * Keep what this page loaded before the worker controlled it (its first visit): the worker fetches
   * the learner's reads again with this token, and takes scripts and images from the HTTP cache.
   */
  | { type: 'keep'; urls: string[]; token: string | null };
