import { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { forbidden, notFound, unauthenticated } from '../../events/errors';
import { isQuestion, type QuestionElement } from '../../events/page/content';
import type { Actor } from '../../events/permissions';
import { correctValues } from '../../events/result/answers';
import type {
  GrantAttemptInput,
  PageOfParticipant,
  ResultCommand,
  UpdateResultInput,
} from '../../events/result/commands';
import { resultDecider } from '../../events/result/decider';
import type { QuestionType } from '../../events/result/events';
import { type ResultEvent, resultStream } from '../../events/result/events';
import { pathSchema } from '../../events/shared/fields';
import { readStream } from '../../events/store';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath, type ModuleSummary } from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { findUserById, findUsersByIds } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { maySeeAnswerKey } from '../page/queries';
import type { Platform } from '../platform';
import { type ModuleAuthority, moduleAuthority, requireReach } from '../rights/module-rights';
import { asSeenBy } from '../user/queries';
import { answerLabels } from './answer-texts';
import { learnerModuleOf, participantState } from './queries';

/** A module as its teachers reach it: with its owners and the actor's authority on it. */
export type TaughtModule = ModuleSummary & { owners: string[]; authority: ModuleAuthority };

/**
 * Teachers' side of results: who may read (`read`) or score, give attempts and certify (`teach`) in
 * a module's results, by the one module rule (`moduleAuthority`): its editors and owners for all
 * participants, holders of the view right to read only, and the owners of a course that lists it
 * legitimately for that course's participants.
 */
export async function teacherModule(
  db: Db,
  actor: Actor | null,
  path: string,
  purpose: 'read' | 'teach' = 'read',
): Promise<TaughtModule> {
  if (!actor) throw unauthenticated();
  const module = await findModuleByPath(db, path);
  if (!module) throw notFound('module.notFound');
  const owners = await ownersOfModule(db, module.moduleId);
  const authority = await moduleAuthority(db, actor, module, owners);
  if (!(purpose === 'read' ? authority.rights.results : authority.rights.score)) throw forbidden();
  return { ...module, owners, authority };
}

/** The participants a teacher's reading reaches, as a filter of the participant queries. */
export const readScope = (module: TaughtModule): { courses?: string[] } =>
  module.authority.readReach && !module.authority.readReach.all
    ? { courses: module.authority.readReach.courses }
    : {};

/** The module, once the actor's authority reaches this participant for the purpose. */
async function teacherModuleFor(
  db: Db,
  actor: Actor | null,
  path: string,
  userId: string,
  purpose: 'read' | 'teach' = 'read',
): Promise<TaughtModule> {
  const module = await teacherModule(db, actor, path, purpose);
  await requireReach(db, actor, module.authority, purpose, userId);
  return module;
}

export const participantResultSchema = z.object({ module: pathSchema, user: z.string().min(1).max(200) });

/**
 * A teacher's command on one page of one participant's result (scores, another attempt): checked
 * with the teacher's rights, appended to the participant's result stream, answered with the result.
 */
async function onParticipantPage(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { module: string; page: string; user: string },
  build: (page: PageOfParticipant, teacher: Actor) => ResultCommand,
) {
  const db = platform.database.db;
  const module = await teacherModuleFor(db, actor, input.module, input.user, 'teach');
  const page = (await pagesOfModule(db, module.path)).find((candidate) => candidate.path === input.page);
  if (!page) throw notFound('page.notFound');
  const teacher = actor as Actor;
  const ref: PageOfParticipant = {
    userId: input.user,
    moduleId: module.moduleId,
    modulePath: module.path,
    pageId: page.pageId,
    pagePath: page.path,
    questions: page.content.filter(isQuestion),
  };
  await execute(platform.pipeline, {
    decider: resultDecider,
    stream: resultStream(module.moduleId, input.user),
    meta,
    authorize: () => {},
    command: () => build(ref, teacher),
  });
  return participantResult(db, teacher, input.module, input.user);
}

/**
 * updateResult(user, module, page, result): a teacher's scores and feedback on one page of one
 * participant's result become AnswerScored events on that participant's result stream.
 */
