import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openValue } from '../../events/personal-data';
import { readStream } from '../../events/store';
import { userStream } from '../../events/user/events';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { plain, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

/**
 * Two-step sign-in (docs/security.md#two-step-sign-in-totp): TOTP (RFC 6238) enrolled on the
 * profile with a QR code and ten recovery codes, asked at every sign-in once enrolled, each code
 * good once, guesses bounded per account; signing in again (password and code) before deleting
 * one's account or changing the factor; a mail to the owner whenever the factor changes; an
 * administrator's reset is an event in the person's history; REQUIRE_2FA_FOR_ROLES keeps role
 * holders from anything but enrolling until they have a factor. Codes are computed here from the
 * secret the server shows, as an app would.
 */

const PASSWORD = 'password-1234';

const totpOf = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
/** The app's code `steps` periods from now (the server accepts one either side). */
const codeAt = (secret: string, steps = 0) =>
  totpOf(secret).generate({ timestamp: Date.now() + steps * 30_000 });
/** `count` different six digits that no step near now gives. */
const wrongCodes = (secret: string, count: number) => {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, steps)));
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 1) {
    const code = String(123_457 + n * 7919).slice(-6);
    if (!near.has(code)) codes.push(code);
  }
  return codes;
};
const wrongCode = (secret: string) => wrongCodes(secret, 1)[0]!;

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

