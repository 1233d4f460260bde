import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import {
  type GraphQLNamedType,
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from '../../../server/graphql/graphql';
import { schema } from '../../../server/graphql/schema';
import { appRouter } from '../../../server/router';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { graphqlQueryRows, roleOf, trpcRows, World } from '../permission-inputs';

/**
 * What an allowed answer carries. Each person below calls every tRPC query (with the permission
 * table's inputs, and the same aimed at other people and courses), every GraphQL query field with
 * every scalar of its type and the types beneath (people included, a few levels deep), and the two
 * CSV downloads in both variants; every answer is scanned for what that person must not receive:
 * - another person's phone, riziv, profession or description (only they and manage_users see it);
 * - the real name and e-mail of a fullPrivacy person (idem);
 * - the scores of a module's answer options (its owners, the edit and the view right);
 * - another participant's answers (the module's owners, the edit and view rights, and the teachers
 *   of a course that lists it, toward that course's participants; a link that someone without a
 *   right on the module made confers nothing).
 * A search by someone without manage_users must not find anyone by those hidden fields either.
 *
 * The people: a participant, the built-in teacher and a create-only role (each owning a course and
 * having tried to link the exam and a participant to it), a view-only role, a course teacher (owns
 * a course that lists the module through a link the admin made, with one participant linked to
 * it), an assign_participants-only role, the module's owner and an admin.
 */

type Persona =
  | 'participant'
  | 'teacher'
  | 'creator'
  | 'viewer'
  | 'courseTeacher'
  | 'assigner'
  | 'owner'
  | 'admin';
const personas: Persona[] = [
  'participant',
  'teacher',
  'creator',
  'viewer',
  'courseTeacher',
  'assigner',
  'owner',
  'admin',
];

/** The people whose data is planted: A (personal data), B (the participant persona), P (fullPrivacy). */
type Subject = 'A' | 'B' | 'P';

/** What each persona may receive beyond what anyone may. */
const mayReceive: Record<Persona, { personalData: boolean; answerKey: boolean; answersOf: Subject[] }> = {
  participant: { personalData: false, answerKey: false, answersOf: ['B'] },
  teacher: { personalData: false, answerKey: false, answersOf: [] },
  creator: { personalData: false, answerKey: false, answersOf: [] },
  viewer: { personalData: false, answerKey: true, answersOf: ['A', 'B', 'P'] },
  // Only A is linked to the course the course teacher owns.
  courseTeacher: { personalData: false, answerKey: false, answersOf: ['A'] },
  assigner: { personalData: false, answerKey: false, answersOf: [] },
  owner: { personalData: false, answerKey: true, answersOf: ['A', 'B', 'P'] },
  admin: { personalData: true, answerKey: true, answersOf: ['A', 'B', 'P'] },
};

const phoneA = '+32 478 13 57 91';
const phoneP = '+32 478 24 68 02';
/** Hidden from everyone without manage_users (the person themself is not among the callers). */
const personalMarkers = [
  { text: phoneA, what: "A's phone" },
  { text: 'RIZIV-MARK-A7', what: "A's riziv" },
  { text: 'PROFESSION-MARK-A7', what: "A's profession" },
  { text: 'DESCRIPTION-MARK-A7', what: "A's description" },
  { text: 'HIDDENNAME-MARK', what: "the fullPrivacy P's real name" },
  { text: 'hiddenmail-mark@example.org', what: "the fullPrivacy P's e-mail" },
  { text: phoneP, what: "P's phone" },
  { text: 'RIZIV-MARK-P7', what: "P's riziv" },
];
const answerMarkers: Record<Subject, string> = {
  A: 'ANSWER-MARK-A7',
  B: 'ANSWER-MARK-B7',
  P: 'ANSWER-MARK-P7',
};
/** An answer option whose score is the answer key. */
const keyOption = { label: 'KEYMARK option', value: 'keymark', score: 7, feedback: 'FEEDBACK-KEYMARK' };
/**
 * The rest of the answer key: an option's feedback, a number's accepted answer with its feedback, a
 * short answer's accepted text, a matching pair's feedback (it travels with the pair, which is the
 * key), a gap's accepted text and a gap option's feedback. The module reveals nothing after a check
 * (checkReveals 'nothing').
 */
const keyMarkers = [
  'FEEDBACK-KEYMARK',
  'FEEDBACK-NUMMARK',
  'ACCEPTED-SHORTMARK',
  'FEEDBACK-PAIRMARK',
  'ACCEPTED-GAPMARK',
  'FEEDBACK-GAPMARK',
];
/** An ordering question's items, named in their right order: a body holding them in that order gives it away. */
const orderMarks = ['ORDER-KEYMARK-1', 'ORDER-KEYMARK-2', 'ORDER-KEYMARK-3'];

const questions = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'q',
    label: 'Right or wrong?',
    schema: { attempts: 1 },
    options: [
      { label: 'Right', value: 'right', score: 1 },
      { label: 'Wrong', value: 'wrong', score: 0 },
      keyOption,
    ],
  },
  { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: {} },
  {
    type: 'numeric',
    questionType: 'numeric',
    name: 'year',
    label: 'Which year?',
    schema: {},
    accepted: [{ value: 1994, score: 1, feedback: 'FEEDBACK-NUMMARK' }],
  },
  {
    type: 'shortText',
    questionType: 'short',
    name: 'term',
    label: 'Which word?',
    schema: {},
    accepted: [{ text: 'ACCEPTED-SHORTMARK', score: 1 }],
  },
  {
    type: 'matching',
    questionType: 'matching',
    name: 'pairs',
    label: 'Which goes with which?',
    schema: {},
    pairs: [
      { value: 'pa', prompt: 'Prompt A', match: 'Match A', feedback: 'FEEDBACK-PAIRMARK' },
      { value: 'pb', prompt: 'Prompt B', match: 'Match B' },
    ],
  },
  {
    type: 'ordering',
    questionType: 'ordering',
    name: 'steps',
    label: 'In which order?',
    schema: {},
    items: orderMarks.map((label, index) => ({ value: `s${index + 1}`, label })),
  },
  {
    type: 'fillBlanks',
    questionType: 'fillBlanks',
    name: 'gaps',
    label: 'Fill in.',
    schema: {},
    text: 'One [[1]] and one [[2]].',
    gaps: [
      { kind: 'text', accepted: [{ text: 'ACCEPTED-GAPMARK', score: 1 }] },
      {
        kind: 'select',
        options: [
          { label: 'Yes', value: 'yes', score: 1, feedback: 'FEEDBACK-GAPMARK' },
          { label: 'No', value: 'no', score: 0 },
        ],
      },
    ],
  },
];

