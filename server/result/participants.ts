import { z } from 'zod';
import { invalid } from '../../events/errors';
import { isQuestion, type QuestionElement } from '../../events/page/content';
import type { Actor } from '../../events/permissions';
import { attemptsAllowed, maxScoreOf } from '../../events/result/answers';
import { type Gate, pageStuck, type QuestionProgress } from '../../events/result/progress';
import { dateValueSchema, pathSchema } from '../../events/shared/fields';
import type { PageSummary } from '../../projections/page/page-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { findUsersByIds, type UserProfile } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { asSeenBy, searchScopeOf, userFor } from '../user/queries';
import type { LabelledQuestion } from './answer-texts';
import {
  type ActivityRange,
  type AnswerStanding,
  activeParticipantIds,
  participantsOfModule,
  scoreKey,
  scoresOf,
  standingsOf,
} from './participant-results';
import { readScope, teacherModule } from './teacher';

/** A whole percentage of the maximum; nothing to score counts as 100 %, as the learner's result does. */
export const percentOf = (score: number, maxScore: number) =>
  maxScore > 0 ? Math.round((score / maxScore) * 100) : 100;

/**
 * A date range as the search form sends it (from and until: docs/guide/results-and-scoring.md): a
 * calendar date (YYYY-MM-DD, a day in UTC; `until` includes that whole day) or an ISO timestamp.
 */
export function activityRange(from?: string | null, until?: string | null): ActivityRange {
  const start = from ? new Date(from.length === 10 ? `${from}T00:00:00.000Z` : from) : undefined;
  let end: Date | undefined;
  if (until) {
    end = new Date(until.length === 10 ? `${until}T00:00:00.000Z` : until);
    end = new Date(end.getTime() + (until.length === 10 ? 86_400_000 : 1));
  }
  if (start && end && end <= start)
    throw invalid('result.dateOrder', [{ path: 'until', key: 'result.dateOrder' }]);
  return { from: start, until: end };
}

/** A number field of the search form: numbers compared as numbers, an empty field is no filter. */
const numberField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number({ message: 'result.notNumber' }).min(0).max(100).optional(),
);

/** The results search (admin module view `results`). */
export const participantSearchSchema = z.object({
  module: pathSchema,
  from: dateValueSchema.nullish(),
  until: dateValueSchema.nullish(),
  search: z.string().trim().max(200).optional(),
  minPercent: numberField,
  maxPercent: numberField,
  /** Only the participants in this group within a course; absent: everyone, as before. */
  group: z.string().trim().min(1).max(60).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).default(0),
});
export type ParticipantSearch = z.input<typeof participantSearchSchema>;

/**
 * What reading a question's answers needs (answer-texts.ts): its type, its options' texts, a number's
 * unit, and the parts a matching, ordering or fill-in answer names (the answer key with them, so
 * this stays on the server: the CSV and the statistics read it, no reader receives it).
 */
function labelled(question: QuestionElement): LabelledQuestion {
  const options = question.options.map(({ label, value }) => ({ label, value }));
  switch (question.questionType) {
    case 'numeric':
      return { questionType: 'numeric', options, ...(question.unit !== '' ? { unit: question.unit } : {}) };
    case 'matching':
      return { questionType: 'matching', options, pairs: question.pairs, distractors: question.distractors };
    case 'ordering':
      return { questionType: 'ordering', options, items: question.items };
    case 'fillBlanks':
      return { questionType: 'fillBlanks', options, gaps: question.gaps };
    default:
      return { questionType: question.questionType, options };
  }
}

/** The questions of a module's pages in page order, with their current maximum score. */
export function questionColumns(pages: PageSummary[]) {
  return pages.map((page) => {
    const questions = page.content.filter(isQuestion).map((question) => ({
      name: question.name,
      label: question.label,
      ...labelled(question),
      maxScore: maxScoreOf(question),
    }));
    return {
      path: page.path,
      name: page.name,
      questions,
      maxScore: questions.reduce((sum, question) => sum + question.maxScore, 0),
    };
  });
}

/**
 * The participants of a module for its teachers: one page of those active in the range that match
 * the search, each with a score per page and the total percentage. Maxima are the module's current
 * ones (a question changed after someone answered counts with its new maximum here).
 */
