import { clearAnswerQueue } from './answer-queue-store';
import { ApiError, answerOf, NetworkError, postJson } from './http';
import { clearOfflineData } from './offline-data';

/**
 * The browser session. The ID token lives only in this module's memory; the refresh token is an
 * HttpOnly cookie that script never sees. At start, and shortly before the ID token expires,
 * `/auth/refresh` swaps the cookie for a new token; a 401 there means "signed out" and is not an
 * error. Tabs tell each other about sign-in, sign-out and new tokens, so one sign-out signs out
 * every tab and two tabs do not both spend the same (rotating) refresh cookie.
 *
 * Sessions end (docs/security.md, Sessions): at their absolute lifetime, and after a while without
 * use. Only a page in use renews the token ahead of time (a key, a click, a scroll, or a request of
 * its own); a page left alone lets it lapse, and asks the server again when the session's idle end
 * comes, so an abandoned page signs out. Whenever a session ends (signed out, expired, revoked, or
 * someone else signs in here), the pages saved for offline reading and the unsent answers go with
 * it.
 *
 * Offline (docs/development/client-offline.md) the refresh cannot reach the server: a device whose
 * session still runs stays signed in as far as the interface goes (pages saved for offline reading,
 * the answer queue), without a token, and swaps the cookie as soon as the connection is back.
 * Whether it still runs, the page reads from a cookie of its own (`srhr_session`: the session's
 * end, lasting only as long as the refresh cookie does), so a browser closed on a session cookie,
 * or a session past its end, starts signed out with nothing of the last person left, even offline.
 */

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  /** Bumped on every sign-in and sign-out (not on a mere token refresh): who-is-it may have changed. */
  generation: number;
}

/** What sign-in and refresh answer: a token, and until when the session runs unless renewed. */
export interface TokenAnswer {
  idToken: string;
  expiresIn: number;
  /** Seconds until the session ends unless refreshed before (its absolute end at the latest). */
  sessionExpiresIn?: number;
  /** 'Keep me signed in': the session outlives the browser. */
  keepSignedIn?: boolean;
}

type TabMessage =
  | { type: 'token'; idToken: string; expiresAt: number; signedIn: boolean; sessionEndsAt: number }
  | { type: 'signed-out' };

/** Refresh this long before the token runs out. */
const refreshAheadMs = 60_000;
/** A token with less than this left is refreshed before it is sent. */
const minimumValidityMs = 20_000;
const lockName = 'srhr-session-refresh';
/**
 * Set while this browser holds a session, to the moment it ends unless renewed, so a start without
 * network knows whether it still has one. A cookie (not storage) so that it ends with the browser
 * exactly when the refresh cookie does; it holds no secret.
 */
const sessionHintCookie = 'srhr_session';
/** Where older versions kept the hint. */
const oldHintKey = 'srhr-session';
/** Pause before trying a refresh again that failed for want of an answer. */
const retryMs = 15_000;
/** setTimeout's longest wait (about 24.8 days); longer ones would fire at once. */
const longestWaitMs = 2_147_000_000;

let token: string | null = null;
let expiresAt = 0;
/** When the session ends unless renewed, as the server last said. */
let sessionEndsAt = 0;
/** When the current token came, and when the person last used this page. */
let adoptedAt = 0;
let lastUse = Date.now();
let lastUseRefresh = 0;
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