/** Whether a body carries the answer key: the key option's score (as JSON, or as JSON text inside a string) or a key marker. */
function revealsAnswerKey(body: string): boolean {
  if (keyMarkers.some((marker) => body.includes(marker))) return true;
  const order = orderMarks.map((mark) => body.indexOf(mark));
  if (order.every((at, index) => at >= 0 && (index === 0 || at > (order[index - 1] ?? 0)))) return true;
  const near = /keymark[^{}]{0,200}?\\*"score\\*"\s*:\s*7\b|\\*"score\\*"\s*:\s*7\b[^{}]{0,200}?keymark/i;
  if (near.test(body)) return true;
  const walk = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(walk);
    if (typeof value !== 'object' || value === null) return false;
    const record = value as Record<string, unknown>;
    if (
      (record.value === keyOption.value || record.label === keyOption.label) &&
      record.score === keyOption.score
    )
      return true;
    return Object.values(record).some(walk);
  };
  try {
    return walk(JSON.parse(body));
  } catch {
    return false;
  }
}

// tRPC v11 keeps a flat record of every procedure by its dotted path.
const procedures = (
  appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' } }> } }
)._def.procedures;
const trpcQueries = Object.keys(procedures).filter((name) => procedures[name]!._def.type === 'query');
const queryFields = schema.getQueryType()?.getFields() ?? {};

/** Object levels below a query field's own type; people's fields are always asked for. */
const DEPTH = 4;

/**
 * Every field of a type that takes no required argument, with the object types beneath it down to
 * `depth` levels (a type already on the way is not entered again). A field reading someone's result
 * (`user` argument) is asked twice: the caller's own, and `$subject`'s.
 */
function selectionOf(type: GraphQLNamedType, depth: number, onTheWay: ReadonlySet<string>): string {
  if (!isObjectType(type)) return '';
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type))) continue;
    const named = getNamedType(field.type);
    const ofSubject = field.args.some((arg) => arg.name === 'user');
    let inner = '';
    if (!isLeafType(named)) {
      if (!isObjectType(named) || onTheWay.has(named.name)) continue;
      if (depth <= 1 && named.name !== 'User') continue;
      inner = selectionOf(named, Math.max(depth - 1, 1), new Set([...onTheWay, named.name]));
      if (!inner) continue;
    }
    parts.push(`${field.name} ${inner}`);
    if (ofSubject) parts.push(`${field.name}OfSubject: ${field.name}(user: $subject) ${inner}`);
  }
  return parts.length > 0 ? `{ ${parts.join(' ')} }` : '';
}

