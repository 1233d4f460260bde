import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadStream } from '../../events/message/events';
import { readStream } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { plain, type Sink, startSmtpSink, waitFor } from '../support/smtp-sink';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string, language = 'en'): Headers => ({
  authorization: `Bearer ${token}`,
  'x-language': language,
});
const PUBLIC_URL = 'https://learn.example.org';

/**
 * "Ask the teacher" (docs/guide/messages.md): a learner asks about a page, who teaches its module
 * answers; rights three ways (who may call, what an answer holds, what ownership grants).
 */
describe.each(databaseKinds)('questions to teachers on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let sink: Sink;
  let admin: Headers;
  let owner: { userId: string; email: string; headers: Headers };
  let courseTeacher: { userId: string; email: string; headers: Headers };
  let otherOwner: Headers;
  let teacher: Headers;
  let learner: { userId: string; email: string; headers: Headers };
  let stranger: Headers;

  const call = (procedure: string, input: object, headers: Headers) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const read = (procedure: string, input: object | undefined, headers: Headers) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    });
  const ok = async <T = unknown>(
    response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { result: { data: T } }).result.data;
  };
  const ask = (page: string, text: string, extra: object = {}, headers = learner.headers) =>
    ok<{ thread: string }>(call('message.ask', { page, text, ...extra }, headers));
  const mailsTo = (email: string) =>
    sink.delivered
      .filter((mail) => mail.to.includes(email))
      // Quoted-printable bytes back to UTF-8 text.
      .map((mail) => Buffer.from(plain(mail.message), 'latin1').toString('utf8'));

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, { workJobs: true, env: { SMTP_URL: sink.url, PUBLIC_URL } });
    app = await buildApp(platform);
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    await ok(
      call('role.create', { name: 'teacher', actions: { create: true, assign_participants: true } }, admin),
    );
    const person = async (roles: string[], name: string) => {
      const user = await addTestUser(platform, { roles, name });
      return { userId: user.userId, email: user.email, headers: bearer(user.token) };
    };
    owner = await person(['teacher'], 'Olga Owner');
    courseTeacher = await person(['teacher'], 'Cas Course');
    otherOwner = (await person(['teacher'], 'Otto Other')).headers;
    teacher = (await person(['teacher'], 'Tess Teacher')).headers;
    learner = await person([], 'Lena Learner');
    stranger = (await person([], 'Sam Stranger')).headers;
    // The owner reads mails in Dutch.
    await ok(call('user.updateProfile', { name: 'Olga Owner', language: 'nl' }, owner.headers));
    await ok(
      call('module.create', { path: 'methods', module: { name: 'Methods', language: 'en' } }, owner.headers),
    );
    await ok(
      call(
        'page.create',
        {
          parentType: 'module',
          parentPath: 'methods',
          page: {
            name: 'Pills',
            type: 'question',
            content: [{ type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: {} }],
          },
        },
        owner.headers,
      ),
    );
    await ok(call('module.create', { path: 'other', module: { name: 'Other', language: 'en' } }, otherOwner));
    await ok(
      call(
        'page.create',
        {
          parentType: 'module',
          parentPath: 'other',
          page: { name: 'Elsewhere', type: 'markdown', content: [] },
        },
        otherOwner,
      ),
    );
    await ok(
      call(
        'module.create',
        { path: 'hidden', module: { name: 'Hidden', language: 'en', public: false } },
        owner.headers,
      ),
    );
    await ok(
      call(
        'page.create',
        {
          parentType: 'module',
          parentPath: 'hidden',
          page: { name: 'Secret', type: 'markdown', content: [] },
        },
        owner.headers,
      ),
    );
    // A course of the course teacher's that lists the module, linked by an administrator.
    await ok(
      call(
        'course.create',
        { path: 'srhr', course: { name: 'SRHR', language: 'en' } },
        courseTeacher.headers,
      ),
    );
    await ok(
      call(
        'link.addItemToParent',
        { parentType: 'course', parentPath: 'srhr', itemType: 'module', itemPath: 'methods' },
        admin,
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  it('opens a thread sent to the module’s and the course’s teachers, its text sealed, and mails them', async () => {
    const { thread } = await ask('pills', 'Why do the pills need a fixed hour?', {
      course: 'srhr',
      question: 'why',
    });
    const [event] = await readStream(platform.database.db, threadStream(thread));
    expect(event!.type).toBe('QuestionAsked');
    expect(event!.data).toMatchObject({
      userId: learner.userId,
      modulePath: 'methods',
      pagePath: 'pills',
      coursePath: 'srhr',
      question: 'why',
      text: 'Why do the pills need a fixed hour?',
    });
    expect(new Set((event!.data as { to: string[] }).to)).toEqual(
      new Set([owner.userId, courseTeacher.userId]),
    );
    const { rows } = await sql<{
      data: string;
    }>`select data::text as data from events where stream = ${threadStream(thread)}`.execute(
      platform.database.db,
    );
    expect(rows[0]!.data).not.toContain('fixed hour');
    // Each teacher in their own language, with a link to the thread and without the question's text.
    const dutch = await waitFor(() =>
      mailsTo(owner.email).find((text) => text.includes(`/admin/messages/${thread}`)),
    );
    expect(dutch).toContain('Een cursist stelde een vraag over de pagina “Pills” van “Methods”');
    expect(dutch).toContain(`${PUBLIC_URL}/admin/messages/${thread}`);
    expect(dutch).not.toContain('fixed hour');
    const english = await waitFor(() =>
      mailsTo(courseTeacher.email).find((text) => text.includes(`/admin/messages/${thread}`)),
    );
    expect(english).toContain('A learner asked a question');
  });

  it('shows the learner their own threads and no one else’s', async () => {
    const { thread } = await ask('pills', 'Is a missed pill a problem?');
    const mine = await ok<{ thread: string; answered: boolean; unread: number; status: string }[]>(
      read('message.mine', undefined, learner.headers),
    );
    expect(mine.find((entry) => entry.thread === thread)).toMatchObject({
      answered: false,
      unread: 0,
      status: 'open',
    });
    expect(await ok<unknown[]>(read('message.mine', undefined, stranger))).toEqual([]);
    const theirs = await read('message.thread', { thread }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect((await call('message.followUp', { thread, text: 'Me too' }, stranger)).statusCode).toBe(404);
    expect((await call('message.markRead', { thread }, stranger)).statusCode).toBe(404);
    // The learner's own read names the teachers, never their addresses.
    const own = await ok<{ teachers: string[]; messages: { from: string; text: string }[] }>(
      read('message.thread', { thread }, learner.headers),
    );
    expect(own.teachers).toEqual(['Olga Owner']);
    expect(own.messages).toMatchObject([{ from: 'learner', text: 'Is a missed pill a problem?' }]);
    expect(JSON.stringify(own)).not.toContain(owner.email);
    expect(JSON.stringify(own)).not.toContain('@');
  });

  it('gives a teacher who does not teach the module nothing, and an owner only threads of their items', async () => {
    const { thread } = await ask('pills', 'Where is the leaflet?');
    const { thread: elsewhere } = await ask('elsewhere', 'A question for Otto');
    expect(await ok<unknown[]>(read('message.inbox', { status: 'open' }, teacher))).toEqual([]);
    expect((await read('message.inboxThread', { thread }, teacher)).statusCode).toBe(404);
    expect((await call('message.reply', { thread, text: 'Not mine' }, teacher)).statusCode).toBe(404);
    expect((await call('message.close', { thread }, teacher)).statusCode).toBe(404);
    expect((await call('message.reply', { thread, text: 'Not mine' }, learner.headers)).statusCode).toBe(404);

    const inbox = await ok<{ thread: string; learner: string }[]>(
      read('message.inbox', { status: 'open' }, owner.headers),
    );
    expect(inbox.map((entry) => entry.thread)).toContain(thread);
    expect(inbox.map((entry) => entry.thread)).not.toContain(elsewhere);
    expect(inbox.find((entry) => entry.thread === thread)!.learner).toBe('Lena Learner');
    expect(JSON.stringify(inbox)).not.toContain(learner.email);
    const others = await ok<{ thread: string }[]>(read('message.inbox', { status: 'open' }, otherOwner));
    expect(others.map((entry) => entry.thread)).toEqual([elsewhere]);
    // The course's teacher reaches the question asked in their course, not the one asked outside it.
    const course = await ok<{ thread: string; course: { path: string } | null }[]>(
      read('message.inbox', { status: 'open' }, courseTeacher.headers),
    );
    expect(course.length).toBeGreaterThan(0);
    expect(course.every((entry) => entry.course?.path === 'srhr')).toBe(true);
    const all = await ok<{ thread: string }[]>(read('message.inbox', { status: 'open' }, admin));
    expect(all.map((entry) => entry.thread)).toEqual(expect.arrayContaining([thread, elsewhere]));
  });

  it('lets the owner answer and close; the learner reads the answer and is mailed', async () => {
    const { thread } = await ask('pills', 'Can I take it with coffee?');
    await ok(call('message.reply', { thread, text: 'Yes, coffee is fine.' }, owner.headers));
    const mail = await waitFor(() =>
      mailsTo(learner.email).find((text) => text.includes(`/messages/${thread}`)),
    );
    expect(mail).toContain('Olga Owner answered your question about the page “Pills” of “Methods”');
    expect(mail).toContain(`${PUBLIC_URL}/messages/${thread}`);
    const listed = async () =>
      (
        await ok<{ thread: string; unread: number; answered: boolean }[]>(
          read('message.mine', undefined, learner.headers),
        )
      ).find((entry) => entry.thread === thread);
    expect(await listed()).toMatchObject({ unread: 1, answered: true });
    expect(await ok(call('message.markRead', { thread }, learner.headers))).toEqual({
      success: true,
      recorded: true,
    });
    expect(await ok(call('message.markRead', { thread }, learner.headers))).toEqual({
      success: true,
      recorded: false,
    });
    expect(await listed()).toMatchObject({ unread: 0, answered: true });
    const own = await ok<{ messages: { from: string; author: string; text: string }[] }>(
      read('message.thread', { thread }, learner.headers),
    );
    expect(own.messages.at(-1)).toMatchObject({
      from: 'teacher',
      author: 'Olga Owner',
      text: 'Yes, coffee is fine.',
    });

    await ok(call('message.followUp', { thread, text: 'And tea?' }, learner.headers));
    await ok(call('message.close', { thread }, owner.headers));
    const refused = await call(
      'message.followUp',
      { thread, text: 'Wait' },
      bearer(learner.headers.authorization!.slice(7), 'nl'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Dit gesprek is gesloten: er kunnen geen berichten meer bij.');
    expect((await call('message.reply', { thread, text: 'Late' }, owner.headers)).statusCode).toBe(409);
    const closed = await ok<{ thread: string }[]>(read('message.inbox', { status: 'closed' }, owner.headers));
    expect(closed.map((entry) => entry.thread)).toContain(thread);
  });

  it('refuses a page the learner may not open, a question not on the page and a text too long, at the field', async () => {
    expect((await call('message.ask', { page: 'secret', text: 'Hello?' }, learner.headers)).statusCode).toBe(
      404,
    );
    const noQuestion = await call(
      'message.ask',
      { page: 'pills', text: 'Hi', question: 'nope' },
      learner.headers,
    );
    expect(noQuestion.statusCode).toBe(400);
    expect(noQuestion.json().error.data.fields).toMatchObject([{ path: 'question' }]);
    const long = await call('message.ask', { page: 'pills', text: 'x'.repeat(2001) }, learner.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.data.fields).toMatchObject([{ path: 'text', key: 'validation.tooLong' }]);
    expect((await call('message.ask', { page: 'pills', text: '   ' }, learner.headers)).statusCode).toBe(400);
  });

  it('limits questions to ten an hour per person, with a message saying so', async () => {
    const busy = await addTestUser(platform, { name: 'Busy Bee' });
    for (let n = 1; n <= 10; n++) await ask('pills', `Question ${n}`, {}, bearer(busy.token));
    const refused = await call('message.ask', { page: 'pills', text: 'Question 11' }, bearer(busy.token));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'You have asked 10 questions in the last hour. Please try again later.',
    );
    // Someone else still asks.
    await ask('pills', 'Mine is fine');
  });
});