/** Notes until when this browser's session runs (null: it has none), for a start without network. */
function hint(endsAt: number | null, lasting = false) {
  try {
    localStorage.removeItem(oldHintKey);
  } catch {
    // Nothing to tidy where storage is refused.
  }
  if (typeof document === 'undefined') return;
  const attributes = `; Path=/; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox
  document.cookie =
    endsAt === null
      ? `${sessionHintCookie}=; Max-Age=0${attributes}`
      : `${sessionHintCookie}=${endsAt}${attributes}${
          lasting ? `; Max-Age=${Math.max(1, Math.ceil((endsAt - Date.now()) / 1000))}` : ''
        }`;
}

/** Whether this browser holds a session that has not ended yet, as far as it can tell offline. */
function hadSession(): boolean {
  if (typeof document === 'undefined') return false;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === sessionHintCookie)?.[1];
  return Number(value) > Date.now();
}

/**
 * The next refresh: shortly before the token runs out when the page was used since it came;
 * otherwise at the session's idle end, when the server says whether it still runs (another tab may
 * have kept it alive) or it signs this page out.
 */
function schedule() {
  clearTimeout(timer);
  if (!token) return;
  const wait = Math.max(expiresAt - Date.now() - refreshAheadMs, 5_000);
  timer = setTimeout(() => {
    if (lastUse > adoptedAt) {
      void refresh({ unlessValidFor: refreshAheadMs * 2 });
      return;
    }
    const untilEnd = Math.min(Math.max(sessionEndsAt - Date.now() + 1_000, 5_000), longestWaitMs);
    timer = setTimeout(() => void refresh({ unlessValidFor: refreshAheadMs * 2 }), untilEnd);
  }, wait);
}

/** The person used the page: back after a pause that let the token lapse, renew it now. */
function used() {
  lastUse = Date.now();
  if (state.status !== 'signed-in' || !token || refreshing) return;
  if (expiresAt - lastUse > refreshAheadMs || lastUse - lastUseRefresh < retryMs) return;
  lastUseRefresh = lastUse;
  void refresh({ unlessValidFor: refreshAheadMs });
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart']) {
    window.addEventListener(type, used, { capture: true, passive: true });
  }
}

/** What a token answer says about the session: until when it runs, and whether it outlives the browser. */
function noteSession(answer: TokenAnswer) {
  const seconds = answer.sessionExpiresIn ?? answer.expiresIn;
  sessionEndsAt = Date.now() + seconds * 1000;
  hint(sessionEndsAt, answer.keepSignedIn === true);
}

/** Stores a token; `identityChanged` when this is a sign-in rather than a refresh. */
function adopt(idToken: string, until: number, identityChanged: boolean) {
  token = idToken;
  expiresAt = until;
  adoptedAt = Date.now();
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
  sessionEndsAt = 0;
  clearTimeout(timer);
  hint(null);
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
    sessionEndsAt = message.sessionEndsAt;
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
 * The session check the page's own boot script started while the scripts were still on their way
 * (scripts/first-visit-plugin.ts), under the same lock: the first refresh takes its answer instead of
 * asking again, so a first visit's data need not wait a round trip more.
 */
function takeBootCheck(): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const boot = window as { __srhrSessionCheck?: Promise<Response> };
  const check = boot.__srhrSessionCheck ?? null;
  boot.__srhrSessionCheck = undefined;
  return check;
}

/**
 * Swaps the refresh cookie for a new ID token. With `unlessValidFor`, a token that another tab
 * already renewed (and shared) while this one waited for the lock is kept instead.
 */
export function refresh(options: { unlessValidFor?: number } = {}): Promise<void> {
  refreshing ??= exclusively(async () => {
    if (options.unlessValidFor && token && expiresAt - Date.now() > options.unlessValidFor) return;
    try {
      const boot = takeBootCheck();
      const answer = boot
        ? await boot.then(answerOf<TokenAnswer>, () => {
            throw new NetworkError();
          })
        : await postJson<TokenAnswer>('/auth/refresh');
      const until = Date.now() + answer.expiresIn * 1000;
      noteSession(answer);
      adopt(answer.idToken, until, false);
      tell({ type: 'token', idToken: answer.idToken, expiresAt: until, signedIn: false, sessionEndsAt });
    } catch (error) {
      // 401: no (more) session (signed out, past its end, revoked), silently signed out, and nothing
      // of it stays readable on the device. Anything else (offline, server restarting): try again a
      // little later, keeping a still-valid token; without one, a browser whose session has not
      // ended stays signed in without a token (see above), and one whose session ended is emptied.
      if (error instanceof ApiError && error.status === 401) {
        drop();
        await forgetThePerson();
      } else if ((token && expiresAt > Date.now()) || hadSession()) {
        if (!(token && expiresAt > Date.now())) token = null;
        if (state.status !== 'signed-in') setState({ status: 'signed-in' });
        clearTimeout(timer);
        timer = setTimeout(() => void refresh({ unlessValidFor: refreshAheadMs * 2 }), retryMs);
      } else {
        drop();
        await forgetThePerson();
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

/** The first step's answer for an account with a second factor: no token yet, a challenge for the second. */
export interface SecondFactorChallenge {
  secondFactor: 'required';
  challenge: string;
}

/**
 * Signs in; throws ApiError (401 wrong credentials, 403 unverified, 429 too many attempts, or
 * auth.accountLocked: then again with the `unlockCode` mailed to the account).
 * Unticked, `keepSignedIn` gives a session that ends with the browser (and sooner:
 * docs/security.md, Sessions). An account with a second factor answers its challenge instead
 * (nothing signed in yet): the second step sends it back with a code, and then calls
 * `completeSignIn`.
 */
export async function signIn(
  email: string,
  password: string,
  options: { keepSignedIn?: boolean; unlockCode?: string } = {},
): Promise<SecondFactorChallenge | null> {
  await startSession();
  const answer = await postJson<TokenAnswer | SecondFactorChallenge>(
    '/auth/sign-in',
    {
      email,
      password,
      keepSignedIn: options.keepSignedIn === true,
      ...(options.unlockCode ? { unlockCode: options.unlockCode } : {}),
    },
    { 'x-session': 'cookie' },
  );
  if ('challenge' in answer) return answer;
  await completeSignIn(answer);
  return null;
}

/**
 * A sign-in the server accepted (whatever steps it took): whoever used this browser before leaves
 * nothing behind (pages saved offline, unsent answers), then the new session starts in every tab.
 */
export async function completeSignIn(answer: TokenAnswer): Promise<void> {
  await forgetThePerson();
  const until = Date.now() + answer.expiresIn * 1000;
  noteSession(answer);
  adopt(answer.idToken, until, true);
  tell({ type: 'token', idToken: answer.idToken, expiresAt: until, signedIn: true, sessionEndsAt });
}

/** Everything of a person that stays on the device after a page closes: emptied when their session ends. */
function forgetThePerson(): Promise<unknown> {
  return Promise.all([clearAnswerQueue().catch(() => {}), clearOfflineData()]);
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
  await forgetThePerson();
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