/** A query field with all its arguments as variables and everything beneath it selected. */
function fullDocument(name: string): string {
  const field = queryFields[name]!;
  const named = getNamedType(field.type);
  const selection = selectionOf(named, DEPTH, new Set([named.name]));
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
  if (selection.includes('$subject')) declared.push('$subject: ID');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `query${declared.length ? ` (${declared.join(', ')})` : ''} { ${name}${passed ? `(${passed})` : ''} ${selection} }`;
}

describe.each(databaseKinds)('what an allowed answer carries, on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let world: World;
  const tokens = {} as Record<Persona, string>;
  const subjects = {} as Record<Subject, string>;
  /** The courses of the course teacher, the teacher and the creator. */
  const ownCourses: string[] = [];

  /** A call whose outcome does not matter: an attempt to gain a right, which may be refused. */
  const attempt = (token: string, procedure: string, input: unknown) =>
    world.as({ token }, procedure, input).catch(() => null);

  beforeAll(async () => {
    platform = await startTestPlatform(kind, {
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0', RATE_LIMIT_UPLOADS: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    world = new World(platform, app);
    await ensureTeacherRole(platform);
    const admin = await world.user(['admin']);
    world.tokens.admin = admin.token;
    world.ids.admin = admin.userId;
    await world.as('admin', 'role.create', { name: 'creator', actions: { create: true } });
    await world.as('admin', 'role.create', { name: 'view-only', actions: { view: true } });
    await world.as('admin', 'role.create', { name: 'assign-only', actions: { assign_participants: true } });
    for (const actor of ['participant', 'teacher', 'custom', 'owner'] as const) {
      const user = await world.user(roleOf[actor]);
      world.tokens[actor] = user.token;
      world.ids[actor] = user.userId;
    }
    await world.makeShared();
    const { course, module, page } = world.shared;
    const viewer = await world.user(['view-only']);
    const assigner = await world.user(['assign-only']);
    const courseTeacher = await world.user(['creator']);
    Object.assign(tokens, {
      participant: world.tokens.participant,
      teacher: world.tokens.teacher,
      creator: world.tokens.custom,
      viewer: viewer.token,
      courseTeacher: courseTeacher.token,
      assigner: assigner.token,
      owner: world.tokens.owner,
      admin: admin.token,
    });

    // The answer key: an option scored 7.
    await world.as('owner', 'page.update', {
      path: page,
      page: { name: 'Questions', type: 'question', content: questions },
    });

    // A: personal data, an answer, both certificates.
    const a = world.shared.participant;
    subjects.A = a.userId;
    await world.as(a, 'user.updateProfile', {
      name: 'Person A',
      language: 'en',
      phone: phoneA,
      riziv: 'RIZIV-MARK-A7',
      profession: 'PROFESSION-MARK-A7',
      description: 'DESCRIPTION-MARK-A7',
    });
    // P: fullPrivacy, with an answer and both certificates.
    const p = await addTestUser(platform, {
      name: 'HIDDENNAME-MARK Zed',
      email: 'hiddenmail-mark@example.org',
    });
    subjects.P = p.userId;
    await world.as(p, 'user.updateProfile', {
      name: 'HIDDENNAME-MARK Zed',
      language: 'en',
      phone: phoneP,
      riziv: 'RIZIV-MARK-P7',
      fullPrivacy: true,
    });
    subjects.B = world.ids.participant;
    for (const subject of ['A', 'B', 'P'] as const) {
      for (const [itemType, itemPath] of [
        ['course', course],
        ['module', module],
      ] as const) {
        await world.as('admin', 'user.link', { _id: subjects[subject], itemType, itemPath, linked: true });
      }
    }
    await world.as(a, 'result.save', { module, page, result: { answers: { why: answerMarkers.A } } });
    await world.as('participant', 'result.save', {
      module,
      page,
      result: { answers: { why: answerMarkers.B, year: '1994', term: 'a guess' } },
    });
    await world.as(p, 'result.save', { module, page, result: { answers: { why: answerMarkers.P } } });
    await world.as('admin', 'certificate.addToUser', { _id: a.userId, course });
    await world.as('admin', 'certificate.addToUser', { _id: p.userId, course });
    await world.as('owner', 'certificate.certify', { module, user: p.userId });

    // The course teacher: their course lists the module through the admin's link; A is linked to it.
    const taught = (
      await world.as(courseTeacher, 'course.create', { course: { name: 'Taught course', language: 'en' } })
    ).path;
    ownCourses.push(taught);
    await world.as('admin', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: taught,
      itemType: 'module',
      itemPath: module,
    });
    await world.as('admin', 'user.link', {
      _id: a.userId,
      itemType: 'course',
      itemPath: taught,
      linked: true,
    });

    // The teacher and the creator try to make themselves teachers of the exam through a course of their own.
    for (const token of [tokens.teacher, tokens.creator]) {
      const own = (
        await world.as({ token }, 'course.create', { course: { name: 'My course', language: 'en' } })
      ).path;
      ownCourses.push(own);
      await attempt(token, 'link.addItemToParent', {
        parentType: 'course',
        parentPath: own,
        itemType: 'module',
        itemPath: module,
      });
      for (const subject of [a.userId, p.userId]) {
        await attempt(token, 'user.link', { _id: subject, itemType: 'course', itemPath: own, linked: true });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** The same input aimed at B and P instead of A, and at the other courses instead of the shared one. */
  function variants(input: unknown): unknown[] {
    const text = JSON.stringify(input ?? null);
    const found = new Set([text]);
    const aimed: [string, string[]][] = [
      [subjects.A, [subjects.B, subjects.P]],
      [world.shared.course, ownCourses],
    ];
    for (const [from, tos] of aimed) {
      if (!text.includes(from)) continue;
      for (const to of tos) found.add(text.split(from).join(to));
    }
    return [...found].map((variant) => JSON.parse(variant));
  }

  /** More GraphQL arguments than the permission table's: the shared items with the answers and people. */
  const graphqlExtras = (): Record<string, Record<string, unknown>[]> => {
    const { course, module, page, section } = world.shared;
    return {
      course: [{ path: course }],
      courses: [{ onAdmin: true }],
      files: [{ course }],
      module: [{ path: module }],
      moduleCertificate: [{ modulePath: module }],
      modules: [{ onAdmin: true }, { course }],
      page: [{ path: page }],
      section: [{ path: section }],
      users: [{}, { course }, { module }],
    };
  };

  interface Answer {
    call: string;
    status: number;
    body: string;
  }

  async function trpcAnswers(token: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    const extra: Record<string, unknown[]> = {
      'user.list': [{}, { course: world.shared.course }, { module: world.shared.module }],
    };
    for (const name of trpcQueries) {
      const row = trpcRows[name]!;
      const inputs = [await row.input(world, 'admin'), ...(extra[name] ?? [])].flatMap(variants);
      for (const input of inputs) {
        const query = input === null ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
        const response = await app.inject({
          url: `/trpc/${name}${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        answers.push({ call: `tRPC ${name} ${query ? JSON.stringify(input) : ''}`, ...of(response) });
      }
    }
    return answers;
  }

  async function graphqlAnswers(token: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    const extras = graphqlExtras();
    for (const name of Object.keys(queryFields)) {
      const document = fullDocument(name);
      const inputs = [await graphqlQueryRows[name]!.input(world, 'admin'), ...(extras[name] ?? [])].flatMap(
        variants,
      );
      const aimedAt = document.includes('$subject') ? (['A', 'B', 'P'] as const) : [null];
      for (const variables of inputs) {
        for (const subject of aimedAt) {
          const response = await app.inject({
            method: 'POST',
            url: '/graphql',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload: JSON.stringify({
              query: document,
              variables: { ...(variables as object), ...(subject ? { subject: subjects[subject] } : {}) },
            }),
          });
          const about = subject ? ` (results of ${subject})` : '';
          answers.push({ call: `GraphQL ${name} ${JSON.stringify(variables)}${about}`, ...of(response) });
        }
      }
    }
    return answers;
  }

  async function downloads(token: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    const plain = [`/api/results/${world.shared.module}.csv`, '/api/users.csv'];
    // The spreadsheet variant is the same route under the same right: it must expose no more.
    for (const url of [...plain, ...plain.map((each) => `${each}?for=spreadsheet`)]) {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      answers.push({ call: `GET ${url}`, ...of(response) });
    }
    return answers;
  }

  const of = (response: { statusCode: number; body: string }) => ({
    status: response.statusCode,
    body: response.body,
  });

  /** Each persona's answers, gathered once for both of its checks. */
  const gathered = new Map<Persona, Promise<Answer[]>>();
  function everyAnswer(persona: Persona): Promise<Answer[]> {
    if (!gathered.has(persona)) {
      const token = tokens[persona];
      gathered.set(
        persona,
        (async () => [
          ...(await trpcAnswers(token)),
          ...(await graphqlAnswers(token)),
          ...(await downloads(token)),
        ])(),
      );
    }
    return gathered.get(persona)!;
  }

  /** What must not reach this persona, found in their answers: one line per call and thing. */
  function leaksIn(persona: Persona, answers: Answer[]): string[] {
    const allowed = mayReceive[persona];
    const forbidden = [
      ...(allowed.personalData ? [] : personalMarkers),
      ...(['A', 'B', 'P'] as const)
        .filter((subject) => !allowed.answersOf.includes(subject))
        .map((subject) => ({ text: answerMarkers[subject], what: `${subject}'s answer` })),
    ];
    const leaks: string[] = [];
    for (const { call, body } of answers) {
      for (const { text, what } of forbidden) if (body.includes(text)) leaks.push(`${call}: ${what}`);
      if (!allowed.answerKey && revealsAnswerKey(body)) leaks.push(`${call}: the answer key`);
    }
    return leaks;
  }

  /** Searches by hidden fields: whom they find, for who has no manage_users. */
  async function searchLeaks(persona: Persona): Promise<string[]> {
    if (mayReceive[persona].personalData) return [];
    const probes: { search: string; subject: Subject; what: string }[] = [
      { search: 'HIDDENNAME', subject: 'P', what: "the fullPrivacy P's real name" },
      { search: 'hiddenmail-mark', subject: 'P', what: "the fullPrivacy P's e-mail" },
      { search: 'RIZIV-MARK-A7', subject: 'A', what: "A's riziv" },
      { search: 'PROFESSION-MARK-A7', subject: 'A', what: "A's profession" },
      { search: 'DESCRIPTION-MARK-A7', subject: 'A', what: "A's description" },
      { search: '478 13 57', subject: 'A', what: "A's phone" },
    ];
    const leaks: string[] = [];
    for (const { search, subject, what } of probes) {
      const byTrpc = await app.inject({
        url: `/trpc/user.list?input=${encodeURIComponent(JSON.stringify({ search }))}`,
        headers: { authorization: `Bearer ${tokens[persona]}` },
      });
      const byGraphql = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[persona]}` },
        payload: JSON.stringify({
          query: 'query ($search: String) { users(search: $search) { _id } }',
          variables: { search },
        }),
      });
      if (byTrpc.body.includes(subjects[subject]))
        leaks.push(`tRPC user.list search '${search}': found by ${what}`);
      if (byGraphql.body.includes(subjects[subject]))
        leaks.push(`GraphQL users(search: '${search}'): found by ${what}`);
    }
    return leaks;
  }

  it('has an input for every tRPC query and every GraphQL query field', () => {
    expect(trpcQueries.filter((name) => !trpcRows[name])).toEqual([]);
    expect(Object.keys(queryFields).filter((name) => !graphqlQueryRows[name])).toEqual([]);
  });

  it.each(personas)('%s receives nothing they must not', async (persona) => {
    const answers = await everyAnswer(persona);
    const refusedByLimits = answers.filter(
      (answer) => answer.status === 400 && answer.body.includes('limit'),
    );
    expect(refusedByLimits.map((answer) => answer.call)).toEqual([]);
    // A call that failed unexpectedly hides what it would have answered.
    const failed = answers.filter(
      (answer) => answer.status >= 500 || answer.body.includes('Unexpected error'),
    );
    expect(failed.map((answer) => `${answer.call}: ${answer.body.slice(0, 200)}`)).toEqual([]);
    expect([...leaksIn(persona, answers), ...(await searchLeaks(persona))]).toEqual([]);
  });

  // The scan is not blind: what a persona may receive is planted where their calls reach it.
  it.each(personas)('%s receives what they may', async (persona) => {
    const all = (await everyAnswer(persona)).map((answer) => answer.body);
    const allowed = mayReceive[persona];
    const expected = [
      ...(allowed.personalData ? personalMarkers : []),
      ...allowed.answersOf.map((subject) => ({ text: answerMarkers[subject], what: `${subject}'s answer` })),
    ];
    const missing = expected
      .filter(({ text }) => !all.some((body) => body.includes(text)))
      .map(({ what }) => what);
    if (allowed.answerKey && !all.some(revealsAnswerKey)) missing.push('the answer key');
    for (const marker of allowed.answerKey ? keyMarkers : [])
      if (!all.some((body) => body.includes(marker))) missing.push(`the answer key's ${marker}`);
    expect(missing).toEqual([]);
  });
});
