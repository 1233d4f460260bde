import { describe, expect, it } from 'vitest';
import { answerFrom, keptCopy, partsOf, readsOf } from '../../../client/sw/trpc-calls';

const origin = 'https://learn.example.org';
/** A batched GET as the client's httpBatchLink writes it. */
const batch = (procedures: string[], inputs: Record<string, unknown>) =>
  new URL(
    `${origin}/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
  );

describe('tRPC reads as the service worker keeps them', () => {
  it('keys each call of a batch by the address of that call made alone', () => {
    const reads = readsOf(
      batch(['result.module', 'result.page', 'user.me'], {
        0: { module: 'srgr-begrippen' },
        1: { module: 'srgr-begrippen', page: 'wat-is-srgr' },
      }),
    );
    expect(reads).toEqual({
      batch: true,
      calls: [
        {
          procedure: 'result.module',
          key: `${origin}/trpc/result.module?input=${encodeURIComponent('{"module":"srgr-begrippen"}')}`,
        },
        {
          procedure: 'result.page',
          key: `${origin}/trpc/result.page?input=${encodeURIComponent('{"module":"srgr-begrippen","page":"wat-is-srgr"}')}`,
        },
        { procedure: 'user.me', key: `${origin}/trpc/user.me` },
      ],
    });
    // The same call in another batch has the same key.
    const alone = readsOf(batch(['result.page'], { 0: { module: 'srgr-begrippen', page: 'wat-is-srgr' } }));
    expect(alone?.calls[0]?.key).toBe(reads?.calls[1]?.key);
  });

  it('keeps nothing of a batch holding any call that is not a learner read', () => {
    expect(readsOf(batch(['user.me', 'user.list'], {}))).toBeNull();
    expect(readsOf(batch(['result.participants'], { 0: { module: 'm' } }))).toBeNull();
    expect(readsOf(new URL(`${origin}/trpc/result.save?batch=1`))).toBeNull();
    expect(readsOf(new URL(`${origin}/api/files/x`))).toBeNull();
    expect(readsOf(new URL(`${origin}/trpc/user.me?batch=1&input=%7Bbroken`))).toBeNull();
  });

  it('keeps the calls that succeeded, forgets those now refused or gone, leaves the others', () => {
    const reads = readsOf(
      batch(['result.module', 'result.page', 'user.me'], {
        0: { module: 'm' },
        1: { module: 'm', page: 'p' },
      }),
    )!;
    const parts = partsOf(reads, [
      { result: { data: { pages: [] } } },
      { error: { message: 'Not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } },
      { error: { message: 'Down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } },
    ]);
    expect(parts).toEqual([
      { ...reads.calls[0], keep: { result: { data: { pages: [] } } } },
      { ...reads.calls[1], forget: true },
    ]);
    // An answer that does not fit the request keeps nothing.
    expect(partsOf(reads, [{ result: { data: 1 } }])).toEqual([]);
    expect(partsOf(reads, { message: 'Too many requests' })).toEqual([]);
  });

  it('answers a batch offline from the calls kept, the missing ones as an unreachable service', () => {
    const reads = readsOf(
      batch(['result.module', 'result.page'], { 0: { module: 'm' }, 1: { module: 'm', page: 'p' } }),
    )!;
    const kept = { result: { data: { pages: ['p'] } } };
    expect(answerFrom(reads, [kept, undefined])).toEqual([
      kept,
      {
        error: {
          message: 'Not saved for offline reading',
          code: -32603,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'result.page' },
        },
      },
    ]);
    expect(answerFrom(reads, [undefined, undefined])).toBeNull();
    const single = readsOf(new URL(`${origin}/trpc/user.me`))!;
    expect(answerFrom(single, [{ result: { data: { _id: 'u' } } }])).toEqual({
      result: { data: { _id: 'u' } },
    });
  });

  it('keeps no answer key and no other participants, whoever received them', () => {
    const question = {
      type: 'radio',
      name: 'q',
      options: [
        { label: 'Right', value: 'right', score: 1, feedback: 'FEEDBACK-KEY' },
        { label: 'Wrong', value: 'wrong', score: 0 },
      ],
    };
    const year = {
      type: 'numeric',
      name: 'year',
      options: [],
      unit: 'jaar',
      accepted: [{ value: 1994, tolerance: 0, score: 1, feedback: 'ACCEPTED-KEY' }],
    };
    const pairs = {
      type: 'matching',
      questionType: 'matching',
      name: 'pairs',
      options: [],
      pairs: [{ value: 'pa', prompt: 'A', match: 'PAIR-KEY', score: 1, feedback: '' }],
      distractors: [{ value: 'd', label: 'Other' }],
    };
    const steps = {
      type: 'ordering',
      questionType: 'ordering',
      name: 'steps',
      options: [],
      items: [{ value: 's1', label: 'ITEM-KEY' }],
      scoring: 'all',
      score: 1,
    };
    const gaps = {
      type: 'fillBlanks',
      questionType: 'fillBlanks',
      name: 'gaps',
      options: [],
      text: 'A [[1]] and [[2]]',
      gaps: [
        { kind: 'text', accepted: [{ text: 'GAP-KEY', score: 1, feedback: '' }] },
        { kind: 'select', options: [{ label: 'Yes', value: 'yes', score: 1, feedback: 'GAPFEEDBACK-KEY' }] },
      ],
    };
    const reads = readsOf(
      batch(['page.byPath', 'result.page', 'course.team'], {
        0: { path: 'p' },
        1: { module: 'm', page: 'p' },
        2: { path: 'c' },
      }),
    )!;
    const parts = partsOf(reads, [
      { result: { data: { path: 'p', content: [question, year, pairs, steps, gaps] } } },
      {
        result: {
          data: {
            page: { content: [question, year] },
            questions: { q: { score: 1, maxScore: 1, checkFeedback: ['Own verdict stays.'] } },
          },
        },
      },
      { result: { data: { owners: [{ name: 'Tess Teacher' }], participants: [{ name: 'Pat Peer' }] } } },
    ]);
    const kept = JSON.stringify(parts);
    expect(kept).not.toMatch(
      /"score":0|Pat Peer|FEEDBACK-KEY|ACCEPTED-KEY|1994|PAIR-KEY|Other|ITEM-KEY|GAP-KEY|GAPFEEDBACK/,
    );
    expect(kept).toContain('Own verdict stays.');
    expect(parts[0]).toMatchObject({
      keep: {
        result: {
          data: {
            content: [
              { options: [{ label: 'Right', value: 'right' }, { value: 'wrong' }] },
              { unit: 'jaar' },
              { name: 'pairs', options: [] },
              { name: 'steps', options: [] },
              {
                text: 'A [[1]] and [[2]]',
                gaps: [{ kind: 'text' }, { kind: 'select', options: [{ value: 'yes' }] }],
              },
            ],
          },
        },
      },
    });
    // The learner's own score on the question, and the course's teachers, stay.
    expect(parts[1]).toMatchObject({ keep: { result: { data: { questions: { q: { score: 1 } } } } } });
    expect(parts[2]).toMatchObject({
      keep: { result: { data: { owners: [{ name: 'Tess Teacher' }], participants: null } } },
    });
    expect(keptCopy('user.me', { result: { data: { _id: 'u' } } })).toEqual({
      result: { data: { _id: 'u' } },
    });
  });
});
