import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { passwordsChecked } from '../../server/auth/passwords';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { plain, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

/**
 * Bounded guessing (docs/security.md#lockout): every sign-in attempt is counted before its
 * password is checked; one account gets at most 10 failed checks in 15 minutes (100 an hour) from
 * all sources together, then signs in only with the code mailed to it, or from a browser that signed
 * in to it before. Counted here by the passwords the process checks, never by time.
 */
describe.each(databaseKinds)('bounded guessing on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  const lines: { security?: string; userId?: string | null; reason?: string }[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Behind one proxy: each guess names its own client in X-Forwarded-For, as a botnet's would.
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, TRUST_PROXY: '1', PUBLIC_URL: 'http://127.0.0.1:3000' },
    });
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildApp({ ...platform, log: pino({ level: 'info' }, stream) });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  const signIn = (
    email: string,
    password: string,
    options: { from: string; cookie?: string; unlockCode?: string; browser?: boolean },
  ) =>
    app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email, password, ...(options.unlockCode ? { unlockCode: options.unlockCode } : {}) },
      headers: {
        'x-forwarded-for': options.from,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.browser ? { 'x-session': 'cookie' } : {}),
      },
    });
  const keyOf = (response: LightMyRequestResponse) => response.json().key as string | undefined;
  const mailsTo = (email: string) => sink.delivered.filter((mail) => mail.to.includes(email));
  const unlockCodeIn = (email: string) => {
    const mail = mailsTo(email).findLast((m) => plain(m.message).includes('too many failed attempts'));
    return mail ? plain(mail.message).match(/\b(\d{6})\b/)?.[1] : undefined;
  };
  /** The device cookie (`name=value`) a browser keeps from a sign-in. */
  const deviceCookieOf = (response: LightMyRequestResponse) => {
    const header = response.headers['set-cookie'];
    const cookies = Array.isArray(header) ? header : [String(header)];
    return cookies.find((cookie) => cookie.startsWith('srhr_device='))?.split(';')[0];
  };
  /** Runs the calls at most `inFlight` at a time; their answers in order. */
  async function atMost<T>(inFlight: number, calls: (() => Promise<T>)[]): Promise<T[]> {
    const answers: T[] = [];
    for (let i = 0; i < calls.length; i += inFlight)
      answers.push(...(await Promise.all(calls.slice(i, i + inFlight).map((call) => call()))));
    return answers;
  }

  it('checks no more than 10 of 60 parallel wrong passwords from one address', async () => {
    const { email } = await addTestUser(platform, { password: 'owner-passphrase-1' });
    const before = passwordsChecked();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(email, `guess-${i}-wrong`, { from: '10.60.0.1' })),
    );
    expect(passwordsChecked() - before).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(10);
    for (const answer of answers) expect([401, 429]).toContain(answer.statusCode);
  });

  it('checks no more than 10 of 200 wrong passwords from 25 addresses, 8 in flight', async () => {
    const { email } = await addTestUser(platform, { password: 'owner-passphrase-2' });
    const before = passwordsChecked();
    const answers = await atMost(
      8,
      Array.from(
        { length: 200 },
        (_, i) => () => signIn(email, `guess-${i}-wrong`, { from: `10.61.0.${i % 25}` }),
      ),
    );
    expect(passwordsChecked() - before).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(10);
  });

  it('load: 60 parallel and 300 distributed wrong passwords check at most 10; the owner signs in with the mailed code', async () => {
    const password = 'owner-passphrase-3';
    const { email, userId } = await addTestUser(platform, { password });
    const before = passwordsChecked();
    const parallel = Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(email, `parallel-${i}-wrong`, { from: '10.62.0.1' })),
    );
    const distributed = atMost(
      20,
      Array.from(
        { length: 300 },
        (_, i) => () =>
          signIn(email, `spread-${i}-wrong`, { from: `10.63.${Math.floor(i / 250)}.${i % 250}` }),
      ),
    );
    const answers = [...(await parallel), ...(await distributed)];
    expect(passwordsChecked() - before).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(10);
    // The rest were refused unchecked: the one address past its own limit, everyone past the account's.
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(350);
    expect(answers.filter((answer) => keyOf(answer) === 'auth.accountLocked').length).toBeGreaterThan(250);
    // The lock is logged once, with the account's id; each refused attempt as throttled.
    expect(lines.filter((line) => line.security === 'account-locked')).toEqual([
      expect.objectContaining({ userId }),
    ]);

    // The owner, on a computer new to the account and with the right password, is asked for the code.
    const asked = await signIn(email, password, { from: '10.64.0.1' });
    expect(asked.statusCode).toBe(429);
    expect(keyOf(asked)).toBe('auth.accountLocked');
    expect(asked.json().message).toContain('mailed a code');
    const code = await waitFor(() => unlockCodeIn(email));
    // One code for the whole attack: further attempts do not outdate the one mailed.
    expect(mailsTo(email)).toHaveLength(1);

    // A guesser with a wrong code gets no password checked.
    const checked = passwordsChecked();
    const wrongCode = code === '000000' ? '000001' : '000000';
    const guess = await signIn(email, password, { from: '10.62.0.2', unlockCode: wrongCode });
    expect(guess.statusCode).toBe(400);
    expect(passwordsChecked()).toBe(checked);
    // The code with a mistyped password: refused, and the code still works.
    const mistyped = await signIn(email, 'owner-passphrase-x', { from: '10.64.0.1', unlockCode: code });
    expect(mistyped.statusCode).toBe(401);
    // The code works from any client, even the address the 60 guesses came from (a shared office).
    const unlocked = await signIn(email, password, { from: '10.62.0.1', unlockCode: code });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().idToken).toEqual(expect.any(String));
    expect(lines.filter((line) => line.security === 'account-unlocked')).toEqual([
      expect.objectContaining({ userId }),
    ]);
    // Spent; and the counts start afresh, so the next sign-in needs no code.
    expect((await signIn(email, password, { from: '10.64.0.1', unlockCode: code })).statusCode).toBe(200);
    expect((await signIn(email, password, { from: '10.64.0.3' })).statusCode).toBe(200);
  });

  it("lets the owner's trusted browser in while the account is locked, and bounds that browser's own guesses", async () => {
    const password = 'owner-passphrase-4';
    const { email } = await addTestUser(platform, { password });
    // The owner's browser signed in before: it keeps its device cookie.
    const first = await signIn(email, password, { from: '10.65.0.1', browser: true });
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^srhr_device=/);

    for (let i = 0; i < 30; i++) await signIn(email, `elsewhere-${i}`, { from: `10.66.0.${i}` });
    expect(keyOf(await signIn(email, password, { from: '10.66.1.1' }))).toBe('auth.accountLocked');

    // The owner at their own browser, on an address the guessers used too: in, no code, no wait.
    const owner = await signIn(email, password, { from: '10.66.0.1', cookie: device, browser: true });
    expect(owner.statusCode).toBe(200);
    // Signing in again there before a sensitive change works too; elsewhere it meets the lock.
    const reauth = (cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/reauth',
        payload: { password },
        headers: {
          authorization: `Bearer ${owner.json().idToken}`,
          'x-forwarded-for': '10.66.0.1',
          ...(cookie ? { cookie } : {}),
        },
      });
    expect((await reauth(device)).statusCode).toBe(200);
    expect(keyOf(await reauth())).toBe('auth.accountLocked');
    // A device cookie made up, or of a browser that never signed in here, is no key.
    const madeUp = await signIn(email, password, {
      from: '10.66.1.2',
      cookie: 'srhr_device=AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(keyOf(madeUp)).toBe('auth.accountLocked');
    const stranger = await signIn((await addTestUser(platform, { password })).email, password, {
      from: '10.66.1.3',
      browser: true,
    });
    const strangerDevice = deviceCookieOf(stranger)!;
    expect(keyOf(await signIn(email, password, { from: '10.66.1.3', cookie: strangerDevice }))).toBe(
      'auth.accountLocked',
    );

    // Someone else at the owner's browser: ten guesses, then that browser needs the code too.
    const before = passwordsChecked();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await signIn(email, `at-the-desk-${i}`, { from: '10.67.0.1', cookie: device })).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(passwordsChecked() - before).toBe(10);
    expect(keyOf(await signIn(email, password, { from: '10.67.0.1', cookie: device }))).toBe(
      'auth.accountLocked',
    );
  });

  it('locks an unknown address exactly as a known one, and mails nobody', async () => {
    const { email } = await addTestUser(platform, { password: 'owner-passphrase-5' });
    const unknown = `nobody-${kind}@example.org`;
    const attack = async (address: string, net: number) => {
      const answers: { status: number; body: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const answer = await signIn(address, `guess-${i}`, { from: `10.68.${net}.${i}` });
        answers.push({ status: answer.statusCode, body: answer.body });
      }
      return answers;
    };
    const known = await attack(email, 0);
    expect(await attack(unknown, 1)).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(mailsTo(unknown)).toEqual([]);
    // A guessed code is answered alike too.
    const withCode = async (address: string, net: number) => {
      const answer = await signIn(address, 'guess', { from: `10.68.${net}.99`, unlockCode: '123456' });
      return { status: answer.statusCode, body: answer.body };
    };
    expect(await withCode(unknown, 1)).toEqual(await withCode(email, 0));
  });
});
