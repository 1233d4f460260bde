import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../projections/user/users';
import { buildApp } from '../../server/app';
import { issueCode, MAX_CODE_ATTEMPTS } from '../../server/auth/codes';
import type { PrivateTables } from '../../server/auth/private-tables';
import { STEADY_ANSWER_MS } from '../../server/auth/routes';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

/**
 * Authentication to ASVS L2 (docs/security.md#authentication): answers that do not tell known
 * addresses from unknown ones, throttling a guesser cannot turn against the owner's own browser,
 * refresh-token reuse, codes counted atomically.
 */
describe.each(databaseKinds)('authentication hardening on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let client = 0;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Every call from a client address of its own unless told, so per-client limits stay apart. */
  const post = (url: string, payload: object, headers: Record<string, string> = {}, from?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers,
      remoteAddress: from ?? `10.15.${Math.floor(++client / 250)}.${client % 250}`,
    });
  const codes = () => platform.database.db as unknown as Kysely<PrivateTables>;
  const answerOf = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.body,
  });

  /** A signed-up (not yet verified) account with a reset or verification code we know. */
  async function signedUp(email: string) {
    expect(
      (await post('/auth/sign-up', { name: 'Known', email, password: 'a-long-passphrase' })).statusCode,
    ).toBe(200);
    return (await findUserIdByEmail(platform.database.db, email))!;
  }

  it('answers verify and reset for an unknown address exactly as for a known one', async () => {
    const known = `known-${kind}@example.org`;
    const userId = await signedUp(known);
    const unknown = `unknown-${kind}@example.org`;
    const wrong = { code: '000000' };
    const answers = async (url: string, extra: object = {}) => {
      // A known address with a pending code, one without any code, and an unknown address.
      await issueCode(platform.database.db, userId, url === '/auth/verify' ? 'verify' : 'reset', new Date());
      const withCode = await post(url, { email: known, ...wrong, ...extra });
      await codes().deleteFrom('auth_codes').where('user_id', '=', userId).execute();
      const withoutCode = await post(url, { email: known, ...wrong, ...extra });
      const nobody = await post(url, { email: unknown, ...wrong, ...extra });
      return [withCode, withoutCode, nobody].map(answerOf);
    };
    for (const [url, extra] of [
      ['/auth/verify', {}],
      ['/auth/reset', { password: 'another-long-one' }],
    ] as const) {
      const [withCode, withoutCode, nobody] = await answers(url, extra);
      expect(withCode!.status, url).toBe(400);
      expect(withoutCode, url).toEqual(withCode);
      expect(nobody, url).toEqual(withCode);
    }
    // resend and forgot answer alike too (they always did; kept here beside the others).
    for (const url of ['/auth/resend', '/auth/forgot']) {
      expect(answerOf(await post(url, { email: unknown })), url).toEqual(
        answerOf(await post(url, { email: known })),
      );
    }
    const signUpAgain = await post('/auth/sign-up', {
      name: 'Known',
      email: known,
      password: 'a-long-passphrase',
    });
    const signUpNew = await post('/auth/sign-up', {
      name: 'New',
      email: `new-${kind}@example.org`,
      password: 'a-long-passphrase',
    });
    expect(answerOf(signUpAgain)).toEqual(answerOf(signUpNew));
  });

  it('takes as long to sign up, or ask a reset, for a known address as for an unknown one', async () => {
    const rounds = 15;
    const known: string[] = [];
    for (let i = 0; i < rounds; i++) known.push((await addTestUser(platform)).email);
    const timed = async (url: string, payload: object) => {
      const started = performance.now();
      const response = await post(url, payload);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const url of ['/auth/sign-up', '/auth/forgot']) {
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      // The two of a pair at once, so a burst of load on the machine falls on both (and a round
      // waits one steady answer, not two); which goes in first alternates, so neither side always
      // queues behind the other.
      for (let i = 0; i < rounds; i++) {
        const body = { name: 'Timed', password: 'a-long-passphrase' };
        const knownCall = () => timed(url, { ...body, email: known[i]! });
        const unknownCall = () =>
          timed(url, { ...body, email: `timed-${i}-${url.slice(6)}-${kind}@example.org` });
        const [knownTime, unknownTime] =
          i % 2 === 0
            ? await Promise.all([knownCall(), unknownCall()])
            : (await Promise.all([unknownCall(), knownCall()])).reverse();
        knownMs.push(knownTime!);
        unknownMs.push(unknownTime!);
      }
      // Before: sign-up took 14–44 ms for a known address against 123–239 ms for a new one, so the
      // new one was slower in every pair. A leak is one side slower in (nearly) every pair by a
      // clear margin; bursts of load on a busy machine slow single requests on either side, so
      // neither a ratio of medians nor a single slow pair decides (the chance that 13 of 15 pairs
      // lean one way by luck is under 1 %).
      const differences = unknownMs.map((unknown, i) => unknown - knownMs[i]!);
      const unknownSlower = differences.filter((difference) => difference > 0).length;
      const leaning = Math.max(unknownSlower, rounds - unknownSlower);
      const seen = `${url}: known ${knownMs.map(Math.round)}, unknown ${unknownMs.map(Math.round)}`;
      expect(leaning >= 13 && Math.abs(median(differences)) >= 60, seen).toBe(false);
      expect(Math.min(...knownMs, ...unknownMs), seen).toBeGreaterThanOrEqual(STEADY_ANSWER_MS - 5);
    }
  });

  it('counts parallel wrong codes atomically: after the limit even the right code is spent', async () => {
    const email = `parallel-${kind}@example.org`;
    const userId = await signedUp(email);
    const code = await issueCode(platform.database.db, userId, 'verify', new Date());
    const wrong = code === '999999' ? '888888' : '999999';
    // Nine tries at once (the tenth call, the right code, stays under the per-address limit of 10).
    const tries = await Promise.all(
      Array.from({ length: 9 }, () => post('/auth/verify', { email, code: wrong })),
    );
    expect(tries.map((t) => t.statusCode)).toEqual(Array(9).fill(400));
    const row = await codes()
      .selectFrom('auth_codes')
      .select('attempts')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    const right = await post('/auth/verify', { email, code });
    expect(answerOf(right)).toEqual(answerOf(tries[0]!));
  });

  it("does not let a guesser elsewhere lock the owner's browser out; the guesser is stopped", async () => {
    const { email } = await addTestUser(platform, { password: 'owner-passphrase-1' });
    // The owner's browser signed in before, and keeps its device cookie (docs/security.md#lockout).
    const browser = await post(
      '/auth/sign-in',
      { email, password: 'owner-passphrase-1' },
      { 'x-session': 'cookie' },
    );
    const device = [browser.headers['set-cookie']]
      .flat()
      .map(String)
      .find((cookie) => cookie.startsWith('srhr_device='))!
      .split(';')[0]!;
    const attacker = '10.66.0.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (await post('/auth/sign-in', { email, password: `guess-${attempt}-x` }, {}, attacker)).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The guesser's door is shut even for the right password; the owner's, elsewhere, is not.
    expect(
      (await post('/auth/sign-in', { email, password: 'owner-passphrase-1' }, {}, attacker)).statusCode,
    ).toBe(429);
    expect(
      (
        await post(
          '/auth/sign-in',
          { email, password: 'owner-passphrase-1' },
          { cookie: device },
          '10.77.0.1',
        )
      ).statusCode,
    ).toBe(200);
  });

  it("does not let a stranger's wrong codes keep the owner from verifying", async () => {
    const email = `guessed-${kind}@example.org`;
    const userId = await signedUp(email);
    const stranger = '10.66.1.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await post('/auth/verify', { email, code: '000000' }, {}, stranger)).statusCode);
    }
    expect(statuses.slice(-1)).toEqual([429]);
    // The owner's code died with the guesses; a new one from elsewhere works at once.
    const code = await issueCode(platform.database.db, userId, 'verify', new Date());
    expect((await post('/auth/verify', { email, code }, {}, '10.77.1.1')).statusCode).toBe(200);
  });

  it('refuses common passwords at sign-up and reset, with a translated field message', async () => {
    for (const password of ['password', '12345678', 'Baseball']) {
      const signUp = await post(
        '/auth/sign-up',
        { name: 'Weak', email: `weak-${kind}@example.org`, password },
        { 'accept-language': 'en' },
      );
      expect(signUp.statusCode, password).toBe(400);
      expect(signUp.json().fields, password).toEqual([
        {
          path: 'password',
          key: 'validation.passwordCommon',
          message: expect.stringContaining('most used'),
        },
      ]);
      const reset = await post('/auth/reset', {
        email: `weak-${kind}@example.org`,
        code: '123456',
        password,
      });
      expect(reset.json().fields?.[0]?.key, password).toBe('validation.passwordCommon');
    }
    expect(await findUserIdByEmail(platform.database.db, `weak-${kind}@example.org`)).toBeNull();
  });

  it('ends the whole session family when a rotated refresh token is replayed', async () => {
    const { email } = await addTestUser(platform, { password: 'owner-passphrase-3' });
    const cookieOf = (response: LightMyRequestResponse) =>
      String(response.headers['set-cookie']).split(';')[0]!;
    const signIn = await post(
      '/auth/sign-in',
      { email, password: 'owner-passphrase-3' },
      { 'x-session': 'cookie' },
    );
    const first = cookieOf(signIn);
    const second = await post('/auth/refresh', {}, { cookie: first });
    expect(second.statusCode).toBe(200);
    const current = cookieOf(second);
    const third = await post('/auth/refresh', {}, { cookie: current });
    expect(third.statusCode).toBe(200);
    const latest = cookieOf(third);

    // Someone replays the first token (stolen earlier): refused, and the owner's session ends too.
    expect((await post('/auth/refresh', {}, { cookie: first })).statusCode).toBe(401);
    expect((await post('/auth/refresh', {}, { cookie: latest })).statusCode).toBe(401);

    // Another sign-in (another family) is not touched by that.
    const other = cookieOf(
      await post('/auth/sign-in', { email, password: 'owner-passphrase-3' }, { 'x-session': 'cookie' }),
    );
    const again = cookieOf(
      await post('/auth/sign-in', { email, password: 'owner-passphrase-3' }, { 'x-session': 'cookie' }),
    );
    const rotated = await post('/auth/refresh', {}, { cookie: again });
    expect((await post('/auth/refresh', {}, { cookie: again })).statusCode).toBe(401);
    expect((await post('/auth/refresh', {}, { cookie: cookieOf(rotated) })).statusCode).toBe(401);
    expect((await post('/auth/refresh', {}, { cookie: other })).statusCode).toBe(200);
  });
});