function client(app: () => FastifyInstance) {
  let ip = 0;
  /** Each caller its own address, so the per-address sign-in limits of one never touch another. */
  const fresh = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  const post = (url: string, payload: object, headers: Record<string, string> = {}, from = fresh()) =>
    app().inject({ method: 'POST', url, payload, headers, remoteAddress: from });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function trpc(token: string, procedure: string, input?: unknown, mutation = true) {
    const response: Injected = mutation
      ? await app().inject({
          method: 'POST',
          url: `/trpc/${procedure}`,
          payload: JSON.stringify(input ?? null),
          headers: { ...bearer(token), 'content-type': 'application/json' },
        })
      : await app().inject({
          url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: bearer(token),
        });
    const body = response.json();
    return body.error
      ? { ok: false as const, status: response.statusCode, key: body.error.data.key as string, data: null }
      : { ok: true as const, status: response.statusCode, key: null, data: body.result.data };
  }

  /** Signs in with the password (and, when asked, the code `second` gives); answers the ID token. */
  async function signIn(email: string, second?: { code?: string; recoveryCode?: string }) {
    const first = await post('/auth/sign-in', { email, password: PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    if (!second) {
      expect(first.json().secondFactor).toBeUndefined();
      return first.json().idToken as string;
    }
    expect(first.json()).toMatchObject({ secondFactor: 'required' });
    expect(first.json().idToken).toBeUndefined();
    const done = await post('/auth/sign-in/second-factor', { challenge: first.json().challenge, ...second });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().idToken as string;
  }

  async function reauth(token: string, input: { password?: string; code?: string; recoveryCode?: string }) {
    return post('/auth/reauth', { password: PASSWORD, ...input }, bearer(token));
  }

  /** Enrols through the API as the profile page does; answers the secret and the recovery codes. */
  async function enrol(token: string, second?: { code?: string }) {
    const proof = await reauth(token, second ?? {});
    expect(proof.statusCode, proof.body).toBe(200);
    const begun = await trpc(token, 'secondFactor.begin', { reauth: proof.json().reauth });
    expect(begun.ok, begun.key ?? '').toBe(true);
    const { secret } = begun.data as { secret: string };
    const confirmed = await trpc(token, 'secondFactor.confirm', { code: codeAt(secret) });
    expect(confirmed.ok, confirmed.key ?? '').toBe(true);
    return { secret, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes, begun };
  }

  return { post, bearer, trpc, signIn, reauth, enrol, fresh };
}

const mailTo = (sink: Sink, email: string, subject: string) =>
  sink.delivered.find((mail) => mail.to.includes(email) && plain(mail.message).includes(subject));

describe.each(databaseKinds)('two-step sign-in on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  const api = client(() => app);

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://127.0.0.1:3000' },
    });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  const typesOn = async (userId: string) =>
    (await readStream(platform.database.db, userStream(userId))).map((event) => event.type);

  it('enrols with a QR code and ten recovery codes, then asks for a code at every sign-in', async () => {
    const person = await addTestUser(platform, { name: 'Noor' });
    const token = await api.signIn(person.email);

    // Beginning asks for the password again: a proof, not the session alone.
    const bare = await api.trpc(token, 'secondFactor.begin', { reauth: 'not-a-proof' });
    expect(bare).toMatchObject({ ok: false, status: 403, key: 'auth.reauthRequired' });
    const wrong = await api.reauth(token, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().key).toBe('auth.wrongPassword');

    const { secret, recoveryCodes, begun } = await api.enrol(token);
    const shown = begun.data as { secret: string; uri: string; qrCode: string };
    expect(shown.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+.*/);
    expect(shown.uri).toContain(encodeURIComponent(person.email));
    expect(shown.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    expect(await typesOn(person.userId)).toContain('SecondFactorEnrolled');
    const status = await api.trpc(token, 'secondFactor.status', undefined, false);
    expect(status.data).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, required: false });
    await waitFor(() => mailTo(sink, person.email, 'Two-step sign-in is on for your account'));

    // The password alone no longer signs in: a challenge, no token and no cookie.
    const first = await api.post(
      '/auth/sign-in',
      { email: person.email, password: PASSWORD },
      { 'x-session': 'cookie' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactor: 'required', challenge: expect.any(String), expiresIn: 300 });
    expect(first.headers['set-cookie']).toBeUndefined();
    // The challenge is nothing else: not an ID token, not a proof of signing in again.
    expect((await api.trpc(first.json().challenge, 'user.me', undefined, false)).data).toBeNull();
    expect(await api.trpc(token, 'secondFactor.begin', { reauth: first.json().challenge })).toMatchObject({
      key: 'auth.reauthRequired',
    });

    const challenge = first.json().challenge as string;
    const refused = await api.post('/auth/sign-in/second-factor', { challenge, code: wrongCode(secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().key).toBe('secondFactor.wrongCode');
    const forged = await api.post('/auth/sign-in/second-factor', {
      challenge: `${challenge}x`,
      code: codeAt(secret, 1),
    });
    expect(forged.json().key).toBe('secondFactor.challengeExpired');

    // The next step's code signs in; the same code again is refused (RFC 6238, 5.2).
    const next = codeAt(secret, 1);
    const signedIn = await api.post('/auth/sign-in/second-factor', { challenge, code: next });
    expect(signedIn.statusCode).toBe(200);
    const idToken = signedIn.json().idToken as string;
    expect((await api.trpc(idToken, 'user.me', undefined, false)).data).toMatchObject({
      email: person.email,
    });
    const replayed = await api.post('/auth/sign-in/second-factor', { challenge, code: next });
    expect(replayed.statusCode).toBe(401);
    // An older code than the last one used is spent too.
    expect(
      (await api.post('/auth/sign-in/second-factor', { challenge, code: codeAt(secret) })).statusCode,
    ).toBe(401);

    // A recovery code signs in once, typed in any case and without its hyphens.
    const recovery = recoveryCodes[3]!;
    const typed = recovery.replace(/-/g, '').toUpperCase();
    await api.signIn(person.email, { recoveryCode: typed });
    const again = await api.post('/auth/sign-in', { email: person.email, password: PASSWORD });
    const spent = await api.post('/auth/sign-in/second-factor', {
      challenge: again.json().challenge,
      recoveryCode: recovery,
    });
    expect(spent.statusCode).toBe(401);
    expect((await api.trpc(idToken, 'secondFactor.status', undefined, false)).data).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('refuses the same code sent twice at once but once', async () => {
    const person = await addTestUser(platform);
    const { secret } = await api.enrol(await api.signIn(person.email));
    const first = await api.post('/auth/sign-in', { email: person.email, password: PASSWORD });
    const code = codeAt(secret, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post('/auth/sign-in/second-factor', { challenge: first.json().challenge, code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('bounds the codes tried per account, from every address together, parallel ones included', async () => {
    const person = await addTestUser(platform);
    const { secret } = await api.enrol(await api.signIn(person.email));
    const first = await api.post('/auth/sign-in', { email: person.email, password: PASSWORD });
    const challenge = first.json().challenge as string;
    const guesses = await Promise.all(
      wrongCodes(secret, 16).map((code) =>
        api.post('/auth/sign-in/second-factor', { challenge, code }, {}, api.fresh()),
      ),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    // At most ten were checked; the rest were refused before any check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Even the right code waits out the window now.
    const right = await api.post('/auth/sign-in/second-factor', { challenge, code: codeAt(secret, 1) });
    expect(right.statusCode).toBe(429);
  });

  it('deletes one’s own account only after signing in again with password and code', async () => {
    const person = await addTestUser(platform, { name: 'Leaving' });
    const token = await api.signIn(person.email);
    // Without a second factor: the password alone proves it.
    const refused = await api.trpc(token, 'user.deleteMe', { reauth: 'nothing' });
    expect(refused).toMatchObject({ ok: false, status: 403, key: 'auth.reauthRequired' });
    expect((await api.trpc(token, 'user.deleteMe', {})).status).toBe(400);

    const { secret, recoveryCodes } = await api.enrol(token);
    const sealed = await platform.database.db
      .selectFrom('second_factors' as never)
      .select('secret' as never)
      .where('user_id' as never, '=', person.userId as never)
      .executeTakeFirstOrThrow();
    expect(await openValue(platform.database.db, person.userId, (sealed as { secret: string }).secret)).toBe(
      secret.replace(/\s/g, ''),
    );

    // Enrolled: the password alone is not enough to sign in again.
    const passwordOnly = await api.reauth(token, {});
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().key).toBe('secondFactor.codeRequired');
    const proof = (await api.reauth(token, { code: codeAt(secret, 1) })).json().reauth as string;

    // Someone else's proof does not erase this account, nor this proof another.
    const other = await addTestUser(platform);
    const otherToken = await api.signIn(other.email);
    expect(await api.trpc(otherToken, 'user.deleteMe', { reauth: proof })).toMatchObject({
      key: 'auth.reauthRequired',
    });
    // A proof belongs to the session it was given in.
    const secondSession = await api.signIn(person.email, { recoveryCode: recoveryCodes[0] });
    expect(await api.trpc(secondSession, 'user.deleteMe', { reauth: proof })).toMatchObject({
      key: 'auth.reauthRequired',
    });

    const deleted = await api.trpc(token, 'user.deleteMe', { reauth: proof });
    expect(deleted).toMatchObject({ ok: true });
    expect(await typesOn(person.userId)).toContain('UserDeleted');
    // The secret is gone, and the copy read before can no longer be opened: the key is shredded.
    const left = await platform.database.db
      .selectFrom('second_factors' as never)
      .select('user_id' as never)
      .where('user_id' as never, '=', person.userId as never)
      .execute();
    expect(left).toEqual([]);
    expect(
      await openValue(platform.database.db, person.userId, (sealed as { secret: string }).secret),
    ).toBeNull();
  });

  it('removes one’s own factor after signing in again with it, and mails the owner', async () => {
    const person = await addTestUser(platform);
    const token = await api.signIn(person.email);
    const { secret, recoveryCodes } = await api.enrol(token);
    expect(await api.trpc(token, 'secondFactor.remove', { reauth: 'nothing' })).toMatchObject({
      key: 'auth.reauthRequired',
    });
    // A recovery code signs in again as well as the app's code.
    const proof = (await api.reauth(token, { recoveryCode: recoveryCodes[0] })).json().reauth as string;
    expect(await api.trpc(token, 'secondFactor.remove', { reauth: proof })).toMatchObject({ ok: true });
    expect(await typesOn(person.userId)).toContain('SecondFactorRemoved');
    await waitFor(() => mailTo(sink, person.email, 'Two-step sign-in is off for your account'));
    // The password alone signs in again; the old codes are worth nothing.
    await api.signIn(person.email);
    expect(secret).toBeTruthy();
  });

  it('lets an administrator reset someone’s factor: an event in their history and a mail', async () => {
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const adminToken = await api.signIn(admin.email);
    const person = await addTestUser(platform, { name: 'Lost Phone' });
    await api.enrol(await api.signIn(person.email));

    const participant = await addTestUser(platform);
    const participantToken = await api.signIn(participant.email);
    expect(await api.trpc(participantToken, 'secondFactor.reset', { _id: person.userId })).toMatchObject({
      status: 403,
    });
    expect(await api.trpc(adminToken, 'secondFactor.reset', { _id: admin.userId })).toMatchObject({
      key: 'secondFactor.resetOwn',
    });
    expect((await api.trpc(adminToken, 'secondFactor.ofUser', { _id: person.userId }, false)).data).toEqual({
      enrolled: true,
    });

    expect(await api.trpc(adminToken, 'secondFactor.reset', { _id: person.userId })).toMatchObject({
      ok: true,
    });
    const events = await readStream(platform.database.db, userStream(person.userId));
    const reset = events.find((event) => event.type === 'SecondFactorReset')!;
    expect(reset.meta.actorId).toBe(admin.userId);
    const history = await api.trpc(adminToken, 'user.history', { _id: person.userId }, false);
    expect((history.data as { type: string }[]).map((entry) => entry.type)).toContain('SecondFactorReset');
    await waitFor(() => mailTo(sink, person.email, 'An administrator reset your two-step sign-in'));
    expect(await api.trpc(adminToken, 'secondFactor.reset', { _id: person.userId })).toMatchObject({
      key: 'secondFactor.none',
    });
    // Signing in asks for the password alone again.
    await api.signIn(person.email);
  });

  it('lets only an administrator reset an administrator’s factor', async () => {
    const manager = await addTestUser(platform, { roles: ['admin'] });
    const managerToken = await api.signIn(manager.email);
    const role = await api.trpc(managerToken, 'role.create', {
      name: 'user-manager',
      actions: { manage_users: true },
    });
    expect(role.ok).toBe(true);
    const userManager = await addTestUser(platform, { roles: ['user-manager'] });
    const admin = await addTestUser(platform, { roles: ['admin'] });
    await api.enrol(await api.signIn(admin.email));
    const refused = await api.trpc(await api.signIn(userManager.email), 'secondFactor.reset', {
      _id: admin.userId,
    });
    expect(refused).toMatchObject({ status: 403, key: 'user.adminOnly' });
    expect(await typesOn(admin.userId)).not.toContain('SecondFactorReset');
  });
});

describe.each(databaseKinds)('REQUIRE_2FA_FOR_ROLES on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const api = client(() => app);

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { REQUIRE_2FA_FOR_ROLES: 'admin' } });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('keeps an administrator without a factor from everything but enrolling', async () => {
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const token = await api.signIn(admin.email);

    const me = await api.trpc(token, 'user.me', undefined, false);
    expect(me.data).toMatchObject({ email: admin.email, roles: [], mustEnrolSecondFactor: true });
    expect(Object.values((me.data as { rules: Record<string, boolean> }).rules).some(Boolean)).toBe(false);
    expect(await api.trpc(token, 'user.list', { search: 'Person' }, false)).toMatchObject({
      status: 403,
      key: 'secondFactor.enrolFirst',
    });
    expect(
      await api.trpc(token, 'course.create', { course: { name: 'Before enrolling', language: 'en' } }),
    ).toMatchObject({ ok: false });
    // Other transports see nobody: the users CSV and GraphQL refuse as for a visitor.
    const csv = await app.inject({ url: '/api/users.csv', headers: api.bearer(token) });
    expect(csv.statusCode).toBe(401);
    const graphql = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...api.bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ usersCSV }' }),
    });
    expect(JSON.stringify(graphql.json())).not.toContain(admin.email);

    expect((await api.trpc(token, 'secondFactor.status', undefined, false)).data).toMatchObject({
      enrolled: false,
      required: true,
    });
    const { secret } = await api.enrol(token);
    const after = await api.trpc(token, 'user.me', undefined, false);
    expect(after.data).toMatchObject({ roles: ['admin'], mustEnrolSecondFactor: false });
    expect((await api.trpc(token, 'user.list', { search: 'Person' }, false)).ok).toBe(true);
    // From now on a sign-in asks for the code.
    await api.signIn(admin.email, { code: codeAt(secret, 1) });
  });

  it('asks nothing of an account without a role, and catches a role given while signed in', async () => {
    const person = await addTestUser(platform);
    const token = await api.signIn(person.email);
    expect((await api.trpc(token, 'user.me', undefined, false)).data).toMatchObject({
      mustEnrolSecondFactor: false,
    });
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const adminToken = await api.signIn(admin.email);
    await api.enrol(adminToken);
    expect(
      await api.trpc(adminToken, 'user.setRoles', { _id: person.userId, roles: ['admin'] }),
    ).toMatchObject({
      ok: true,
    });
    // Granting a role raises no credential version, yet the next request already asks to enrol.
    expect((await api.trpc(token, 'user.me', undefined, false)).data).toMatchObject({
      mustEnrolSecondFactor: true,
    });
  });
});
