import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepEndedSessions } from '../../jobs/auth/sweep-sessions';
import { buildApp } from '../../server/app';
import { deviceNameOf } from '../../server/auth/devices';
import { placeOf } from '../../server/auth/sessions';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { plain, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

/**
 * Sessions that end (docs/security.md#sessions): a session family has an absolute lifetime and an idle
 * timeout, 'keep me signed in' a longer lifetime only; signing out or a revocation ends its ID
 * tokens at once (each request checks the family); 'Your sessions' lists and ends one's own; a
 * sign-in from a browser new to the account is mailed to its owner; on https the refresh cookie is
 * `__Host-`. Time moves with a faked clock (`Date` only), so nothing waits and nothing is timed.
 */

const lifetime = 3600;
const idle = 1800;
const keep = 86_400;
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const cookiesOf = (response: { headers: Record<string, unknown> }): string[] => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : header ? [String(header)] : [];
};
const pairOf = (cookies: string[], name: string) =>
  cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? null;

describe.each(databaseKinds)('sessions that end on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let secureApp: FastifyInstance;
  let sink: Sink;
  let ip = 1;

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SESSION_LIFETIME_SECONDS: String(lifetime),
        SESSION_IDLE_SECONDS: String(idle),
        SESSION_KEEP_SIGNED_IN_SECONDS: String(keep),
        PUBLIC_URL: 'http://127.0.0.1:3000',
      },
    });
    app = await buildApp(platform);
    // The same platform answering as a site on https: only the cookies' names and attributes differ.
    secureApp = await buildApp({
      ...platform,
      config: { ...platform.config, PUBLIC_URL: 'https://learn.example.org' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await secureApp?.close();
    await platform?.dispose();
    await sink?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock (Date only) this many seconds on from now. */
  const passSeconds = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  };

  interface Browser {
    ua?: string;
    /** `name=value` of the device cookie this browser kept, if any. */
    device?: string | null;
    refresh?: string | null;
  }

  async function signIn(
    account: { email: string },
    options: { browser?: Browser; keepSignedIn?: boolean; api?: boolean; on?: FastifyInstance } = {},
  ) {
    const browser = options.browser ?? {};
    const response = await (options.on ?? app).inject({
      method: 'POST',
      url: '/auth/sign-in',
      remoteAddress: `10.1.${ip}.7`,
      payload: { email: account.email, password: 'password-1234', keepSignedIn: options.keepSignedIn },
      headers: {
        ...(options.api ? {} : { 'x-session': 'cookie' }),
        ...(browser.ua ? { 'user-agent': browser.ua } : {}),
        ...(browser.device ? { cookie: browser.device } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookies = cookiesOf(response);
    browser.device =
      pairOf(cookies, 'srhr_device') ?? pairOf(cookies, '__Host-srhr_device') ?? browser.device;
    browser.refresh = pairOf(cookies, 'srhr_refresh') ?? pairOf(cookies, '__Host-srhr_refresh');
    const body = response.json() as {
      idToken: string;
      expiresIn: number;
      sessionExpiresIn: number;
      keepSignedIn: boolean;
    };
    return { ...body, cookies, browser };
  }

  const refresh = (cookie: string | null | undefined, on = app) =>
    on.inject({ method: 'POST', url: '/auth/refresh', headers: cookie ? { cookie } : {} });

  const call = async (token: string, procedure: string, input?: unknown, method: 'GET' | 'POST' = 'POST') => {
    const response = await app.inject({
      method,
      url:
        method === 'GET'
          ? `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
          : `/trpc/${procedure}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: JSON.stringify(input ?? null) } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Who the server takes this token's bearer for; null: signed out. */
  const whoIs = async (token: string) =>
    (await call(token, 'user.me', undefined, 'GET')).body.result?.data?._id ?? null;

  it('ends a session at its absolute lifetime however often it is refreshed, and its ID token with it', async () => {
    const account = await addTestUser(platform);
    const signedIn = await signIn(account, { browser: { ua: firefox } });
    expect(signedIn.keepSignedIn).toBe(false);
    expect(signedIn.sessionExpiresIn).toBe(idle);
    // Without 'keep me signed in' the refresh cookie ends with the browser: no Max-Age.
    const refreshCookie = signedIn.cookies.find((cookie) => cookie.startsWith('srhr_refresh='))!;
    expect(refreshCookie).not.toMatch(/Max-Age/);
    expect(refreshCookie).toMatch(/HttpOnly/);
    expect(refreshCookie).toMatch(/SameSite=Strict/);
    let cookie = signedIn.browser.refresh!;
    let token = signedIn.idToken;
    expect(await whoIs(token)).toBe(account.userId);

    // Used every 20 minutes: the idle timeout never runs out, the lifetime does.
    for (let elapsed = 1200; elapsed < lifetime; elapsed += 1200) {
      passSeconds(1200);
      const refreshed = await refresh(cookie);
      expect(refreshed.statusCode).toBe(200);
      cookie = pairOf(cookiesOf(refreshed), 'srhr_refresh')!;
      token = refreshed.json().idToken;
      // The token never outlives the session.
      expect(refreshed.json().expiresIn).toBeLessThanOrEqual(lifetime - elapsed);
      expect(await whoIs(token)).toBe(account.userId);
    }
    passSeconds(1201);
    expect(await whoIs(token)).toBeNull();
    const late = await refresh(cookie);
    expect(late.statusCode).toBe(401);
    expect(cookiesOf(late)[0]).toMatch(/^srhr_refresh=; Max-Age=0/);
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const account = await addTestUser(platform);
    const signedIn = await signIn(account);
    // Refreshed just before the idle timeout: it starts over.
    passSeconds(idle - 60);
    const refreshed = await refresh(signedIn.browser.refresh);
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json().idToken as string;
    expect(await whoIs(token)).toBe(account.userId);
    // Then left alone: over the idle timeout, neither the cookie nor any token of it works.
    passSeconds(idle + 1);
    expect((await refresh(pairOf(cookiesOf(refreshed), 'srhr_refresh'))).statusCode).toBe(401);
    expect(await whoIs(token)).toBeNull();
  });

  it("keeps a 'keep me signed in' session past the idle timeout, until its own lifetime", async () => {
    const account = await addTestUser(platform);
    const signedIn = await signIn(account, { keepSignedIn: true });
    expect(signedIn.keepSignedIn).toBe(true);
    expect(signedIn.sessionExpiresIn).toBe(keep);
    const refreshCookie = signedIn.cookies.find((cookie) => cookie.startsWith('srhr_refresh='))!;
    expect(Number(/Max-Age=(\d+)/.exec(refreshCookie)?.[1])).toBeGreaterThan(keep - 5);
    passSeconds(idle * 3);
    const refreshed = await refresh(signedIn.browser.refresh);
    expect(refreshed.statusCode).toBe(200);
    // Its cookie lasts as long as the session has left.
    expect(pairOf(cookiesOf(refreshed), 'srhr_refresh')).toBeTruthy();
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookiesOf(refreshed)[0]!)?.[1]);
    expect(maxAge).toBeGreaterThan(keep - idle * 3 - 5);
    expect(maxAge).toBeLessThanOrEqual(keep - idle * 3);
    passSeconds(keep - idle * 3 + 1);
    expect((await refresh(pairOf(cookiesOf(refreshed), 'srhr_refresh'))).statusCode).toBe(401);
  });

  it('signing out ends the ID token at once, for a browser and for an API client', async () => {
    const account = await addTestUser(platform);
    const browser = await signIn(account);
    expect(await whoIs(browser.idToken)).toBe(account.userId);
    const out = await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { cookie: browser.browser.refresh! },
    });
    expect(out.statusCode).toBe(200);
    expect(await whoIs(browser.idToken)).toBeNull();

    const api = await signIn(account, { api: true });
    expect(api.browser.refresh).toBeNull();
    expect(await whoIs(api.idToken)).toBe(account.userId);
    await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { authorization: `Bearer ${api.idToken}` },
    });
    expect(await whoIs(api.idToken)).toBeNull();
  });

  it("lists one's own sessions, this one marked, and ends one or all of them", async () => {
    const account = await addTestUser(platform);
    ip = 2;
    const here = await signIn(account, { browser: { ua: firefox } });
    ip = 3;
    const phone = await signIn(account, { browser: { ua: safari } });
    const api = await signIn(account, { api: true, browser: { ua: 'curl/8.5.0' } });

    const listed = await call(here.idToken, 'session.list', undefined, 'GET');
    const sessions = listed.body.result.data as {
      id: string;
      current: boolean;
      kind: string;
      browser: string | null;
      system: string | null;
      place: string | null;
      lastUsedAt: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((session) => session.current)).toEqual([
      expect.objectContaining({
        browser: 'Firefox',
        system: 'Windows',
        place: '10.1.2.0/24',
        kind: 'browser',
      }),
    ]);
    const other = sessions.find((session) => session.browser === 'Safari')!;
    expect(other).toMatchObject({ system: 'iOS', place: '10.1.3.0/24', current: false });
    expect(sessions.find((session) => session.kind === 'api')).toMatchObject({ browser: 'curl' });

    // Someone else's session cannot be ended by its id: not found, and it runs on.
    const stranger = await addTestUser(platform);
    const theirs = await signIn(stranger);
    const strangerSessions = (await call(theirs.idToken, 'session.list', undefined, 'GET')).body.result.data;
    const refused = await call(here.idToken, 'session.end', { id: strangerSessions[0].id });
    expect(refused.status).toBe(404);
    expect(await whoIs(theirs.idToken)).toBe(stranger.userId);

    // 'Sign out' on the phone's row: its ID token and its refresh cookie stop working at once.
    const ended = await call(here.idToken, 'session.end', { id: other.id });
    expect(ended.body.result.data).toEqual({ current: false });
    expect(await whoIs(phone.idToken)).toBeNull();
    expect((await refresh(phone.browser.refresh)).statusCode).toBe(401);
    expect(await whoIs(here.idToken)).toBe(account.userId);
    expect((await call(here.idToken, 'session.list', undefined, 'GET')).body.result.data).toHaveLength(2);

    // 'Sign out everywhere': this session too, and the API client's token.
    const all = await call(here.idToken, 'session.endAll');
    expect(all.body.result.data).toEqual({ ended: 2 });
    expect(await whoIs(here.idToken)).toBeNull();
    expect(await whoIs(api.idToken)).toBeNull();
    expect((await refresh(here.browser.refresh)).statusCode).toBe(401);
    expect(await whoIs(theirs.idToken)).toBe(stranger.userId);
  });

  it('mails the owner when a browser new to the account signs in, and only then', async () => {
    const account = await addTestUser(platform, { name: 'Dina Device' });
    const mailsTo = () => sink.delivered.filter((mail) => mail.to.includes(account.email));
    const laptop: Browser = { ua: firefox };
    ip = 4;
    await signIn(account, { browser: laptop });
    expect(laptop.device).toMatch(/^srhr_device=/);
    // The account's first browser is its owner's, who just signed up: nothing to tell.
    await signIn(account, { browser: laptop });
    ip = 5;
    await signIn(account, { browser: { ua: safari } });
    const mail = await waitFor(() => mailsTo()[0]);
    const text = plain(mail.message);
    expect(text).toContain('Dina Device');
    expect(text).toContain('Safari');
    expect(text).toContain('iOS');
    expect(text).toContain('10.1.5.0/24');
    expect(text).toContain('/user/sessions');
    // The laptop again, after a sign-out: known, no mail. An API client from a new place: a mail.
    await signIn(account, { browser: laptop });
    await signIn(account, { api: true, browser: { ua: 'curl/8.5.0' } });
    await waitFor(() => (mailsTo().length >= 2 ? true : undefined));
    // A moment for a wrong third mail to arrive, had there been one (jobs poll every 0.5 s).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo()).toHaveLength(2);
    expect(plain(mailsTo()[1]!.message)).toContain('curl');
  });

  it('on https names the cookies __Host- (Secure, Path=/, no Domain) and takes no plain refresh cookie', async () => {
    const account = await addTestUser(platform);
    const signedIn = await signIn(account, { on: secureApp });
    const [refreshCookie, deviceCookie] = signedIn.cookies;
    expect(refreshCookie).toMatch(/^__Host-srhr_refresh=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+;/);
    for (const cookie of [refreshCookie!, deviceCookie!]) {
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect(cookie).toMatch(/; SameSite=Strict(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
    }
    expect(deviceCookie).toMatch(/^__Host-srhr_device=/);
    const secureRefresh = signedIn.browser.refresh!;
    const value = secureRefresh.slice('__Host-srhr_refresh='.length);

    // The same token under the plain name (set by a sibling subdomain, say) is no session here, and
    // the plain cookie is cleared.
    const planted = await refresh(`srhr_refresh=${value}`, secureApp);
    expect(planted.statusCode).toBe(401);
    expect(cookiesOf(planted)).toContain(
      'srhr_refresh=; Max-Age=0; Path=/auth; HttpOnly; SameSite=Strict; Secure',
    );
    const refreshed = await refresh(secureRefresh, secureApp);
    expect(refreshed.statusCode).toBe(200);
    expect(cookiesOf(refreshed)[0]).toMatch(
      /^__Host-srhr_refresh=.+; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  it('sweeps the sessions that ended by time, and keeps the running ones', async () => {
    const account = await addTestUser(platform);
    const short = await signIn(account);
    const kept = await signIn(account, { keepSignedIn: true });
    passSeconds(idle + 1);
    const swept = await sweepEndedSessions(platform.database.db, new Date());
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await whoIs(short.idToken)).toBeNull();
    expect((await refresh(kept.browser.refresh)).statusCode).toBe(200);
  });
});

describe('where a session was used and from what', () => {
  it('keeps the network of an address, never the address', () => {
    expect(placeOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(placeOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(placeOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(placeOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(placeOf('not an address')).toBeNull();
    expect(placeOf(undefined)).toBeNull();
  });

  it('names the browser and system of common User-Agents', () => {
    expect(deviceNameOf(firefox)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(deviceNameOf(safari)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      deviceNameOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'macOS' });
    expect(
      deviceNameOf(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      deviceNameOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(deviceNameOf(null)).toEqual({ browser: null, system: null });
  });
});
