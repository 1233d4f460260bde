import { forbidden, notFound } from '../../events/errors';
import type { InteractiveVideo, PublicElement, QuestionElement } from '../../events/page/content';
import { isQuestion, withoutAnswerKey } from '../../events/page/content';
import type { PageType } from '../../events/page/events';
import { type Actor, ADMIN_ROLE, allRules } from '../../events/permissions';
import {
  type AnswerValue,
  attemptsAllowed,
  correctValues,
  isAnswered,
  maxScoreOf,
} from '../../events/result/answers';
import type { QuestionType } from '../../events/result/events';
import {
  gateOpen,
  lastReachablePage,
  pageCompleted,
  pageStuck,
  type QuestionProgress,
} from '../../events/result/progress';
import { answersSeed, arrangeContent, arrangePages } from '../../events/result/randomize';
import { revealFor, type Verdict } from '../../events/result/reveal';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath, type ModuleSummary } from '../../projections/module/module-summaries';
import { type PageSummary, pagesOfModule } from '../../projections/page/page-summaries';
import { awaitsScore } from '../../projections/result/answer-rules';
import { answersOf, latestResultsOf, type StoredAnswer } from '../../projections/result/module-results';
import { draftsOf } from '../../projections/result/result-drafts';
import { isLinkedTo } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { maySeeModule, moduleAccessWith } from '../module/queries';
import { maySeeAnswerKey } from '../page/queries';
import { teachesThroughCourse } from '../rights/module-rights';
import { refusalOf } from '../visibility';
import { answerText } from './answer-texts';
import { whoCanHelp } from './who-can-help';

/** One question as the participant sees its state; the server decided every field. */
export interface LearnerQuestion {
  name: string;
  /** The question as asked, so a result can name it. */
  label: string;
  questionType: QuestionType;
  answer: AnswerValue | null;
  answered: boolean;
  attempts: number;
  /** Null: unlimited. */
  attemptsAllowed: number | null;
  /** Attempts used up: the question is read-only and its info text shows. */
  locked: boolean;
  /**
   * The participant's unconfirmed answer (limited attempts only): what the form shows, kept across
   * reloads and devices; it spends nothing until confirmed. Null when there is none.
   */
  draft: AnswerValue | null;
  /** Limited attempts: an answer counts only once the participant confirms it ('Check answer'). */
  needsConfirm: boolean;
  info: string;
  score: number;
  maxScore: number;
  /** How correct answers are revealed: automatically (autoShow), by a button (showCorrect), or not. */
  reveal: 'auto' | 'button' | null;
  /**
   * The correct option values (or accepted answers), once the question is settled (locked, or at
   * full score) and revealable, or after any check when the module's checkReveals is 'answer'.
   */
  correct: string[] | null;
  /** What the last check says (the module's checkReveals allowing): right, partly or wrong. */
  verdict: Verdict | null;
  /** The author's feedback for the checked answer (checkReveals 'feedback' or 'answer'). */
  checkFeedback: string[];
  /** A teacher's feedback on the answer; null when there is none. */
  feedback: string | null;
  /** An open answer a teacher has not scored yet: its score is not 0 but unknown (ADR 0018). */
  awaitingScore: boolean;
}

/** Question types whose answer is among their options: the result screen reads them from its scores. */
const optionTypes: ReadonlySet<string> = new Set(['single', 'multiple']);

export interface LearnerPageProgress {
  pageId: string;
  path: string;
  /** Null when the module hides page names (a test with anonymousPages). */
  name: string | null;
  type: PageType;
  estimatedTime: number;
  questionCount: number;
  completed: boolean;
  /**
   * This participant has had the page in front of them (a reading page is done once seen); false
   * where the caller's sources do not read it (`LearnerSources.seen`).
   */
  seen: boolean;
  /** Whether the next link opens (progress gating). */
  gateOpen: boolean;
  /** Whether the participant may open this page yet (earlier gates passed). */
  reachable: boolean;
  /** The participant cannot finish this page alone: a question is locked without a (right) answer. */
  stuck: boolean;
  score: number;
  maxScore: number;
  /** Answers on this page that wait for a teacher's score (not counted in `score`). */
  awaitingScore: number;
}

