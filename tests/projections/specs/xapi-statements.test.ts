import { describe, expect, it } from 'vitest';
import { xapiStatements } from '../../../projections/xapi/statements';
import { databaseKinds } from '../../harness';
import { sdgChoice } from '../../support/questions';
import { event, projectionSpec } from '../given-events';
import { aCertificate, aModule, anAnswer, aPage, aUser } from './fixtures';

type Row = Record<string, unknown>;
/** The statements in the log's order, as (user, verb, voided). */
const told = (rows: Row[] | undefined) =>
  [...(rows ?? [])]
    .sort((a, b) => Number(a.position) - Number(b.position) || Number(a.ordinal) - Number(b.ordinal))
    .map((row) => [row.user_id, row.verb, row.voided]);

describe.each(databaseKinds)('xapi_statements on %s', (kind) => {
  const spec = projectionSpec(xapiStatements, kind);
  const ann = aUser('ann');
  const module = aModule();
  const page = aPage(module, 'quiz');
  const quiz = page.created({ type: 'question', content: [sdgChoice, { ...sdgChoice, name: 'second' }] });
  const first = anAnswer('ann', module, page, 'sdg');
  const second = anAnswer('ann', module, page, 'second');
  const seen = (userId: string) =>
    event('ItemSeen', {
      userId,
      category: 'courses',
      path: 'family-planning',
      at: '2026-11-24T08:00:00.000Z',
    });

  it('a sighting and an answer are a statement each, with their activity', () =>
    spec
      .given(ann.created(), quiz)
      .when(seen('ann'), first.saved(1, 'five', 1))
      .thenCheck(({ xapi_statements: rows }) => {
        expect(told(rows)).toEqual([
          ['ann', 'experienced', false],
          ['ann', 'answered', false],
        ]);
        // IRIs under the base the platform fixed at its start (its public address, here the default).
        expect(rows!.map((row) => row.activity).sort()).toEqual(
          [
            'http://localhost:3000/course/family-planning',
            'http://localhost:3000/module/hygiene/quiz#sdg',
          ].sort(),
        );
      }));

  it('the answer that completes the module adds completed and passed or failed, once (reads page_summaries)', () =>
    spec
      .given(ann.created(), quiz, first.saved(1, 'five', 1))
      .when(second.saved(1, 'thirteen', 0), second.saved(2, 'five', 1))
      .thenCheck(({ xapi_statements: rows, xapi_module_progress: progress }) => {
        expect(told(rows)).toEqual([
          ['ann', 'answered', false],
          ['ann', 'answered', false],
          ['ann', 'completed', false],
          ['ann', 'failed', false],
          ['ann', 'answered', false],
        ]);
        expect(progress).toEqual([
          expect.objectContaining({ user_id: 'ann', module_id: module.moduleId, completed: true }),
        ]);
      }));

  it('someone who does not exist (any more) makes no statement (reads users)', () =>
    spec
      .given(quiz)
      .when(seen('nobody'), anAnswer('nobody', module, page).saved(1, 'five', 1))
      .thenRows({ xapi_statements: [], xapi_module_progress: [] }));

  it('a revoked certificate voids its earned statement, by a voiding statement', () => {
    const certificate = aCertificate('ann', { id: module.moduleId, path: module.path });
    return spec
      .given(ann.created(), certificate.issued())
      .when(certificate.revoked())
      .thenCheck(({ xapi_statements: rows }) => {
        expect(told(rows)).toEqual([
          ['ann', 'earned', true],
          [null, 'voided', false],
        ]);
      });
  });

  it('an erased person’s statements are voided and lose their response; their progress goes', () =>
    spec
      .given(ann.created(), aUser('bob').created(), quiz, first.saved(1, 'five', 1), seen('bob'))
      .when(ann.deleted())
      .thenCheck(({ xapi_statements: rows, xapi_module_progress: progress }) => {
        expect(told(rows)).toEqual([
          ['ann', 'answered', true],
          ['bob', 'experienced', false],
          [null, 'voided', false],
        ]);
        const answered = rows!.find((row) => row.verb === 'answered')!;
        expect((answered.body as { result?: { response?: string } }).result?.response).toBeUndefined();
        expect(progress).toEqual([]);
      }));
});
