import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loggedUrl } from '../../server/plugins/request-log';
import { emptyClientRoot, graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { codeIn, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  statusCode?: number;
  userId?: string | null;
  security?: string;
  [field: string]: unknown;
}

describe('logged addresses', () => {
  it('keep the path and parameter names, and only harmless values', () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'jan.peeters@example.org' }));
    expect(loggedUrl(`/trpc/user.list?input=${input}`)).toBe('/trpc/user.list?input=[redacted]');
    expect(loggedUrl(`/trpc/user.list,user.me?batch=1&input=${input}`)).toBe(
      '/trpc/user.list,user.me?batch=1&input=[redacted]',
    );
    expect(
      loggedUrl(
        '/graphql?query=%7B%20users(search%3A%22jan%22)%20%7B%20name%20%7D%20%7D&operationName=Users',
      ),
    ).toBe('/graphql?query=[redacted]&operationName=Users');
    expect(
      loggedUrl('/xapi/statements?agent=%7B%22mbox%22%3A%22mailto%3Ajan%40example.org%22%7D&limit=5'),
    ).toBe('/xapi/statements?agent=[redacted]&limit=5');
    expect(loggedUrl('/api/results/module.csv?after=2026-01-01&before=jan%40example.org')).toBe(
      '/api/results/module.csv?after=2026-01-01&before=[redacted]',
    );
    expect(loggedUrl('/search?jan%40example.org')).toBe('/search?[redacted]');
    expect(loggedUrl('/trpc/tenant.get')).toBe('/trpc/tenant.get');
  });
});

/**
 * Logs an investigator can use: every request line names its request id and its actor, no address
 * in the log carries a search or a tRPC input, and sign-in failures, throttling, revoked sessions
 * and exports of personal data are security events naming the account (never its password or
 * e-mail address).
 */