/** The `scoring` object of the contract: per page path, its totals and one entry per question. */
export type Scoring = Record<
  string,
  { __score: number; __maxScore: number } & Record<
    string,
    number | { __score: number; __maxScore: number; questionType: QuestionType }
  >
>;

export interface LearnerModule {
  module: ModuleSummary & { owners: string[] };
  pages: LearnerPageProgress[];
  score: number;
  maxScore: number;
  completed: boolean;
  answers: Record<string, Record<string, AnswerValue | null>>;
  scoring: Scoring;
  /** A teacher's feedback, per page path and question name (only questions that have some). */
  feedback: Record<string, Record<string, string>>;
  /** The labels of the questions that have feedback, keyed the same way. */
  feedbackLabels: Record<string, Record<string, string>>;
  /**
   * The answers of questions without options as text (a number with its unit; matches, an order or
   * filled blanks by their labels), with their question's label, keyed the same way, for the result
   * screen, which shows no page's content.
   */
  typedAnswers: Record<string, Record<string, { label: string; text: string }>>;
  /** When the participant last answered in this module; null before the first answer. */
  updatedAt: string | null;
  /**
   * A question's attempts are used up without an answer or, for a choice, below its maximum: only
   * another attempt from a teacher can change it (a certificate that needs every answer right waits
   * for that).
   */
  needsAttempt: boolean;
  /** Who can give another attempt, when one is needed (empty otherwise). */
  helpers: string[];
  /** Answers that wait for a teacher's score (not counted in `score`). */
  awaitingScore: number;
  /** Which: per page path, the names of those questions (the certificate's conditions read it). */
  awaitingOn: Record<string, string[]>;
}

export interface LearnerPage {
  page: {
    pageId: string;
    path: string;
    name: string | null;
    type: PageType;
    content: PublicElement[];
    interactiveVideo: InteractiveVideo | null;
    estimatedTime: number;
  };
  questions: Record<string, LearnerQuestion>;
  progress: LearnerPageProgress;
  /** Who can give another attempt, when the page is stuck (empty otherwise). */
  helpers: string[];
}

/**
 * The module for a learner, or a refusal (the module rule, `moduleAccessWith`, which opens it to
 * the teachers of a course that lists it as to its owners): NotFound when they may not see it,
 * Unauthenticated when an anonymous visitor must sign in first, Forbidden 'module.blocked' when only
 * its unpublishing keeps them out (its pages say so: docs/guide/building-a-course.md).
 */
async function learnerModuleRecord(sources: LearnerSources, actor: Actor | null, path: string) {
  const module = await sources.module(path);
  if (!module) throw notFound('module.notFound');
  const owners = await sources.owners(module.moduleId);
  const access = await moduleAccessWith(
    actor,
    module,
    owners,
    (userId) => sources.linked(userId, module.path),
    async () => actor !== null && (await sources.teaches(actor, module, owners)),
  );
  if (access !== 'open') throw refusalOf(access, 'module.notFound', 'module.blocked');
  return { ...module, owners };
}

/** What the learner state reads, one module at a time; GraphQL passes batched look-ups. */
export interface LearnerSources {
  module: (path: string) => Promise<ModuleSummary | null>;
  owners: (moduleId: string) => Promise<string[]>;
  linked: (userId: string, modulePath: string) => Promise<boolean>;
  /** Whether the actor teaches the module through a course (`teachingCourses`). */
  teaches: (
    actor: Actor,
    module: Pick<ModuleSummary, 'moduleId' | 'path'>,
    owners: readonly string[],
  ) => Promise<boolean>;
  pages: (modulePath: string) => Promise<PageSummary[]>;
  answers: (userId: string, moduleId: string) => Promise<StoredAnswer[]>;
  /**
   * The pages of a module a participant has seen (reading pages count as done once seen): the
   * learner's own view reads them in its one statement (learner-view.ts); other readers (lists of
   * modules, certificates) do without, and every page reads as not seen there.
   */
  seen?: (userId: string, moduleId: string) => Promise<ReadonlySet<string>>;
  /** A participant's drafts on one page, by question (read from the database when absent). */
  drafts?: (
    userId: string,
    moduleId: string,
    pagePath: string,
  ) => Promise<Record<string, AnswerValue | null>>;
}

