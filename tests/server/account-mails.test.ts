import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailName } from '../../jobs/mail/send-mail';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { codeIn, plain, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

/**
 * Account hygiene in mails (docs/security.md#mails-about-the-account): the owner hears of a new
 * password, and a mail never carries a link or a stranger's words in the name it greets by.
 */
describe.each(databaseKinds)('account mails on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://learn.example.org' },
    });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  let client = 0;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: `10.44.0.${++client}` });
  const mailsTo = (email: string) =>
    sink.delivered.filter((mail) => mail.to.includes(email)).map((mail) => plain(mail.message));
  const mailWith = (email: string, phrase: string) =>
    waitFor(() => mailsTo(email).find((text) => text.includes(phrase)));

  it('tells the owner by mail when the password was changed', async () => {
    const { email } = await addTestUser(platform, { name: 'Pat Owner', password: 'first-passphrase' });
    expect((await post('/auth/forgot', { email })).statusCode).toBe(200);
    const code = await waitFor(() => codeIn(sink, email));
    expect((await post('/auth/reset', { email, code, password: 'second-passphrase' })).statusCode).toBe(200);
    const notice = await mailWith(email, 'Your password was changed');
    expect(notice).toContain('Hello Pat Owner,');
    expect(notice).toContain('was changed on');
    expect(notice).toContain('https://learn.example.org/login');
    // The first password an account gets at its creation (here: the test's) is no change to tell.
    expect(mailsTo(email).filter((text) => text.includes('Your password was changed'))).toHaveLength(1);
  });

  it("does not mail a stranger's chosen name to the address they signed up with", async () => {
    const victim = `security-${kind}@example.org`;
    const name = 'Security team: your account is locked. Visit https://evil.example/unlock';
    const signUp = await post('/auth/sign-up', { name, email: victim, password: 'a-long-passphrase' });
    expect(signUp.statusCode).toBe(200);
    const mail = await mailWith(victim, 'Your verification code');
    expect(mail).toContain(`Hello security-${kind},`);
    for (const words of ['Security team', 'evil', 'locked', 'Visit']) expect(mail).not.toContain(words);
    // Nor in the reset mail the address may ask for before it is verified.
    expect((await post('/auth/forgot', { email: victim })).statusCode).toBe(200);
    const reset = await mailWith(victim, 'choose a new password');
    expect(reset).not.toContain('evil');
  });

  it("prints a verified person's own name without links or addresses", async () => {
    const { email } = await addTestUser(platform, {
      name: "Ana O'Brien-Diallo (see https://evil.example/x or mail me@evil.example)",
      password: 'first-passphrase',
    });
    expect((await post('/auth/forgot', { email })).statusCode).toBe(200);
    const mail = await mailWith(email, 'choose a new password');
    const greeting = mail.split('\n').find((line) => line.startsWith('Hello '))!;
    expect(greeting).toMatch(/^Hello Ana O'Brien-Diallo \(see https evil\. example x/);
    expect(greeting).not.toMatch(/evil\.example|https:|\/|@/);
  });

  it('keeps letters of every script, digits and common punctuation in names', () => {
    expect(mailName('José Ñúñez-Łukasz (Ngọc) & 李小龍')).toBe('José Ñúñez-Łukasz (Ngọc) & 李小龍');
    expect(mailName('J.R.R. Tolkien')).toBe('J. R. R. Tolkien');
    expect(mailName('www.evil.com')).toBe('www. evil. com');
    expect(mailName('a<b>c\u202Ed')).toBe('a b c d');
    expect(mailName('x'.repeat(200))).toHaveLength(80);
  });
});