export const scoreResult = (
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: UpdateResultInput,
) =>
  onParticipantPage(platform, actor, meta, input, (ref, teacher) => ({
    type: 'ScoreAnswers',
    data: { ...ref, scores: input.result.scores, feedback: input.result.feedback, scoredBy: teacher.userId },
  }));

/**
 * A teacher gives a participant another attempt at one question whose attempts are used up
 * (AttemptGranted on the participant's result stream; the history shows who and when).
 */
export async function grantAttempt(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: GrantAttemptInput,
) {
  await teacherModule(platform.database.db, actor, input.module, 'teach');
  if (!(await findUserById(platform.database.db, input.user))) throw notFound('user.notFound');
  return onParticipantPage(platform, actor, meta, input, (ref, teacher) => ({
    type: 'GrantAttempt',
    data: { ...ref, question: input.question, grantedBy: teacher.userId },
  }));
}

/**
 * What a question accepts for its full score, as a teacher reads it: the accepted texts of a short
 * answer, numbers with their unit, and the right matches, order or blanks as their answer reads
 * (answer-texts.ts). Choices show it in their options, open questions have none.
 */
function correctAnswersOf(question: QuestionElement): string[] {
  switch (question.questionType) {
    case 'short':
      return correctValues(question);
    case 'numeric': {
      const unit = question.unit.trim();
      return correctValues(question).map((value) => (unit === '' ? value : `${value} ${unit}`));
    }
    case 'matching':
    case 'ordering':
    case 'fillBlanks':
      return answerLabels(question, correctValues(question));
    default:
      return [];
  }
}

export interface TeacherQuestion {
  name: string;
  label: string;
  questionType: QuestionType;
  /** The value the participant sent (option values, or the open answer). */
  answer: string | string[] | null;
  /**
   * The answer as the participant read it: the texts of the chosen options in the module's
   * language (in option order), the typed answer, or one text per match, item or blank; empty when
   * not answered.
   */
  answerLabels: string[];
  /**
   * What a numeric, short-answer, matching, ordering or fill-in question accepts for its full score,
   * for the teacher to read beside the answer: texts as written, numbers as "25 ± 0.5" with the
   * unit, the right matches, order or blanks as an answer reads; empty for choices, whose answer key
   * the options show, and for who may not see the answer key.
   */
  correctAnswers: string[];
  answered: boolean;
  score: number;
  maxScore: number;
  feedback: string | null;
  scoredBy: string | null;
  scoredAt: string | null;
  attempts: number;
  /** Null: unlimited. */
  attemptsAllowed: number | null;
  /** Attempts used up: a teacher may give another. */
  locked: boolean;
  /** An open answer no teacher has scored yet (its 0 is no score: ADR 0018). */
  awaitingScore: boolean;
}

/** One participant's result as a teacher reads it: every page and question, answers, scores, feedback. */
export async function participantResult(db: Db, actor: Actor | null, modulePath: string, userId: string) {
  const module = await teacherModuleFor(db, actor, modulePath, userId);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user.notFound');
  const state = await participantState(db, module.path, userId);
  // Who reads results without editing the module (a course's teacher) gets no answer key here either.
  const answerKey = maySeeAnswerKey(actor, module.owners);
  const summary = learnerModuleOf(state);
  const savedOf = (pagePath: string, name: string) =>
    state.saved.find((answer) => answer.pagePath === pagePath && answer.question === name);
  const pages = state.pages.map((page, index) => {
    const progress = state.progress[index]!;
    const elements = new Map(page.content.filter(isQuestion).map((question) => [question.name, question]));
    const questions: TeacherQuestion[] = (state.perPage[index] ?? []).map((question) => {
      const saved = savedOf(page.path, question.name);
      const element = elements.get(question.name);
      return {
        name: question.name,
        label: element?.label ?? question.name,
        questionType: question.questionType,
        answer: question.answer,
        answerLabels: element && question.answered ? answerLabels(element, question.answer) : [],
        correctAnswers: element && answerKey ? correctAnswersOf(element) : [],
        answered: question.answered,
        score: question.score,
        maxScore: question.maxScore,
        feedback: question.feedback,
        scoredBy: saved?.scoredBy ?? null,
        scoredAt: saved?.scoredAt ?? null,
        attempts: question.attempts,
        attemptsAllowed: question.attemptsAllowed,
        locked: question.locked,
        awaitingScore: question.awaitingScore,
      };
    });
    return {
      pageId: page.pageId,
      path: page.path,
      name: page.name,
      completed: progress.completed,
      stuck: progress.stuck,
      score: progress.score,
      maxScore: progress.maxScore,
      awaitingScore: progress.awaitingScore,
      questions,
    };
  });
  const seen = asSeenBy(actor, user);
  return {
    module: { path: module.path, name: module.name, language: module.language },
    participant: { _id: seen._id, name: seen.name, email: seen.email },
    pages,
    score: summary.score,
    maxScore: summary.maxScore,
    completed: summary.completed,
    updatedAt: summary.updatedAt,
    awaitingScore: summary.awaitingScore,
    summary,
  };
}

