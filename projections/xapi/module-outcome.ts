import type { EventData, StoredOf } from '../../events/event-types';
import { agent, type Draft, type ModuleNames, moduleActivity, moduleContext, scoreOf } from './build';
import { verbOf } from './vocabulary';

/** The latest score of each question a participant answered in a module, keyed by the JSON of [page path, question]. */
export type ModuleProgress = Record<string, { score: number; max: number; open: boolean }>;

export const recordAnswer = (answers: ModuleProgress, data: EventData<'AnswerSaved'>): ModuleProgress => ({
  ...answers,
  [JSON.stringify([data.pagePath, data.question])]: {
    score: data.score,
    max: data.maxScore,
    open: data.questionType === 'open',
  },
});

/**
 * completed and passed or failed, once every question of the module (as its pages are at this
 * event) has an answer; null before. Passed means every choice question at its full score, the
 * certificate's `correct` condition; an open answer counts as right, as for progress gating, since
 * a teacher scores it later (events/result/progress.ts).
 */
export function moduleOutcome(
  event: StoredOf<'AnswerSaved'>,
  answers: ModuleProgress,
  questions: Set<string>,
  names?: ModuleNames,
): Draft[] | null {
  if (questions.size === 0 || ![...questions].every((question) => question in answers)) return null;
  const { data } = event;
  const counted = [...questions].map((question) => answers[question]!);
  const raw = counted.reduce((sum, answer) => sum + answer.score, 0);
  const max = counted.reduce((sum, answer) => sum + answer.max, 0);
  const success = counted.every((answer) => answer.open || answer.score >= answer.max);
  const object = moduleActivity(data.modulePath, names);
  const grouping = moduleContext(data.modulePath, names).contextActivities.grouping;
  const base = { userId: data.userId, activity: object.id, source: null };
  const statement = (verb: 'completed' | 'passed' | 'failed') => ({
    actor: agent(data.userId),
    verb: verbOf(verb),
    object,
    result: { score: scoreOf(raw, max), success, completion: true },
    ...(grouping ? { context: { contextActivities: { grouping } } } : {}),
    timestamp: event.meta.at,
  });
  const verdict = success ? 'passed' : 'failed';
  return [
    { ...base, kind: 'completed', verb: 'completed', statement: statement('completed') },
    { ...base, kind: verdict, verb: verdict, statement: statement(verdict) },
  ];
}
