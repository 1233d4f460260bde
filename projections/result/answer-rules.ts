import type { StoredOf } from '../../events/event-types';
import type { AnswerValue } from '../../events/result/answers';
import type { QuestionType } from '../../events/result/events';
import type { StoredEvent } from '../../events/store';
import { laterOf } from '../db';

/**
 * What a participant's answer or draft, a teacher's score and an extra attempt do to the results
 * read model, stated once: module-results.ts and result-drafts.ts fold their events with these
 * functions (one event or a whole run) and write the rows they return, and the learner view
 * (server/result/learner-view.ts) folds a save's events into the rows it read, so the three agree
 * by construction. Pure: rows and events in, rows out; the database is the callers' business.
 */

/** One participant's result on one question of a module (a row of result_answers). */
export interface AnswerRow {
  pageId: string;
  questionType: QuestionType;
  answer: AnswerValue | null;
  attempts: number;
  score: number;
  maxScore: number;
  /** The participant's last answer (a teacher's score is no activity of theirs). */
  updatedAt: string;
  feedback: string | null;
  /** Who scored the current answer and when; null until a teacher gives it a score. */
  scoredBy: string | null;
  scoredAt: string | null;
  /** Attempts teachers gave on top of the formula. */
  extraAttempts: number;
}

/**
 * An open answer is "not yet scored" until a teacher gives its latest version a score
 * (docs/adr/0018-unscored-answers.md): answered, worth points, and no score given since the
 * participant last answered. Choice answers are scored by the server when given. The teachers'
 * queue reads the same rule in SQL (server/result/to-grade.ts, `awaitingScoreSql`).
 */
export const awaitsScore = (
  row: Pick<AnswerRow, 'questionType' | 'answer' | 'maxScore' | 'scoredAt'>,
): boolean =>
  row.questionType === 'open' &&
  row.maxScore > 0 &&
  row.scoredAt === null &&
  typeof row.answer === 'string' &&
  row.answer.trim() !== '';

/** A participant's unconfirmed answer to one question (a row of result_drafts). */
export interface DraftRow {
  pageId: string;
  answer: AnswerValue | null;
  updatedAt: string;
}

/** When a participant began and was last active in a module (a row of module_results). */
export interface ActivityRow {
  modulePath: string;
  startedAt: string;
  updatedAt: string;
}

type Ref = { userId: string; moduleId: string; pagePath: string; question: string };

/** The types these rules read; any other event leaves every row as it was. */
export const answerEventTypes = ['AnswerSaved', 'AnswerScored', 'AttemptGranted', 'AnswerDrafted'] as const;
/** An event these rules read, its data typed by its type. */
export type AnswerEvent = StoredOf<(typeof answerEventTypes)[number]>;

export const isAnswerEvent = (event: StoredEvent): event is AnswerEvent =>
  (answerEventTypes as readonly string[]).includes(event.type);

/** One question of one participant in one module (the module id as the uuid column gives it back). */
export const questionKey = (ref: Ref) =>
  JSON.stringify([ref.userId, ref.moduleId.toLowerCase(), ref.pagePath, ref.question]);

/** One participant in one module. */
export const activityKey = (ref: Pick<Ref, 'userId' | 'moduleId'>) =>
  JSON.stringify([ref.userId, ref.moduleId.toLowerCase()]);

/**
 * The question's result after `event`. An answer replaces the row only when it is a later attempt
 * than the row's: a replay, or two devices saving at once, never brings back an earlier one. The
 * teacher's feedback and extra attempts outlive a new answer; a score does not (a new answer is
 * not yet scored until a teacher scores it again), and feedback alone scores nothing. A score or an
 * extra attempt for a question without an answer changes nothing. Returns `row` itself when
 * nothing changes.
 */
export function answerAfter(row: AnswerRow | null, event: AnswerEvent): AnswerRow | null {
  switch (event.type) {
    case 'AnswerSaved': {
      const { data } = event;
      if (row && row.attempts >= data.attempt) return row;
      return {
        pageId: data.pageId,
        questionType: data.questionType,
        answer: data.answer,
        attempts: data.attempt,
        score: data.score,
        maxScore: data.maxScore,
        updatedAt: event.meta.at,
        feedback: row?.feedback ?? null,
        scoredBy: null,
        scoredAt: null,
        extraAttempts: row?.extraAttempts ?? 0,
      };
    }
    case 'AnswerScored': {
      if (!row) return row;
      const { data } = event;
      return {
        ...row,
        score: data.score,
        feedback: data.feedback,
        ...(data.scored ? { scoredBy: data.scoredBy, scoredAt: event.meta.at } : {}),
      };
    }
    case 'AttemptGranted': {
      if (!row) return row;
      return { ...row, extraAttempts: event.data.extraAttempts };
    }
    default:
      return row;
  }
}

/**
 * The question's draft after `event`: a draft replaces the one before, and a confirmed answer
 * supersedes it. Either way the row depends on the event alone, never on the draft before, so a run
 * of events can be folded without reading the drafts first (result-drafts.ts relies on it).
 */
export function draftAfter(draft: DraftRow | null, event: AnswerEvent): DraftRow | null {
  switch (event.type) {
    case 'AnswerDrafted': {
      const { data } = event;
      return { pageId: data.pageId, answer: data.answer, updatedAt: event.meta.at };
    }
    case 'AnswerSaved':
      return null;
    default:
      return draft;
  }
}

/**
 * The participant's activity in the module after `event`: the first answer applied starts it (and
 * names the module's path), every answer may move its end later; log times can go back (clocks of
 * several servers), so the latest time wins rather than the last event. Drafts and a teacher's
 * score are no activity here.
 */
export function activityAfter(activity: ActivityRow | null, event: AnswerEvent): ActivityRow | null {
  if (event.type !== 'AnswerSaved') return activity;
  const at = event.meta.at;
  if (!activity) return { modulePath: event.data.modulePath, startedAt: at, updatedAt: at };
  const updatedAt = laterOf(activity.updatedAt, at);
  return updatedAt === activity.updatedAt ? activity : { ...activity, updatedAt };
}

/**
 * Folds `events` into rows by key, starting from `before` (a key it lacks has no row yet): every
 * key an event touched, with the row it leaves (null: none). A row the events left as it was is the
 * very object of `before`, so a caller can write only what changed.
 */
export function foldRows<Row>(
  events: readonly AnswerEvent[],
  keyOf: (event: AnswerEvent) => string | null,
  rowAfter: (row: Row | null, event: AnswerEvent) => Row | null,
  before: ReadonlyMap<string, Row> = new Map(),
): Map<string, Row | null> {
  const after = new Map<string, Row | null>();
  for (const event of events) {
    const key = keyOf(event);
    if (key === null) continue;
    const current = after.has(key) ? after.get(key)! : (before.get(key) ?? null);
    after.set(key, rowAfter(current, event));
  }
  return after;
}

/** The question an answer event is about. */
export const questionOf = (event: AnswerEvent) => questionKey(event.data);