export interface ResultHistoryEntry {
  version: number;
  type: ResultEvent['type'];
  actorId: string | null;
  /** The name of whoever made the change, as the viewer may see it; null for the system. */
  actorName: string | null;
  at: string;
  pagePath: string;
  question: string;
  /** AnswerSaved: the attempt it was. */
  attempt: number | null;
  /** AttemptGranted: the attempts allowed from then on. */
  attemptsAllowed: number | null;
  from: number | null;
  to: number;
  maxScore: number;
  feedbackFrom: string | null;
  feedbackTo: string | null;
}

/**
 * Who changed which score, when, from what to what: the participant's result stream read in order
 * (every answer and every teacher's score). Feedback texts read as null after an erasure.
 */
export async function resultHistory(
  db: Db,
  actor: Actor | null,
  modulePath: string,
  userId: string,
): Promise<ResultHistoryEntry[]> {
  const module = await teacherModuleFor(db, actor, modulePath, userId);
  const events = await readStream(db, resultStream(module.moduleId, userId));
  const actorIds = [...new Set(events.map((event) => event.meta.actorId).filter((id) => id !== null))];
  const names = new Map(
    (await findUsersByIds(db, actorIds)).map((user) => [user._id, asSeenBy(actor, user).name]),
  );
  const scores = new Map<string, { score: number; maxScore: number; feedback: string | null }>();
  return events.map((stored) => {
    const event = { type: stored.type, data: stored.data } as ResultEvent;
    const key = `${event.data.pagePath}\u0000${event.data.question}`;
    const before = scores.get(key);
    const base = {
      version: stored.version,
      type: event.type,
      actorId: stored.meta.actorId,
      actorName: stored.meta.actorId ? (names.get(stored.meta.actorId) ?? null) : null,
      at: stored.meta.at,
      pagePath: event.data.pagePath,
      question: event.data.question,
      attemptsAllowed: null,
    };
    if (event.type === 'AttemptGranted') {
      const feedback = before?.feedback ?? null;
      return {
        ...base,
        attempt: event.data.attemptsUsed,
        attemptsAllowed: event.data.attemptsAllowed,
        from: before?.score ?? null,
        to: before?.score ?? 0,
        maxScore: before?.maxScore ?? 0,
        feedbackFrom: feedback,
        feedbackTo: feedback,
      };
    }
    if (event.type === 'AnswerSaved') {
      scores.set(key, {
        score: event.data.score,
        maxScore: event.data.maxScore,
        feedback: before?.feedback ?? null,
      });
      const feedback = before?.feedback ?? null;
      return {
        ...base,
        attempt: event.data.attempt,
        from: before?.score ?? null,
        to: event.data.score,
        maxScore: event.data.maxScore,
        feedbackFrom: feedback,
        feedbackTo: feedback,
      };
    }
    scores.set(key, {
      score: event.data.score,
      maxScore: event.data.maxScore,
      feedback: event.data.feedback,
    });
    return {
      ...base,
      maxScore: event.data.maxScore,
      attempt: null,
      from: event.data.previousScore,
      to: event.data.score,
      feedbackFrom: event.data.previousFeedback,
      feedbackTo: event.data.feedback,
    };
  });
}