export const databaseSources = (db: Db): LearnerSources => ({
  module: (path) => findModuleByPath(db, path),
  owners: (moduleId) => ownersOfModule(db, moduleId),
  linked: (userId, modulePath) => isLinkedTo(db, userId, 'module', modulePath),
  teaches: (actor, module, owners) => teachesThroughCourse(db, actor, module, owners),
  pages: (modulePath) => pagesOfModule(db, modulePath),
  answers: (userId, moduleId) => answersOf(db, userId, moduleId),
});

function questionState(
  module: Pick<ModuleSummary, 'showCorrect' | 'checkReveals'>,
  question: QuestionElement,
  saved: StoredAnswer | undefined,
): LearnerQuestion {
  const formula = attemptsAllowed(question);
  const allowed = formula === null ? null : formula + (saved?.extraAttempts ?? 0);
  const attempts = saved?.attempts ?? 0;
  const answer = saved?.answer ?? null;
  const answered = isAnswered(answer);
  // The score as decided when the answer was given; an unanswered question counts its current maximum.
  const maxScore = saved ? saved.maxScore : maxScoreOf(question);
  const score = saved && answered ? saved.score : 0;
  const locked = allowed !== null && attempts >= allowed;
  const settledReveal =
    question.questionType === 'open'
      ? null
      : question.schema.autoShow
        ? 'auto'
        : module.showCorrect
          ? 'button'
          : null;
  const settled = locked || (answered && score >= maxScore);
  // Only a confirmed answer is checked: a draft reveals nothing.
  const check = revealFor(question, { answer, final: locked }, module.checkReveals);
  const correct = check.correct ?? (settledReveal && settled ? correctValues(question) : null);
  return {
    name: question.name,
    label: question.label,
    questionType: question.questionType,
    answer,
    answered,
    attempts,
    attemptsAllowed: allowed,
    locked,
    // Drafts are read for the one page being shown (learnerPage), never for whole modules.
    draft: null,
    needsConfirm: allowed !== null,
    info: locked ? question.schema.info : '',
    score,
    maxScore,
    reveal: check.correct ? 'auto' : settledReveal,
    correct,
    verdict: check.verdict ?? null,
    checkFeedback: check.feedback ?? [],
    feedback: saved?.feedback ?? null,
    awaitingScore: saved !== undefined && awaitsScore(saved),
  };
}

const progressOf = (questions: LearnerQuestion[]): QuestionProgress[] =>
  questions.map(({ name, questionType, answered, score, maxScore, locked }) => ({
    name,
    questionType,
    answered,
    score,
    maxScore,
    locked,
  }));

/**
 * Everything the learner screens need about one module and a participant's answers in it: the
 * actor's own, or (`subjectId`, for teachers; the caller checks the right) another participant's,
 * in that participant's order.
 */
export async function learnerState(
  db: Db,
  actor: Actor | null,
  path: string,
  subjectId: string | null = actor?.userId ?? null,
  sources: LearnerSources = databaseSources(db),
) {
  const module = await learnerModuleRecord(sources, actor, path);
  const stored = await sources.pages(path);
  const seed = subjectId ?? 'anonymous';
  const pages = arrangePages(module, stored, seed);
  const saved = subjectId ? await sources.answers(subjectId, module.moduleId) : [];
  const seen: ReadonlySet<string> =
    subjectId && sources.seen ? await sources.seen(subjectId, module.moduleId) : new Set<string>();
  const savedOf = (pagePath: string, name: string) =>
    saved.find((answer) => answer.pagePath === pagePath && answer.question === name);
  const questionsOf = (page: PageSummary) =>
    page.content
      .filter(isQuestion)
      .map((question) => questionState(module, question, savedOf(page.path, question.name)));
  const perPage = pages.map(questionsOf);
  const editor = maySeeAnswerKey(actor, module.owners);
  const reachableUpTo = editor ? pages.length - 1 : lastReachablePage(module, perPage.map(progressOf));
  const hideNames = module.test && module.anonymousPages && !editor;
  const progress: LearnerPageProgress[] = pages.map((page, index) => {
    const questions = perPage[index] ?? [];
    return {
      pageId: page.pageId,
      path: page.path,
      name: hideNames ? null : page.name,
      type: page.type,
      estimatedTime: page.estimatedTime,
      questionCount: questions.length,
      completed: pageCompleted(progressOf(questions)),
      seen: seen.has(page.pageId),
      gateOpen: gateOpen(module, progressOf(questions)),
      reachable: index <= reachableUpTo,
      stuck: pageStuck(module, progressOf(questions)),
      score: questions.reduce((sum, question) => sum + question.score, 0),
      maxScore: questions.reduce((sum, question) => sum + question.maxScore, 0),
      awaitingScore: questions.filter((question) => question.awaitingScore).length,
    };
  });
  return { module, pages, perPage, progress, saved, seed, editor };
}
export type LearnerState = Awaited<ReturnType<typeof learnerState>>;

