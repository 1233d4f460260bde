import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EventDefinition } from '../../../events/define';
import { translator } from '../../../server/i18n';
import {
  exportedAs,
  type PersonalDataExport,
  type PersonEvent,
  partyOf,
  personalDataExport,
} from '../../../server/user/data-export';
import { dataExportHtml, escapeHtml } from '../../../server/user/data-export-html';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every event type events/registry.ts spreads into its list. */
async function registeredEventTypes(): Promise<string[]> {
  const source = readFileSync(join(root, 'events', 'registry.ts'), 'utf8');
  const modules = new Map(
    [...source.matchAll(/import \{ (\w+EventDefinitions) \} from '\.\/([\w/-]+)';/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const types: string[] = [];
  for (const [name, module] of modules) {
    const definitions = (await import(join(root, 'events', `${module}.ts`)))[name] as EventDefinition[];
    types.push(...definitions.map((definition) => definition.type));
  }
  return types;
}

const me = 'user-me';
const other = 'user-other';
const teacher = 'user-teacher';
const admin = 'user-admin';
const rolesOf = new Map([
  [teacher, ['teacher']],
  [admin, ['admin']],
]);
const ref = { moduleId: 'm1', modulePath: 'reflect', pageId: 'p1', pagePath: 'why', question: 'q' };
const { question: _, ...pageRef } = ref;
let clock = 0;
const at = () => `2026-11-25T10:${String(clock++).padStart(2, '0')}:00.000Z`;
const by = (actorId: string | null, type: string, data: Record<string, unknown>): PersonEvent => ({
  type,
  data,
  meta: { actorId, requestId: 'r', at: at() },
});

const signedUp = by(me, 'UserSignedUp', {
  userId: me,
  email: 'me@example.org',
  name: 'Me Myself',
  phone: null,
  profession: 'nurse',
  riziv: null,
  language: 'fr',
});
const answered = by(me, 'AnswerSaved', {
  userId: me,
  ...ref,
  questionType: 'open',
  answer: 'My own answer',
  attempt: 1,
  score: 0,
  maxScore: 5,
});
const scored = by(teacher, 'AnswerScored', {
  userId: me,
  ...ref,
  score: 4,
  maxScore: 5,
  previousScore: 0,
  scored: true,
  feedback: 'Good',
  previousFeedback: null,
  scoredBy: teacher,
});
const othersAnswer = by(other, 'AnswerSaved', {
  ...(answered.data as object),
  userId: other,
  answer: 'Not mine',
});

const build = (events: PersonEvent[]) =>
  personalDataExport({
    userId: me,
    events,
    activity: [],
    rolesOf,
    exportedAt: '2026-11-25T12:00:00.000Z',
    language: 'en',
  });
const exported = (events: PersonEvent[]) => build(events) as PersonalDataExport;

describe('what the export shows of each event type', () => {
  it('classifies every registered event type, and only those', async () => {
    expect(Object.keys(exportedAs).sort()).toEqual((await registeredEventTypes()).sort());
  });

  const table: { name: string; given: PersonEvent[]; thenExport: (result: PersonalDataExport) => void }[] = [
    {
      name: 'the profile as signed up, then as changed',
      given: [
        signedUp,
        by(me, 'UserProfileUpdated', {
          userId: me,
          name: 'Me Again',
          phone: '+32 470 00 00 00',
          profession: null,
          riziv: null,
          language: 'nl',
          description: 'Hi',
          image: null,
          fullPrivacy: true,
        }),
        by(null, 'UserVerified', { userId: me }),
      ],
      thenExport: (r) =>
        expect(r.profile).toMatchObject({
          email: 'me@example.org',
          name: 'Me Again',
          phone: '+32 470 00 00 00',
          language: 'nl',
          fullPrivacy: true,
          verified: true,
          createdBy: 'self',
        }),
    },
    {
      name: 'roles and links as they are now; the changes in the account history, each by its part',
      given: [
        signedUp,
        by(admin, 'UserRolesChanged', { userId: me, roles: ['teacher'], previous: [] }),
        by(teacher, 'UserLinkedToItem', { userId: me, itemType: 'course', itemPath: 'basics' }),
        by(teacher, 'UserLinkedToItem', { userId: me, itemType: 'module', itemPath: 'reflect' }),
        by(teacher, 'UserUnlinkedFromItem', { userId: me, itemType: 'module', itemPath: 'reflect' }),
      ],
      thenExport: (r) => {
        expect(r.roles).toEqual(['teacher']);
        expect(r.links).toEqual({ courses: ['basics'], modules: [] });
        expect(r.account.map((entry) => [entry.event, entry.by])).toEqual([
          ['UserSignedUp', 'self'],
          ['UserRolesChanged', 'administrator'],
          ['UserLinkedToItem', 'teacher'],
          ['UserLinkedToItem', 'teacher'],
          ['UserUnlinkedFromItem', 'teacher'],
        ]);
      },
    },
    {
      name: 'every answer with time and attempt; a teacher’s score and feedback as a teacher’s',
      given: [signedUp, answered, scored],
      thenExport: (r) => {
        expect(r.answers).toEqual([
          {
            at: answered.meta.at,
            module: 'reflect',
            page: 'why',
            question: 'q',
            questionType: 'open',
            answer: 'My own answer',
            attempt: 1,
            score: 0,
            maxScore: 5,
          },
        ]);
        expect(r.scores).toMatchObject([{ score: 4, feedback: 'Good', by: 'teacher' }]);
        expect(JSON.stringify(r)).not.toContain(teacher);
      },
    },
    {
      name: 'another person’s events never enter, even when handed in',
      given: [signedUp, othersAnswer],
      thenExport: (r) => {
        expect(r.answers).toEqual([]);
        expect(JSON.stringify(r)).not.toContain('Not mine');
      },
    },
    {
      name: 'certificates by the platform, revoked by an administrator (no id of theirs)',
      given: [
        signedUp,
        by(null, 'CertificateIssued', {
          certificateId: 'c1',
          code: 'ABCDEFGHIJKLMNOP',
          kind: 'module',
          itemId: 'm1',
          itemPath: 'reflect',
          userId: me,
          issuedAt: '2026-11-25T10:00:00Z',
          expiresAt: null,
          how: 'auto',
          issuedBy: null,
        }),
        by(admin, 'CertificateRevoked', {
          certificateId: 'c1',
          code: 'ABCDEFGHIJKLMNOP',
          kind: 'module',
          itemId: 'm1',
          itemPath: 'reflect',
          userId: me,
          revokedBy: admin,
          revokedAt: '2026-11-25T11:00:00Z',
          reason: 'Copied',
        }),
      ],
      thenExport: (r) => {
        expect(r.certificates.map((c) => [c.event, c.by, c.code, c.reason])).toEqual([
          ['issued', 'system', 'ABCDEFGHIJKLMNOP', null],
          ['revoked', 'administrator', 'ABCDEFGHIJKLMNOP', 'Copied'],
        ]);
        expect(JSON.stringify(r)).not.toContain(admin);
      },
    },
    {
      name: 'sightings with the time seen, drafts, teaching',
      given: [
        signedUp,
        by(me, 'ItemSeen', { userId: me, category: 'courses', path: 'basics', at: '2026-11-20T08:00:00Z' }),
        by(me, 'AnswerDrafted', { userId: me, ...ref, questionType: 'open', answer: 'half' }),
        by(admin, 'CourseOwnerAdded', { courseId: 'c', path: 'basics', userId: me }),
      ],
      thenExport: (r) => {
        expect(r.tracking).toEqual([{ at: '2026-11-20T08:00:00Z', category: 'courses', path: 'basics' }]);
        expect(r.pages).toEqual([]);
        expect(r.drafts).toMatchObject([{ answer: 'half', module: 'reflect' }]);
        expect(r.teaching).toEqual({ courses: ['basics'], modules: [] });
      },
    },
    {
      name: 'module pages seen, apart from the categories of the log',
      given: [
        signedUp,
        by(me, 'PageSeen', { userId: me, ...pageRef, at: '2026-11-20T08:05:00Z' }),
        by(other, 'PageSeen', { userId: other, ...pageRef, at: '2026-11-20T08:06:00Z' }),
      ],
      thenExport: (r) => {
        expect(r.pages).toEqual([{ at: '2026-11-20T08:05:00Z', module: 'reflect', page: 'why' }]);
        expect(r.tracking).toEqual([]);
      },
    },
  ];
  it.each(table)('$name', ({ given, thenExport }) => thenExport(exported(given)));

  it('says when the person was erased instead of exporting anything', () => {
    const deleted = by(admin, 'UserDeleted', { userId: me });
    expect(build([signedUp, answered, deleted])).toEqual({
      erased: true,
      userId: me,
      erasedAt: deleted.meta.at,
    });
  });
});

describe('who acted, as a part', () => {
  it.each([
    ['AnswerSaved', me, 'self'],
    ['CertificateIssued', null, 'system'],
    ['UserSignedUp', null, 'self'],
    ['UserRolesChanged', admin, 'administrator'],
    ['AnswerScored', admin, 'administrator'],
    ['AnswerScored', teacher, 'teacher'],
    ['AttemptGranted', 'erased-teacher', 'teacher'],
    ['UserProfileUpdated', 'someone-with-manage-users', 'administrator'],
  ] as const)('%s by %s reads as %s', (type, actorId, party) => {
    expect(partyOf(type, actorId, me, rolesOf)).toBe(party);
  });
});

describe('the readable file', () => {
  it('escapes every value and speaks the person’s language', () => {
    const hostile = by(me, 'AnswerSaved', {
      ...(answered.data as object),
      answer: '<script>alert("x")</script>',
      question: '<b>q</b>',
    });
    const html = dataExportHtml(
      { ...exported([signedUp, hostile, scored]), language: 'fr' },
      translator('fr'),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(escapeHtml('<script>alert("x")</script>'));
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Réponses');
    expect(html).toContain('un enseignant');
    expect(html).toContain('name="viewport"');
    expect(html).not.toContain(teacher);
  });

  it('lists the module pages seen in their own section, in every language', () => {
    const page = by(me, 'PageSeen', { userId: me, ...pageRef, at: '2026-11-20T08:05:00Z' });
    const headings = {
      en: 'Module pages you opened',
      nl: "Modulepagina's die je geopend hebt",
      fr: 'Pages de modules que vous avez ouvertes',
    } as const;
    for (const language of ['en', 'nl', 'fr'] as const) {
      const t = translator(language);
      const html = dataExportHtml({ ...exported([signedUp, page]), language }, t);
      expect(html).toContain(`<h2 id="pages">${escapeHtml(headings[language])}</h2>`);
      const label = escapeHtml(t('dataExport.file.columns.page'));
      expect(html).toContain(`<td data-label="${label}">why</td>`);
    }
  });
});
