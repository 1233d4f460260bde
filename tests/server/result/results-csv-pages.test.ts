import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../../events/permissions';
import { buildApp } from '../../../server/app';
import { resultsCsv } from '../../../server/result/results-csv';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

const radio = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Right or wrong?',
  schema: {},
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};

/** The first cell of each data row (the participant's id), and each row's total score. */
function rowsOf(csv: string) {
  const lines = csv.split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1).map((line) => {
    const cells = line.split(',');
    return { userId: JSON.parse(cells[0]!) as string, total: Number(cells.at(-3)) };
  });
}

describe.each(databaseKinds)('the results CSV in pages on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminId: string;
  const participants: { userId: string; right: boolean }[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    const admin = await addTestUser(platform, { roles: ['admin'] });
    adminId = admin.userId;
    const headers: Headers = { authorization: `Bearer ${admin.token}` };
    const mutate = async (procedure: string, input: object, as: Headers) => {
      const answer = await app.inject({
        method: 'POST',
        url: `/trpc/${procedure}`,
        payload: input,
        headers: as,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await mutate('module.create', { path: 'paged', module: { name: 'Paged', language: 'en' } }, headers);
    await mutate(
      'page.create',
      {
        parentType: 'module',
        parentPath: 'paged',
        path: 'paged-q',
        page: { name: 'Q', type: 'question', content: [radio] },
      },
      headers,
    );
    // Someone who never answered is no participant, and is in no page.
    await addTestUser(platform);
    for (let i = 0; i < 13; i++) {
      const person = await addTestUser(platform, { name: `Participant ${i}` });
      const right = i % 3 !== 0;
      await mutate(
        'result.save',
        {
          module: 'paged',
          page: 'paged-q',
          result: { answers: { q: right ? 'right' : 'wrong' }, confirm: ['q'] },
        },
        { authorization: `Bearer ${person.token}` },
      );
      participants.push({ userId: person.userId, right });
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const exportWith = async (pageSize?: number) => {
    const actor = { userId: adminId, roles: ['admin'], rules: allRules() };
    const chunks: string[] = [];
    for await (const chunk of await resultsCsv(platform.database.db, actor, 'paged', null, null, pageSize))
      chunks.push(chunk);
    return chunks;
  };

  it('has every participant exactly once, in id order, when the export spans several pages', async () => {
    const chunks = await exportWith(5);
    // The header, then one chunk per page: 5, 5 and 3 participants.
    expect(chunks.map((chunk) => chunk.split('\r\n').length - 1)).toEqual([1, 5, 5, 3]);
    const rows = rowsOf(chunks.join(''));
    const expected = [...participants].sort((a, b) => (a.userId < b.userId ? -1 : 1));
    expect(rows.map((row) => row.userId)).toEqual(expected.map((person) => person.userId));
    expect(rows.map((row) => row.total)).toEqual(expected.map((person) => (person.right ? 1 : 0)));
  });

  it('gives the same file whatever the page size', async () => {
    const whole = (await exportWith()).join('');
    for (const pageSize of [1, 2, 12, 13, 14]) expect((await exportWith(pageSize)).join('')).toBe(whole);
  });
});
