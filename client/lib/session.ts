import { clearAnswerQueue } from './answer-queue-store';
import { ApiError, postJson } from './http';
import { clearOfflineData } from './offline-data';

/**
 * The browser session. The ID token lives only in this module's memory; the long-lived refresh
 * token is an HttpOnly cookie (Path=/auth) that script never sees. At start, and shortly before the
 * ID token expires, `/auth/refresh` swaps the cookie for a new token; a 401 there means "signed
 * out" and is not an error. Tabs tell each other about sign-in, sign-out and new tokens, so one
 * sign-out signs out every tab and two tabs do not both spend the same (rotating) refresh cookie.
 *
 * Offline (issue #24) the refresh cannot reach the server: a device that was signed in stays signed
 * in as far as the interface goes (pages saved for offline reading, the answer queue), without a
 * token, and swaps the cookie as soon as the connection is back. Only the server's 401 signs out.
 */

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  /** Bumped on every sign-in and sign-out (not on a mere token refresh): who-is-it may have changed. */
  generation: number;
}

interface TokenAnswer {
  idToken: string;
  expiresIn: number;
}

type TabMessage =
  | { type: 'token'; idToken: string; expiresAt: number; signedIn: boolean }
  | { type: 'signed-out' };

/** Refresh this long before the token runs out. */
const refreshAheadMs = 60_000;
/** A token with less than this left is refreshed before it is sent. */
const minimumValidityMs = 20_000;
const lockName = 'srhr-session-refresh';
/** Set while this browser holds a session, so a start without network knows it had one. */
const sessionHintKey = 'srhr-session';
/** Pause before trying a refresh again that failed for want of an answer. */
const retryMs = 15_000;

let token: string | null = null;
let expiresAt = 0;
let state: SessionState = { status: 'checking', generation: 0 };
let started: Promise<void> | null = null;
let refreshing: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('srhr-session');

function setState(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function hint(held: boolean) {
  try {
    if (held) localStorage.setItem(sessionHintKey, '1');
    else localStorage.removeItem(sessionHintKey);
  } catch {
    // Storage refused (private mode, quota): an offline start then counts as signed out.
  }
}

function hadSession(): boolean {
  try {
    return localStorage.getItem(sessionHintKey) === '1';
  } catch {
    return false;
  }
}

function schedule() {
  clearTimeout(timer);
  if (!token) return;
  const wait = Math.max(expiresAt - Date.now() - refreshAheadMs, 5_000);
  timer = setTimeout(() => void refresh({ unlessValidFor: refreshAheadMs * 2 }), wait);
}

/** Stores a token; `identityChanged` when this is a sign-in rather than a refresh. */
function adopt(idToken: string, until: number, identityChanged: boolean) {
  token = idToken;
  expiresAt = until;
  hint(true);
  schedule();
  if (identityChanged || state.status !== 'signed-in') {
    // The check at start names who this is before any request goes out (requests wait for it), so
    // nothing was loaded for someone else: only a sign-in after being signed out changes who it is.
    const changed = identityChanged || state.status === 'signed-out';
    setState({ status: 'signed-in', generation: changed ? state.generation + 1 : state.generation });
  }
}

function drop() {
  const wasSignedIn = state.status === 'signed-in';
  token = null;
  expiresAt = 0;
  clearTimeout(timer);
  hint(false);
  setState({ status: 'signed-out', generation: wasSignedIn ? state.generation + 1 : state.generation });
}

function tell(message: TabMessage) {
  channel?.postMessage(message);
}

// Back online while signed in without a token: swap the cookie at once rather than at the next retry.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (state.status === 'signed-in' && !token) void refresh();
  });
}

channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  const message = event.data;
  if (message.type === 'signed-out') {
    if (state.status !== 'signed-out') drop();
  } else if (message.type === 'token') {
    adopt(message.idToken, message.expiresAt, message.signedIn);
  }
});

/** Runs `work` while no other tab refreshes (Web Locks), or directly where there are none. */
async function exclusively(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(lockName, work);
  } else {
    await work();
  }
}

/**
 * Swaps the refresh cookie for a new ID token. With `unlessValidFor`, a token that another tab
 * already renewed (and shared) while this one waited for the lock is kept instead.
 */
export function refresh(options: { unlessValidFor?: number } = {}): Promise<void> {
  refreshing ??= exclusively(async () => {
    if (options.unlessValidFor && token && expiresAt - Date.now() > options.unlessValidFor) return;
    try {
      const answer = await postJson<TokenAnswer>('/auth/refresh');
      const until = Date.now() + answer.expiresIn * 1000;
      adopt(answer.idToken, until, false);
      tell({ type: 'token', idToken: answer.idToken, expiresAt: until, signedIn: false });
    } catch (error) {
      // 401: no (more) session, silently signed out, and nothing of it stays readable on the device.
      // Anything else (offline, server restarting): try again a little later, keeping a still-valid
      // token; without one, a browser that held a session stays signed in without a token (see above).
      if (error instanceof ApiError && error.status === 401) {
        drop();
        await clearOfflineData();
      } else if ((token && expiresAt > Date.now()) || hadSession()) {
        if (!(token && expiresAt > Date.now())) token = null;
        if (state.status !== 'signed-in') setState({ status: 'signed-in' });
        clearTimeout(timer);
        timer = setTimeout(() => void refresh({ unlessValidFor: refreshAheadMs * 2 }), retryMs);
      } else {
        drop();
      }
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The session check at start; later calls answer the same promise. */
export function startSession(): Promise<void> {
  started ??= refresh();
  return started;
}

/**
 * The ID token to send with a request, renewed first when it is about to run out; null when
 * signed out. Waits for the session check at start, so the first requests already carry it.
 */
export async function freshToken(): Promise<string | null> {
  await startSession();
  // Signed in without a token (it could not be renewed offline): try now, the connection may be back.
  if (state.status === 'signed-in' && (!token || expiresAt - Date.now() < minimumValidityMs)) await refresh();
  return token;
}

/** Signs in; throws ApiError (401 wrong credentials, 403 unverified, 429 too many attempts). */
export async function signIn(email: string, password: string): Promise<void> {
  await startSession();
  const answer = await postJson<TokenAnswer>('/auth/sign-in', { email, password }, { 'x-session': 'cookie' });
  const until = Date.now() + answer.expiresIn * 1000;
  adopt(answer.idToken, until, true);
  tell({ type: 'token', idToken: answer.idToken, expiresAt: until, signedIn: true });
}

/** Ends the session here and in every other tab, even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    await postJson('/auth/sign-out');
  } catch {
    // The local session ends regardless; the cookie expires on its own.
  }
  // Answers still waiting for a connection, and pages saved for offline reading, are the person's:
  // they do not stay for the next one.
  await Promise.all([clearAnswerQueue().catch(() => {}), clearOfflineData()]);
  drop();
  tell({ type: 'signed-out' });
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
