import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * search.query finds courses, modules and pages by the words a reader sees, stemmed in the item's
 * language, and keeps exactly what the reader may open: never an unpublished module's page, a module
 * not linked to them, a page behind a closed gate, a draft of live content, or an answer key.
 */
type Who = 'admin' | 'learner' | 'linked' | 'teacher';

interface Result {
  kind: 'course' | 'module' | 'page';
  name: string;
  path: string;
  language: string;
  snippet: { text: string; match: boolean }[];
  moduleName: string | null;
}

const markdown = (text: string) => ({ type: 'markdown', name: 'text', text });
const page = (name: string, content: object[]) => ({ name, type: 'markdown', content, estimatedTime: 60 });

describe.each(databaseKinds)('search on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const { call, as } = trpcCalls(() => ({ app, platform, tokens }));

  const search = async (who: Who, q: string, extra: object = {}) =>
    as<Result[]>(who, 'search.query', { q, ...extra }, false);
  const paths = async (who: Who, q: string) => (await search(who, q)).map((result) => result.path);

  beforeAll(async () => {
    platform = await startTestPlatform(kind, {
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.learner = (await addTestUser(platform)).token;
    const linked = await addTestUser(platform);
    tokens.linked = linked.token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;

    const module = (path: string, module: object, published = true) =>
      as('admin', 'module.create', { path, published, module: { language: 'nl', ...module } });
    const addPage = (parentPath: string, path: string, name: string, content: object[]) =>
      as('admin', 'page.create', { parentType: 'module', parentPath, path, page: page(name, content) });

    await module('zorg', { name: 'Zorg rond de geboorte', info: 'Over moeders en baby’s.' });
    await addPage('zorg', 'bevalling', 'De bevalling', [
      markdown(
        '## Veilig\n\nEen veilige zwangerschap en **bevalling** voor elke moeder. [Lees meer](https://linkwoord.example)',
      ),
      {
        type: 'radio',
        questionType: 'single',
        name: 'q1',
        label: 'Wie begeleidt een thuisgeboorte?',
        options: [
          { label: 'Vroedvrouw', value: 'a', score: 1, feedback: 'Sleutelfeedback klopt.' },
          { label: 'Loodgieter', value: 'b', score: 0 },
        ],
      },
      {
        type: 'shortText',
        questionType: 'short',
        name: 'q2',
        label: 'Welk orgaan groeit mee?',
        accepted: [{ text: 'baarmoeder', score: 1 }],
        schema: { info: 'Pogingenwoord na de laatste poging.', attempts: 1 },
      },
    ]);
    await module('verborgen', { name: 'Verborgen module' }, false);
    await addPage('verborgen', 'onzichtbaar', 'Onzichtbaar', [markdown('Een geheimzinnige bevalling.')]);
    await module('prive', { name: 'Privé module', public: false });
    await addPage('prive', 'besloten', 'Besloten', [markdown('Een besloten bevalling.')]);
    await as('admin', 'user.link', {
      _id: linked.userId,
      itemType: 'module',
      itemPath: 'prive',
      linked: true,
    });
    await module('poort', { name: 'Module met poort', gateProgress: true });
    await addPage('poort', 'eerst', 'Eerst', [
      markdown('Voor de poort.'),
      {
        type: 'textarea',
        questionType: 'open',
        name: 'open',
        label: 'Wat weet je al?',
      },
    ]);
    await addPage('poort', 'daarna', 'Daarna', [markdown('Achter de poort: de nageboorte.')]);
    await as('admin', 'page.saveDraft', {
      path: 'bevalling',
      page: page('De bevalling', [markdown('Ontwerptekst over kraamzorg.')]),
    });
    await module('washing', { name: 'Washing hands', language: 'en', info: 'How hands are washed.' });
    await module('enfance', { name: 'La petite enfance', language: 'fr', info: 'Les enfants grandissent.' });
    await as('admin', 'course.create', {
      path: 'moederschap',
      course: { name: 'Moederschap', language: 'nl', info: 'Een cursus over moederschap.' },
    });
    await as('admin', 'course.create', {
      path: 'kladcursus',
      published: false,
      course: { name: 'Kladcursus', language: 'nl', info: 'Nog niet klaar: moederschap.' },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('finds a page by a word in its text, stemmed in Dutch, with the match marked in the snippet', async () => {
    const results = await search('learner', 'bevallingen');
    expect(results).toContainEqual({
      kind: 'page',
      name: 'De bevalling',
      path: '/module/zorg/page/bevalling',
      language: 'nl',
      snippet: expect.arrayContaining([{ text: 'bevalling', match: true }]),
      moduleName: 'Zorg rond de geboorte',
    });
    // Words of the Markdown only: no link address, no emphasis signs.
    expect(await paths('learner', 'linkwoord')).toEqual([]);
    const snippet = results.find((result) => result.path === '/module/zorg/page/bevalling')?.snippet ?? [];
    expect(snippet.map((part) => part.text).join('')).not.toContain('**');
  });

  it('finds courses and modules by name and description, in English and French too', async () => {
    expect(await paths('learner', 'moeders')).toEqual(['/module/zorg', '/module/zorg/page/bevalling']);
    expect(await paths('learner', 'moederschap')).toEqual(['/course/moederschap']);
    expect(await paths('learner', 'wash')).toEqual(['/module/washing']);
    expect(await paths('learner', 'enfant')).toEqual(['/module/enfance']);
    // The reader's language first.
    const either = 'enfants or moederschap';
    expect(await paths('learner', either)).toEqual(['/course/moederschap', '/module/enfance']);
    expect((await search('learner', either, { language: 'fr' })).map((result) => result.path)).toEqual([
      '/module/enfance',
      '/course/moederschap',
    ]);
  });

  it('finds question texts, never an answer key', async () => {
    expect(await paths('learner', 'thuisgeboorte')).toEqual(['/module/zorg/page/bevalling']);
    for (const key of ['vroedvrouw', 'sleutelfeedback', 'baarmoeder', 'pogingenwoord']) {
      expect(await paths('admin', key), key).toEqual([]);
    }
  });

  it('never shows what the reader may not open', async () => {
    // An unpublished module's page: for its editors only.
    expect(await paths('learner', 'geheimzinnige')).toEqual([]);
    expect(await paths('admin', 'geheimzinnige')).toEqual(['/module/verborgen/page/onzichtbaar']);
    // A module that is not public: for the participants linked to it.
    expect(await paths('learner', 'besloten')).toEqual([]);
    expect(await paths('linked', 'besloten')).toEqual(['/module/prive/page/besloten']);
    // A teacher without a link or ownership opens neither.
    expect(await paths('teacher', 'besloten')).toEqual([]);
    expect(await paths('teacher', 'geheimzinnige')).toEqual([]);
    // A page behind a gate the learner has not passed; the page before it is there.
    expect(await paths('learner', 'nageboorte')).toEqual([]);
    expect(await paths('learner', 'poort')).toEqual(expect.arrayContaining(['/module/poort/page/eerst']));
    expect(await paths('admin', 'nageboorte')).toEqual(['/module/poort/page/daarna']);
    // An unpublished course.
    expect(await paths('learner', 'klaar')).toEqual([]);
    expect(await paths('admin', 'klaar')).toEqual(['/course/kladcursus']);
  });

  it('never shows a draft of live content, then the published changes', async () => {
    expect(await paths('admin', 'kraamzorg')).toEqual([]);
    expect(await paths('learner', 'kraamzorg')).toEqual([]);
    await as('admin', 'page.publishChanges', { path: 'bevalling' });
    expect(await paths('learner', 'kraamzorg')).toEqual(['/module/zorg/page/bevalling']);
    expect(await paths('learner', 'thuisgeboorte')).toEqual([]);
  });

  it('is for signed-in readers, with words of 1 to 100 characters', async () => {
    const anonymous = await app.inject({
      url: `/trpc/search.query?input=${encodeURIComponent(JSON.stringify({ q: 'bevalling' }))}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('learner', 'search.query', { q: '   ' }, false)).code).toBe('BAD_REQUEST');
    expect((await call('learner', 'search.query', { q: 'x'.repeat(101) }, false)).code).toBe('BAD_REQUEST');
    // Search syntax never fails: unbalanced quotes and signs read as words.
    expect(await paths('learner', '"bevalling -')).toEqual(expect.any(Array));
  });
});