/** The module as this participant meets it: pages in their order, progress, scores (tRPC `result.module`). */
export async function learnerModule(
  db: Db,
  actor: Actor | null,
  path: string,
  subjectId?: string,
  sources?: LearnerSources,
): Promise<LearnerModule> {
  const state = await learnerState(db, actor, path, subjectId ?? actor?.userId ?? null, sources);
  return learnerModuleWithHelpers(db, actor, state);
}

/** learnerModuleOf, with who can help when the participant needs another attempt. */
export async function learnerModuleWithHelpers(
  db: Db,
  actor: Actor | null,
  state: LearnerState,
): Promise<LearnerModule> {
  const summary = learnerModuleOf(state);
  if (!summary.needsAttempt) return summary;
  return { ...summary, helpers: await whoCanHelp(db, actor, state.module) };
}

/** A participant's state in a module (learnerState) as the `result.module` answer. */
export function learnerModuleOf({ module, pages, perPage, progress, saved }: LearnerState): LearnerModule {
  const answers: LearnerModule['answers'] = {};
  const feedback: LearnerModule['feedback'] = {};
  const feedbackLabels: LearnerModule['feedbackLabels'] = {};
  const typedAnswers: LearnerModule['typedAnswers'] = {};
  const scoring: Scoring = {};
  pages.forEach((page, index) => {
    const questions = perPage[index] ?? [];
    const entry: Scoring[string] = {
      __score: progress[index]?.score ?? 0,
      __maxScore: progress[index]?.maxScore ?? 0,
    };
    for (const question of questions) {
      entry[question.name] = {
        __score: question.score,
        __maxScore: question.maxScore,
        questionType: question.questionType,
      };
      if (question.answer !== null)
        answers[page.path] = { ...answers[page.path], [question.name]: question.answer };
      if (question.feedback !== null) {
        feedback[page.path] = { ...feedback[page.path], [question.name]: question.feedback };
        feedbackLabels[page.path] = { ...feedbackLabels[page.path], [question.name]: question.label };
      }
      const element = page.content.find(
        (candidate): candidate is QuestionElement =>
          isQuestion(candidate) && candidate.name === question.name,
      );
      const text = element && question.answered ? answerText(element, question.answer) : '';
      if (!optionTypes.has(question.questionType) && question.questionType !== 'open' && text !== '')
        typedAnswers[page.path] = {
          ...typedAnswers[page.path],
          [question.name]: { label: question.label, text },
        };
    }
    scoring[page.path] = entry;
  });
  const latest =
    saved
      .map((answer) => answer.updatedAt)
      .sort()
      .at(-1) ?? null;
  return {
    module,
    pages: progress,
    score: progress.reduce((sum, page) => sum + page.score, 0),
    maxScore: progress.reduce((sum, page) => sum + page.maxScore, 0),
    completed: progress.every((page) => page.completed),
    answers,
    scoring,
    feedback,
    feedbackLabels,
    typedAnswers,
    updatedAt: latest,
    needsAttempt: perPage.some((questions) =>
      questions.some(
        (question) =>
          question.locked &&
          (!question.answered || (question.questionType !== 'open' && question.score < question.maxScore)),
      ),
    ),
    helpers: [],
    awaitingScore: progress.reduce((sum, page) => sum + page.awaitingScore, 0),
    awaitingOn: Object.fromEntries(
      pages.flatMap((page, index) => {
        const names = (perPage[index] ?? []).filter((q) => q.awaitingScore).map((q) => q.name);
        return names.length > 0 ? [[page.path, names]] : [];
      }),
    ),
  };
}

