import { sql } from 'kysely';
import { z } from 'zod';
import { isQuestion, type QuestionElement } from '../../events/page/content';
import type { Actor } from '../../events/permissions';
import { type AnswerValue, maxScoreOf } from '../../events/result/answers';
import { questionTypes } from '../../events/result/events';
import { languageSchema, pathSchema } from '../../events/shared/fields';
import { type PageSummary, toPageSummary } from '../../projections/page/page-summaries';
import type { Db } from '../db/tables';
import { maySeeAnswerKey } from '../page/queries';
import { awaitingScoreSql, inCourses } from './participant-results';
import { questionColumns } from './participants';
import { questionStats, type StatsAnswer } from './question-stats';
import { statsParts } from './question-stats-parts';
import { readScope, teacherModule } from './teacher';

export const questionStatsInput = z.object({ module: pathSchema });

const share = z.number().min(0).max(1);

/**
 * result.questionStats: aggregates only. No participant id, name or e-mail is part of it, so a
 * strict object refuses one that would slip in.
 */
export const questionStatsOutput = z.strictObject({
  module: z.strictObject({ path: z.string(), name: z.string(), language: languageSchema }),
  /** Participants with at least one answer to a question the module has now. */
  participants: z.number().int(),
  pages: z.array(
    z.strictObject({
      path: z.string(),
      name: z.string(),
      questions: z.number().int(),
      reached: z.number().int(),
      completed: z.number().int(),
      completion: share.nullable(),
    }),
  ),
  questions: z.array(
    z.strictObject({
      page: z.string(),
      name: z.string(),
      label: z.string(),
      questionType: z.enum(questionTypes),
      maxScore: z.number(),
      answered: z.number().int(),
      awaitingScore: z.number().int(),
      options: z.array(
        z.strictObject({ value: z.string(), label: z.string(), count: z.number().int(), share }),
      ),
      /** Numeric and short-answer questions: the most frequent answers, normalised (question-stats.ts). */
      frequent: z.array(
        z.strictObject({
          value: z.string(),
          count: z.number().int(),
          share,
          verdict: z.enum(['full', 'partly', 'zero']),
        }),
      ),
      /**
       * Matching, ordering and fill-in: per pair, place or blank as an answer reads it, how many had
       * it right; empty for a reader who may not see the answer key (the parts name it).
       */
      parts: z.array(z.strictObject({ label: z.string(), right: z.number().int(), share })),
      /** Matching, ordering and fill-in: the scored answers at full score, partly scored and at 0. */
      scores: z
        .strictObject({ full: z.number().int(), partly: z.number().int(), zero: z.number().int() })
        .nullable(),
      /** A numeric question's unit, to read its answers with; empty otherwise. */
      unit: z.string(),
      facility: z.number().nullable(),
      discrimination: z.number().min(-1).max(1).nullable(),
      meanAttempts: z.number().nullable(),
    }),
  ),
});
export type QuestionStatsOutput = z.infer<typeof questionStatsOutput>;

/** Question types whose answers name their parts: counted part by part (question-stats-parts.ts). */
const hasParts = (question: QuestionElement) =>
  question.questionType === 'matching' ||
  question.questionType === 'ordering' ||
  question.questionType === 'fillBlanks';

interface StatsRow {
  pages: Parameters<typeof toPageSummary>[0][];
  answers: {
    user_id: string;
    page_id: string;
    question: string;
    answer: AnswerValue | null;
    score: number;
    attempts: number;
    awaiting: boolean;
  }[];
}

/**
 * The module's pages and the stored answers its teacher reaches, in one statement. A course's
 * teacher counts only that course's participants, as their results list does (readScope).
 */
async function statsSources(db: Db, modulePath: string, moduleId: string, courses?: readonly string[]) {
  const { rows } = await sql<StatsRow>`
    select
      (select coalesce(json_agg(p order by p.position, p.path), '[]')
        from page_summaries p where p.module_path = ${modulePath}) as pages,
      (select coalesce(json_agg(json_build_object('user_id', a.user_id, 'page_id', a.page_id,
          'question', a.question, 'answer', a.answer, 'score', a.score, 'attempts', a.attempts,
          'awaiting', ${awaitingScoreSql('a')})), '[]')
        from result_answers a where a.module_id = ${moduleId} and ${inCourses(courses, 'a.user_id')}) as answers`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    pages: row.pages.map(toPageSummary) as PageSummary[],
    answers: row.answers.map(
      (answer): StatsAnswer => ({
        userId: answer.user_id,
        pageId: answer.page_id,
        question: answer.question,
        answer: answer.answer,
        score: Number(answer.score),
        attempts: Number(answer.attempts),
        awaitingScore: answer.awaiting,
      }),
    ),
  };
}

/**
 * The question statistics of a module (question-stats.ts) for who may read its results, with the
 * questions' and options' texts as the module's authors wrote them (its language).
 */
export async function moduleQuestionStats(
  db: Db,
  actor: Actor | null,
  modulePath: string,
): Promise<QuestionStatsOutput> {
  const module = await teacherModule(db, actor, modulePath);
  // Which pair, place or blank is right names the answer key: only for who may read it.
  const answerKey = maySeeAnswerKey(actor, module.owners);
  const sources = await statsSources(db, module.path, module.moduleId, readScope(module).courses);
  const columns = questionColumns(sources.pages);
  const stats = questionStats(
    sources.pages.map((page) => ({
      pageId: page.pageId,
      questions: page.content.filter(isQuestion).map((question) => ({
        name: question.name,
        questionType: question.questionType,
        options: question.options,
        maxScore: maxScoreOf(question),
        ...(hasParts(question) ? { parts: answerKey ? statsParts(question) : [] } : {}),
      })),
    })),
    sources.answers,
  );
  const pageOf = new Map(sources.pages.map((page, index) => [page.pageId, columns[index]!]));
  return {
    module: { path: module.path, name: module.name, language: module.language },
    participants: stats.participants,
    pages: stats.pages.map((page) => {
      const column = pageOf.get(page.pageId)!;
      return {
        path: column.path,
        name: column.name,
        questions: column.questions.length,
        reached: page.reached,
        completed: page.completed,
        completion: page.completion,
      };
    }),
    questions: stats.questions.map((question) => {
      const column = pageOf.get(question.pageId)!;
      const asked = column.questions.find((candidate) => candidate.name === question.name)!;
      const labels = new Map(asked.options.map((option) => [option.value, option.label]));
      return {
        page: column.path,
        name: question.name,
        label: asked.label,
        questionType: question.questionType,
        maxScore: asked.maxScore,
        answered: question.answered,
        awaitingScore: question.awaitingScore,
        options: question.options.map((option) => ({
          ...option,
          label: labels.get(option.value) ?? option.value,
        })),
        frequent: question.frequent,
        parts: question.parts,
        scores: question.scores,
        unit: asked.questionType === 'numeric' ? (asked.unit ?? '') : '',
        facility: question.facility,
        // Rounding can carry a perfect correlation a hair past ±1.
        discrimination:
          question.discrimination === null ? null : Math.max(-1, Math.min(1, question.discrimination)),
        meanAttempts: question.meanAttempts,
      };
    }),
  };
}
