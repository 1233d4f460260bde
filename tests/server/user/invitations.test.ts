import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { plain, type Sink, startSmtpSink, waitFor } from '../../support/smtp-sink';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * Invitations (docs/guide/users-and-roles.md): an account an administrator makes or imports gets a
 * mail in its language with a sign-up link, good for INVITATION_TTL_DAYS and once, that sets the
 * password and signs in; a spent link says so and a new one can be asked.
 */
describe.each(databaseKinds)('invitations on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  const tokens: Record<'admin' | 'other', string> = { admin: '', other: '' };
  const { as } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://learn.example.org', INVITATION_TTL_DAYS: '3' },
    });
    app = await buildApp(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.other = (await addTestUser(platform)).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  let client = 0;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: `10.55.0.${++client}` });
  /** The mail's text, its quoted-printable bytes read as UTF-8 (names and French words). */
  const text = (message: string) => Buffer.from(plain(message), 'latin1').toString('utf8');
  const invitationTo = (email: string) =>
    waitFor(() => {
      const mail = [...sink.delivered].reverse().find((m) => m.to.includes(email));
      return mail ? text(mail.message) : undefined;
    });
  const linkIn = (mail: string) => mail.match(/https:\/\/learn\.example\.org\/invitation#([\w-]+)/)?.[1];

  it('mails an imported person a link in their language that sets the password and signs in, once', async () => {
    const email = `invited-${kind}@example.org`;
    await as('admin', 'user.import', { text: `naam;e-mail;taal\nInès Invited;${email};fr\n` });
    const mail = await invitationTo(email);
    expect(mail).toContain('Bonjour Inès Invited,');
    expect(mail).toContain('pendant 3 jours');
    expect(mail).not.toMatch(/mot de passe oublié|forgot/i);
    const token = linkIn(mail)!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await platform.database.db.selectFrom('auth_codes').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await post('/auth/invitation', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    const accepted = await post('/auth/invitation', { token, password: 'a-long-passphrase' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().idToken).toEqual(expect.any(String));
    const me = await app.inject({
      url: '/trpc/user.me',
      headers: { authorization: `Bearer ${accepted.json().idToken}` },
    });
    expect(me.json().result.data).toMatchObject({ email, verified: true });
    // The password works on the sign-in form too.
    expect((await post('/auth/sign-in', { email, password: 'a-long-passphrase' })).statusCode).toBe(200);

    const again = await post('/auth/invitation', { token, password: 'another-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ key: 'auth.invitationSpent' });
    // No new link for an account that has its password.
    const links = () => sink.delivered.filter((m) => m.to.includes(email) && linkIn(text(m.message))).length;
    const before = links();
    expect((await post('/auth/invitation/resend', { email })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(links()).toBe(before);
  });

  it('refuses an expired link with a way to ask a new one, which replaces it', async () => {
    const email = `expired-${kind}@example.org`;
    await as('admin', 'user.create', { name: 'Eli Expired', email, language: 'en' });
    const first = linkIn(await invitationTo(email))!;
    await platform.database.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'invitation')
      .execute();
    const expired = await post('/auth/invitation', { token: first, password: 'a-long-passphrase' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired or was already used.*Ask for a new one/);

    const count = sink.delivered.length;
    expect((await post('/auth/invitation/resend', { email })).statusCode).toBe(200);
    // Unknown addresses get the same answer and no mail.
    expect((await post('/auth/invitation/resend', { email: `nobody-${kind}@example.org` })).statusCode).toBe(
      200,
    );
    const second = await waitFor(() => {
      const mails = sink.delivered.slice(count).filter((m) => m.to.includes(email));
      return mails.length > 0 ? linkIn(plain(mails[0]!.message)) : undefined;
    });
    expect(second).not.toBe(first);
    expect(
      (await post('/auth/invitation', { token: second, password: 'a-long-passphrase' })).statusCode,
    ).toBe(200);
  });

  it('lets only who manages users send an invitation again, and that one replaces the earlier link', async () => {
    const email = `resent-${kind}@example.org`;
    const { _id } = await as<{ _id: string }>('admin', 'user.create', {
      name: 'Ray Resent',
      email,
      language: 'nl',
    });
    const first = linkIn(await invitationTo(email))!;
    expect(await invitationTo(email)).toContain('Hallo Ray Resent,');
    const refusedCall = await app.inject({
      method: 'POST',
      url: '/trpc/user.resendInvite',
      payload: { _id },
      headers: { authorization: `Bearer ${tokens.other}` },
    });
    expect(refusedCall.json().error.data.code).toBe('FORBIDDEN');
    const count = sink.delivered.length;
    await as('admin', 'user.resendInvite', { _id });
    const second = await waitFor(() => {
      const mails = sink.delivered.slice(count).filter((m) => m.to.includes(email));
      return mails.length > 0 ? linkIn(plain(mails[0]!.message)) : undefined;
    });
    expect((await post('/auth/invitation', { token: first, password: 'a-long-passphrase' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/auth/invitation', { token: second, password: 'a-long-passphrase' })).statusCode,
    ).toBe(200);
  });
});