/**
 * One page of a module as this participant meets it (tRPC `result.page`): questions and options in
 * their order, without the answer key, with the state of each question. A page behind a closed
 * gate is refused, not only hidden.
 */
export async function learnerPage(
  db: Db,
  actor: Actor | null,
  modulePath: string,
  pagePath: string,
  sources?: LearnerSources,
): Promise<LearnerPage> {
  const state = await learnerState(db, actor, modulePath, actor?.userId ?? null, sources);
  return learnerPageOf(db, actor, state, pagePath, sources);
}

/** One page of the module state the caller has read (learnerPage), with the learner's drafts on it. */
export async function learnerPageOf(
  db: Db,
  actor: Actor | null,
  { module, pages, perPage, progress, seed, editor }: LearnerState,
  pagePath: string,
  sources?: Pick<LearnerSources, 'drafts'>,
): Promise<LearnerPage> {
  const index = pages.findIndex((page) => page.path === pagePath);
  const page = pages[index];
  if (!page) throw notFound('page.notFound');
  if (!progress[index]?.reachable) throw forbidden('page.gated');
  const content = arrangeContent(module, page.pageId, page.content, seed);
  const readDrafts = sources?.drafts ?? ((userId, moduleId, path) => draftsOf(db, userId, moduleId, path));
  const drafts = actor ? await readDrafts(actor.userId, module.moduleId, page.path) : {};
  const questions = (perPage[index] ?? []).map((question) =>
    question.locked ? question : { ...question, draft: drafts[question.name] ?? null },
  );
  const stuck = progress[index]?.stuck ?? false;
  return {
    page: {
      pageId: page.pageId,
      path: page.path,
      name: progress[index]?.name ?? null,
      type: page.type,
      content: editor ? content : withoutAnswerKey(content, answersSeed(module, page.pageId, seed)),
      interactiveVideo: page.interactiveVideo,
      estimatedTime: page.estimatedTime,
    },
    questions: Object.fromEntries(questions.map((question) => [question.name, question])),
    progress: progress[index] as LearnerPageProgress,
    helpers: stuck ? await whoCanHelp(db, actor, module) : [],
  };
}

/** Reads as an editor of every module: only ever after the caller has checked who is reading. */
const reviewer: Actor = { userId: 'system', roles: [ADMIN_ROLE], rules: allRules() };

/**
 * A participant's state for a teacher whom `teacherModule` has let in: the same fold, seen as the
 * module's editor (every page reachable, names shown), also by a course's teacher who could not open
 * a module that is not public.
 */
export const participantState = (db: Db, path: string, participantId: string) =>
  learnerState(db, reviewer, path, participantId);

/** The module the actor answered in most recently and may still see (home page, `latestActivity`). */
export async function latestActivity(
  db: Db,
  actor: Actor | null,
): Promise<{ module: ModuleSummary; updatedAt: string } | null> {
  if (!actor) return null;
  for (const recent of await latestResultsOf(db, actor.userId, 5)) {
    const module = await findModuleByPath(db, recent.modulePath);
    if (!module || module.moduleId !== recent.moduleId) continue;
    const owners = await ownersOfModule(db, module.moduleId);
    if (await maySeeModule(db, actor, module, owners)) return { module, updatedAt: recent.updatedAt };
  }
  return null;
}

/**
 * For the save command and page sightings: the module, the page (with its answer key) and the
 * questions' states, refused exactly as `learnerPage` refuses opening it (module access, page not
 * found, behind a closed gate).
 */
export async function answerablePage(
  db: Db,
  actor: Actor,
  modulePath: string,
  pagePath: string,
  sources: LearnerSources = databaseSources(db),
) {
  const { module, pages, progress, perPage } = await learnerState(
    db,
    actor,
    modulePath,
    actor.userId,
    sources,
  );
  const index = pages.findIndex((page) => page.path === pagePath);
  const page = pages[index];
  if (!page) throw notFound('page.notFound');
  if (!progress[index]?.reachable) throw forbidden('page.gated');
  return { module, page, questions: perPage[index] ?? [] };
}