export async function moduleParticipants(db: Db, actor: Actor | null, input: ParticipantSearch) {
  const search = participantSearchSchema.parse(input);
  const module = await teacherModule(db, actor, search.module);
  const stored = await pagesOfModule(db, module.path);
  const pages = questionColumns(stored);
  const maxScore = pages.reduce((sum, page) => sum + page.maxScore, 0);
  const range = { ...activityRange(search.from, search.until), ...readScope(module) };
  if (
    search.minPercent !== undefined &&
    search.maxPercent !== undefined &&
    search.minPercent > search.maxPercent
  )
    throw invalid('result.percentOrder', [{ path: 'maxPercent', key: 'result.percentOrder' }]);
  const { total, rows } = await participantsOfModule(db, module.moduleId, {
    ...range,
    search: search.search || undefined,
    minPercent: search.minPercent,
    maxPercent: search.maxPercent,
    group: search.group,
    moduleMaxScore: maxScore,
    scope: searchScopeOf(actor),
    limit: search.limit,
    offset: search.offset,
  });
  const userIds = rows.map((row) => row.userId);
  const scores = await scoresOf(db, module.moduleId, userIds);
  const standings = await standingsOf(db, module.moduleId, userIds);
  const stuck = stuckOn(module, await pagesOfModule(db, module.path), standings);
  const awaiting = awaitingOn(standings);
  return {
    module: { path: module.path, name: module.name },
    pages: pages.map(({ path, name, maxScore }) => ({ path, name, maxScore })),
    maxScore,
    total,
    participants: rows.map((row) => {
      const own = scores.get(row.userId);
      const shown = seenName(actor, row);
      return {
        _id: row.userId,
        name: shown.name,
        email: shown.email,
        startedAt: row.startedAt,
        updatedAt: row.updatedAt,
        score: row.score,
        percent: percentOf(row.score, maxScore),
        /** Pages this participant can no longer finish alone (attempts used up): they need another attempt. */
        stuckPages: stuck.get(row.userId) ?? [],
        awaitingPages: Object.fromEntries(awaiting.get(row.userId) ?? []),
        awaitingScore: [...(awaiting.get(row.userId)?.values() ?? [])].reduce((sum, n) => sum + n, 0),
        pages: Object.fromEntries(
          pages.map((page) => [
            page.path,
            page.questions.reduce(
              (sum, question) => sum + (own?.get(scoreKey(page.path, question.name)) ?? 0),
              0,
            ),
          ]),
        ),
      };
    }),
  };
}

/** Per participant, per page path, how many answers wait for a teacher's score. */
function awaitingOn(standings: AnswerStanding[]): Map<string, Map<string, number>> {
  const byUser = new Map<string, Map<string, number>>();
  for (const standing of standings) {
    if (!standing.awaitingScore) continue;
    const own = byUser.get(standing.userId) ?? new Map<string, number>();
    own.set(standing.pagePath, (own.get(standing.pagePath) ?? 0) + 1);
    byUser.set(standing.userId, own);
  }
  return byUser;
}

/**
 * Per participant, the paths of the pages they can no longer finish alone (progress.ts pageStuck),
 * from their answered questions: a question nobody answered is never locked.
 */
function stuckOn(gate: Gate, pages: PageSummary[], standings: AnswerStanding[]): Map<string, string[]> {
  const byUser = new Map<string, Map<string, AnswerStanding>>();
  for (const standing of standings) {
    const own = byUser.get(standing.userId) ?? new Map<string, AnswerStanding>();
    own.set(scoreKey(standing.pagePath, standing.question), standing);
    byUser.set(standing.userId, own);
  }
  const stuck = new Map<string, string[]>();
  for (const [userId, own] of byUser) {
    const paths = pages.flatMap((page) => {
      const questions: QuestionProgress[] = page.content.filter(isQuestion).map((question) => {
        const standing = own.get(scoreKey(page.path, question.name));
        const allowed = attemptsAllowed(question);
        return {
          name: question.name,
          questionType: question.questionType,
          answered: standing?.answered ?? false,
          score: standing?.score ?? 0,
          maxScore: standing?.maxScore ?? maxScoreOf(question),
          locked:
            standing !== undefined &&
            allowed !== null &&
            standing.attempts >= allowed + standing.extraAttempts,
        };
      });
      return pageStuck(gate, questions) ? [page.path] : [];
    });
    if (paths.length > 0) stuck.set(userId, paths);
  }
  return stuck;
}

/** Name and e-mail as this viewer may see them (private profiles read 'Anonymous User'). */
export function seenName(
  actor: Actor | null,
  row: { userId: string; name: string | null; email: string | null; fullPrivacy: boolean },
) {
  const seen = asSeenBy(actor, {
    _id: row.userId,
    fullPrivacy: row.fullPrivacy,
    name: row.name ?? '',
    email: row.email ?? '',
  } as UserProfile);
  return { name: seen.name, email: seen.email };
}

/** Module.activeUsers(before, after): the participants active in the range, for its teachers. */
export async function activeUsers(
  db: Db,
  actor: Actor | null,
  modulePath: string,
  after?: string | null,
  before?: string | null,
): Promise<UserProfile[]> {
  const module = await teacherModule(db, actor, modulePath);
  const from = after ? dateValueSchema.parse(after) : null;
  const until = before ? dateValueSchema.parse(before) : null;
  const ids = await activeParticipantIds(db, module.moduleId, {
    ...activityRange(from, until),
    ...readScope(module),
  });
  const users = new Map((await findUsersByIds(db, ids)).map((user) => [user._id, user]));
  return ids.flatMap((id) => {
    const user = users.get(id);
    return user ? [userFor(actor, user)] : [];
  });
}