describe.each(databaseKinds)('security log on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  const lines: Line[] = [];
  let text = '';
  const email = 'lena.learner@example.org';
  const password = 'correct-horse-battery';
  let learner: { userId: string; token: string };
  let admin: { userId: string; token: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        text += String(chunk);
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
        callback();
      },
    });
    app = await buildApp(
      { ...platform, log: pino({ level: 'info' }, stream) },
      { clientRoot: emptyClientRoot() },
    );
    learner = await addTestUser(platform, { name: 'Lena Learner', email, password });
    admin = await addTestUser(platform, { roles: ['admin'], name: 'Ada Admin' });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });
  beforeEach(() => {
    lines.length = 0;
    text = '';
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The request's one line, written once its answer has gone (after its actor is settled). */
  const requestLine = async (reqId: string) => {
    const done = () => lines.filter((line) => line.reqId === reqId && line.msg === 'request completed');
    await waitFor(() => (done().length > 0 ? true : undefined), 5000);
    expect(done(), reqId).toHaveLength(1);
    return done()[0]!;
  };
  const events = (kind: string) => lines.filter((line) => line.security === kind);
  const signIn = (address: string, secret: string, remoteAddress: string, id?: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: address, password: secret },
      remoteAddress,
      headers: id ? { 'x-request-id': id } : {},
    });

  it('names the actor and the request id on every request line', async () => {
    const asLearner = bearer(learner.token);
    const traffic = [
      { id: 'me', url: '/trpc/user.me', headers: asLearner, userId: learner.userId },
      { id: 'anonymous', url: '/trpc/tenant.get', headers: {}, userId: null },
      {
        id: 'graphql',
        method: 'POST' as const,
        url: '/graphql',
        payload: { query: '{ courses { path } }' },
        headers: bearer(admin.token),
        userId: admin.userId,
      },
      // Routes that never ask who is calling still name them.
      { id: 'file-with-token', url: '/no/such/file.js', headers: asLearner, userId: learner.userId },
      { id: 'users-csv', url: '/api/users.csv', headers: bearer(admin.token), userId: admin.userId },
    ];
    for (const request of traffic) {
      const { id, userId, ...rest } = request;
      await app.inject({ method: 'GET', ...rest, headers: { ...rest.headers, 'x-request-id': id } });
      expect((await requestLine(id)).userId, id).toBe(userId);
    }
    // A sign-in names the account it signed in.
    expect((await signIn(email, password, '10.1.0.1', 'sign-in')).statusCode).toBe(200);
    expect((await requestLine('sign-in')).userId).toBe(learner.userId);
  });

  it('keeps searches and tRPC input out of logged addresses', async () => {
    const search = encodeURIComponent(JSON.stringify({ search: email }));
    await app.inject({
      url: `/trpc/user.list?input=${search}`,
      headers: { ...bearer(admin.token), 'x-request-id': 'search' },
    });
    await app.inject({
      url: `/trpc/user.list,user.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { search: email } }))}`,
      headers: { ...bearer(admin.token), 'x-request-id': 'batch' },
    });
    expect(await requestLine('search')).toMatchObject({
      url: '/trpc/user.list?input=[redacted]',
      userId: admin.userId,
    });
    expect((await requestLine('batch')).url).toBe('/trpc/user.list,user.me?batch=1&input=[redacted]');
    expect(text).not.toContain('lena.learner');
    expect(text).not.toContain('lena%2Elearner');
  });

  it('logs a failed sign-in with the account it aimed at, or a digest of an unknown address', async () => {
    expect((await signIn(email, 'wrong-password', '10.1.0.2', 'wrong')).statusCode).toBe(401);
    const [failed] = events('sign-in-failed');
    expect(failed).toMatchObject({
      level: 30,
      msg: 'security event',
      reqId: 'wrong',
      userId: learner.userId,
      ip: '10.1.0.2',
    });
    expect(failed).not.toHaveProperty('addressDigest');

    await signIn('Nobody@Example.org', 'wrong-password', '10.1.0.2');
    await signIn('nobody@example.org', 'other-guess', '10.1.0.3');
    const unknown = events('sign-in-failed').slice(1);
    expect(unknown).toHaveLength(2);
    expect(unknown[0]).toMatchObject({
      userId: null,
      addressDigest: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(unknown[1]!.addressDigest).toBe(unknown[0]!.addressDigest);
    for (const secret of ['wrong-password', 'other-guess', 'nobody', 'lena.learner']) {
      expect(text.toLowerCase()).not.toContain(secret);
    }
  });

  it('logs the client that is throttled, naming the account', async () => {
    // An account of its own: the learner's earlier failure would lock it one guess sooner.
    const guessed = await addTestUser(platform, { password });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(guessed.email, `guess-${attempt}`, '10.1.0.4')).statusCode).toBe(401);
    }
    expect((await signIn(guessed.email, 'guess-10', '10.1.0.4', 'throttled')).statusCode).toBe(429);
    expect(events('sign-in-failed')).toHaveLength(10);
    expect(events('sign-in-throttled')).toEqual([
      expect.objectContaining({ level: 40, reqId: 'throttled', userId: guessed.userId, ip: '10.1.0.4' }),
    ]);
    expect(text).not.toContain('guess-');
  });

  it('logs the sessions a password reset ends', async () => {
    const person = await addTestUser(platform, { email: 'reset.me@example.org', password });
    await app.inject({ method: 'POST', url: '/auth/forgot', payload: { email: 'reset.me@example.org' } });
    const code = await waitFor(() => codeIn(sink, 'reset.me@example.org'));
    const reset = await app.inject({
      method: 'POST',
      url: '/auth/reset',
      payload: { email: 'reset.me@example.org', code, password: 'another-long-password' },
      headers: { 'x-request-id': 'reset' },
    });
    expect(reset.statusCode).toBe(200);
    expect(events('sessions-revoked')).toEqual([
      expect.objectContaining({ reqId: 'reset', userId: person.userId, reason: 'password-reset' }),
    ]);
    expect(text).not.toContain('reset.me');
    expect(text).not.toContain('another-long-password');
  });

  it('logs every export of personal data with whose data and who asked', async () => {
    await app.inject({
      url: `/trpc/user.myData?input=${encodeURIComponent(JSON.stringify({ format: 'json' }))}`,
      headers: { ...bearer(learner.token), 'x-request-id': 'my-data' },
    });
    await app.inject({
      method: 'POST',
      url: '/trpc/user.exportData',
      payload: { _id: learner.userId, format: 'html' },
      headers: { ...bearer(admin.token), 'x-request-id': 'subject-access' },
    });
    await app.inject({ url: '/api/users.csv', headers: { ...bearer(admin.token), 'x-request-id': 'csv' } });
    const csv = await graphql(app, '{ usersCSV }', {
      headers: { ...bearer(admin.token), 'x-request-id': 'gql-csv' },
    });
    expect(csv.errors).toBeUndefined();
    expect(events('personal-data-exported')).toEqual([
      expect.objectContaining({
        reqId: 'my-data',
        userId: learner.userId,
        actorId: learner.userId,
        scope: 'self',
      }),
      expect.objectContaining({
        reqId: 'subject-access',
        userId: learner.userId,
        actorId: admin.userId,
        scope: 'person',
        format: 'html',
      }),
      expect.objectContaining({ reqId: 'csv', userId: null, actorId: admin.userId, scope: 'all-users' }),
      expect.objectContaining({ reqId: 'gql-csv', userId: null, actorId: admin.userId, scope: 'all-users' }),
    ]);
  });
});
