import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { codeIn, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';

describe.each(databaseKinds)('sign-up, verification, sign-in and reset on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  let ip = 1;

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  // Each test comes from its own address, so the per-IP limits of one do not touch another.
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.0.0.${ip}` });

  it('takes a newcomer from sign-up to a signed-in session, with the code from a real mail', async () => {
    ip = 1;
    const email = 'newcomer@example.org';
    const signUp = await post(
      '/auth/sign-up',
      { name: 'Amina', email: 'NewComer@Example.org', password: 'long-enough', profession: 'nurse' },
      { 'accept-language': 'fr' },
    );
    expect(signUp.statusCode).toBe(200);

    const early = await post('/auth/sign-in', { email, password: 'long-enough' });
    expect(early.statusCode).toBe(403);

    const code = await waitFor(() => codeIn(sink, email));
    const mail = sink.delivered.find((m) => m.to.includes(email))!;
    // Greeted by the address, not by the name typed at sign-up: until the code comes back, that
    // name may be a stranger's words to someone else's mailbox.
    expect(mail.message).toContain('Bonjour newcomer,');
    expect(mail.message).not.toContain('Amina');

    expect(
      (await post('/auth/verify', { email, code: code === '000000' ? '111111' : '000000' })).statusCode,
    ).toBe(400);
    const verified = await post('/auth/verify', { email, code });
    expect(verified.statusCode).toBe(200);
    expect((await post('/auth/verify', { email, code })).statusCode).toBe(400);

    const signIn = await post('/auth/sign-in', { email, password: 'long-enough' }, { 'x-session': 'cookie' });
    expect(signIn.statusCode).toBe(200);
    const { idToken, expiresIn } = signIn.json();
    expect(expiresIn).toBeGreaterThan(0);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^srhr_refresh=.+/);
    expect(String(signIn.headers['set-cookie'])).toContain('HttpOnly');

    const me = await app.inject({ url: '/trpc/user.me', headers: { authorization: `Bearer ${idToken}` } });
    expect(me.json().result.data).toMatchObject({
      email,
      name: 'Amina',
      profession: 'nurse',
      language: 'fr',
      roles: [],
    });
    const bare = await app.inject({ url: '/trpc/user.me', headers: { authorization: idToken } });
    expect(bare.json().result.data.email).toBe(email);

    const refreshed = await post('/auth/refresh', {}, { cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().idToken).toBeTruthy();
    const rotated = String(refreshed.headers['set-cookie']).split(';')[0]!;
    // The old refresh token was swapped for a new one and no longer works.
    expect((await post('/auth/refresh', {}, { cookie })).statusCode).toBe(401);
    expect((await post('/auth/sign-out', {}, { cookie: rotated })).statusCode).toBe(200);
    expect((await post('/auth/refresh', {}, { cookie: rotated })).statusCode).toBe(401);

    const anonymous = await app.inject({ url: '/trpc/user.me' });
    expect(anonymous.json().result.data).toBeNull();

    // Passwords never reach the log.
    const events = await readAll(platform.database.db, 0, 10_000);
    expect(JSON.stringify(events)).not.toContain('long-enough');
  });

  it('resets a password by mailed code, without telling whether an address exists', async () => {
    ip = 2;
    const email = 'forgetful@example.org';
    await post('/auth/sign-up', { name: 'Jo', email, password: 'first-password' });
    await post('/auth/verify', { email, code: await waitFor(() => codeIn(sink, email)) });
    const signedIn = await post(
      '/auth/sign-in',
      { email, password: 'first-password' },
      { 'x-session': 'cookie' },
    );
    const earlier = { authorization: `Bearer ${signedIn.json().idToken}` };
    expect((await app.inject({ url: '/trpc/user.me', headers: earlier })).json().result.data.email).toBe(
      email,
    );
    const before = sink.delivered.length;

    const known = await post('/auth/forgot', { email });
    const unknown = await post('/auth/forgot', { email: 'nobody@example.org' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    await waitFor(() => (sink.delivered.length > before ? true : undefined));
    const code = await waitFor(() => codeIn(sink, email));
    const reset = await post('/auth/reset', { email, code, password: 'second-password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/auth/sign-in', { email, password: 'first-password' })).statusCode).toBe(401);
    expect((await post('/auth/sign-in', { email, password: 'second-password' })).statusCode).toBe(200);
    // The reset ends what the old password opened: ID tokens issued before it, and sessions.
    expect((await app.inject({ url: '/trpc/user.me', headers: earlier })).json().result.data).toBeNull();
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect((await post('/auth/refresh', {}, { cookie })).statusCode).toBe(401);
  });

  it('answers bad input with a clear 4xx message and writes nothing', async () => {
    ip = 3;
    const before = (await readAll(platform.database.db, 0, 100_000)).length;
    const cases: [string, object, number][] = [
      ['/auth/sign-up', { name: '', email: 'not-an-address', password: 'short' }, 400],
      [
        '/auth/sign-up',
        { name: 'X', email: 'x@example.org', password: 'long-enough', phone: 'call me' },
        400,
      ],
      ['/auth/verify', { email: 'x@example.org', code: 'abc' }, 400],
      ['/auth/sign-in', { email: 'nobody@example.org', password: 'whatever-1' }, 401],
      ['/auth/sign-in', {}, 400],
      ['/auth/reset', { email: 'x@example.org', code: '123456', password: 'short' }, 400],
      ['/auth/forgot', { email: 42 }, 400],
    ];
    for (const [url, payload, status] of cases) {
      const response = await post(url, payload, { 'accept-language': 'nl' });
      expect(response.statusCode, url).toBe(status);
      expect(typeof response.json().message, url).toBe('string');
      expect(response.body).not.toMatch(/stack|select |insert /i);
    }
    const short = await post(
      '/auth/sign-up',
      { name: 'X', email: 'x@example.org', password: 'short' },
      { 'accept-language': 'nl' },
    );
    expect(short.json().fields).toContainEqual({
      path: 'password',
      key: 'validation.passwordTooShort',
      message: 'Het wachtwoord moet minstens 8 tekens hebben.',
    });
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(before);
  });

  it('limits sign-in attempts per e-mail address', async () => {
    ip = 4;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (await post('/auth/sign-in', { email: 'target@example.org', password: 'guess-1234' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('counts only failed sign-ins: someone who knows the password signs in as often as needed', async () => {
    ip = 5;
    const email = 'newcomer@example.org';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await post('/auth/sign-in', { email, password: 'long-enough' })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
