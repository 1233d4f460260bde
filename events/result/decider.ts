import { assertNever, type Decider } from '../decider';
import { conflict, invalid, issueKey } from '../errors';
import type { QuestionElement } from '../page/content';
import {
  type AnswerValue,
  answerSchemaFor,
  attemptsAllowed,
  isAnswered,
  maxScoreOf,
  sameAnswer,
  scoreOf,
  uncheckable,
} from './answers';
import type { GrantAttempt, ResultCommand, SaveAnswers, ScoreAnswers } from './commands';
import { type QuestionType, type ResultEvent, subjectOfResultStream } from './events';

export interface SavedAnswer {
  /** Null once the participant's key is destroyed (erasure). */
  answer: AnswerValue | null;
  attempts: number;
  score: number;
  maxScore: number;
  questionType: QuestionType;
  /** A teacher's feedback on the answer; it stays when the participant answers again. */
  feedback: string | null;
  /** Attempts a teacher gave on top of the formula (AttemptGranted). */
  extraAttempts: number;
  /** A teacher gave this answer its score (an open answer is "not yet scored" until then). */
  scored: boolean;
}

/** A participant's answers in one module, per page path and question name. */
export interface ResultState {
  answers: Record<string, Record<string, SavedAnswer>>;
}

/**
 * A teacher scores open questions and gives feedback per question
 * (docs/guide/results-and-scoring.md): scores become whole numbers within 0 and the maximum; only
 * an answered question can be scored or get feedback; nothing changed decides nothing (a repeated
 * save). A score given to an open answer not yet scored is a change even when it equals the 0 the
 * answer started with: it settles the answer (docs/adr/0018-unscored-answers.md).
 */
function scoreAnswers(command: ScoreAnswers, state: ResultState): ResultEvent[] {
  const { questions, scores, feedback, scoredBy, ...ref } = command.data;
  const names = [...new Set([...Object.keys(scores), ...Object.keys(feedback)])];
  const events: ResultEvent[] = [];
  for (const name of names) {
    const question = questions.find((candidate) => candidate.name === name);
    if (!question)
      throw invalid('result.unknownQuestion', [{ path: `result.${name}`, key: 'result.unknownQuestion' }]);
    const saved = state.answers[ref.pagePath]?.[name];
    if (!saved || !isAnswered(saved.answer)) throw conflict('result.notAnswered', { question: name });
    let score = saved.score;
    const given = scores[name];
    // A client sending back every score: a choice question's or a scored answer's unchanged score is no change.
    const settled = saved.questionType !== 'open' || saved.scored;
    const scoring = given !== undefined && !(Math.round(given) === saved.score && settled);
    if (given !== undefined && scoring) {
      if (question.questionType !== 'open')
        throw invalid('result.onlyOpenScored', [
          { path: `result.scores.${name}`, key: 'result.onlyOpenScored' },
        ]);
      score = Math.round(given);
      if (!Number.isFinite(score) || score < 0 || score > saved.maxScore)
        throw invalid(
          'result.scoreOutOfRange',
          [{ path: `result.scores.${name}`, key: 'result.scoreOutOfRange' }],
          { max: saved.maxScore },
        );
    }
    const text = feedback[name]?.trim();
    const nextFeedback = text === undefined ? saved.feedback : text === '' ? null : text;
    if (!scoring && nextFeedback === saved.feedback) continue;
    events.push({
      type: 'AnswerScored',
      data: {
        ...ref,
        question: name,
        score,
        maxScore: saved.maxScore,
        previousScore: saved.score,
        scored: scoring,
        feedback: nextFeedback,
        previousFeedback: saved.feedback,
        scoredBy,
      },
    });
  }
  return events;
}

/** The question an answer is for and the answer in its checked shape, or the field error. */
export function parseAnswer(questions: QuestionElement[], name: string, value: unknown) {
  const question = questions.find((candidate) => candidate.name === name);
  const field = `result.answers.${name}`;
  if (!question) throw invalid('result.unknownQuestion', [{ path: field, key: 'result.unknownQuestion' }]);
  const parsed = answerSchemaFor(question).safeParse(value);
  if (!parsed.success) {
    const key = issueKey(parsed.error.issues[0]?.message ?? '', 'result.invalidAnswer');
    throw invalid('result.invalidAnswer', [{ path: field, key }]);
  }
  return { question, answer: parsed.data as AnswerValue };
}

/** The attempts a participant may use on a question: the formula plus what teachers gave; null: unlimited. */
function allowedFor(question: QuestionElement, saved: SavedAnswer | undefined): number | null {
  const allowed = attemptsAllowed(question);
  return allowed === null ? null : allowed + (saved?.extraAttempts ?? 0);
}

/**
 * Answers that count (the counter rises with each answer;
 * docs/adr/0007-drafts-are-not-attempts.md): every change of a question with unlimited attempts,
 * and each confirmed answer of one with limited attempts. An empty answer to a limited question can
 * never be confirmed: it would spend an attempt on nothing.
 */
function saveAnswers(command: SaveAnswers, state: ResultState): ResultEvent[] {
  const { questions, answers, alreadyApplied, ...ref } = command.data;
  // A replayed request (its key already applied) changes nothing, whatever changed since.
  if (alreadyApplied) return [];
  const events: ResultEvent[] = [];
  for (const [name, value] of Object.entries(answers)) {
    const { question, answer } = parseAnswer(questions, name, value);
    const previous = state.answers[ref.pagePath]?.[name];
    // The same answer again is no new attempt (a retried or repeated save).
    if (previous && sameAnswer(previous.answer, answer)) continue;
    const used = previous?.attempts ?? 0;
    const allowed = allowedFor(question, previous);
    const refusal = allowed === null ? null : uncheckable(question, answer);
    if (refusal) throw invalid(refusal, [{ path: `result.answers.${name}`, key: refusal }]);
    if (allowed !== null && used >= allowed) throw conflict('result.noAttemptsLeft', { question: name });
    events.push({
      type: 'AnswerSaved',
      data: {
        ...ref,
        question: name,
        questionType: question.questionType,
        answer,
        attempt: used + 1,
        score: scoreOf(question, answer),
        maxScore: maxScoreOf(question),
      },
    });
  }
  return events;
}

/** Another attempt, only where the attempts are used up: a teacher cannot hand out attempts in advance. */
function grantAttempt(command: GrantAttempt, state: ResultState): ResultEvent[] {
  const { questions, question: name, grantedBy, ...ref } = command.data;
  const question = questions.find((candidate) => candidate.name === name);
  if (!question)
    throw invalid('result.unknownQuestion', [{ path: 'question', key: 'result.unknownQuestion' }]);
  const saved = state.answers[ref.pagePath]?.[name];
  const allowed = allowedFor(question, saved);
  if (!saved || allowed === null || saved.attempts < allowed)
    throw conflict('result.attemptsLeft', { question: question.label });
  return [
    {
      type: 'AttemptGranted',
      data: {
        ...ref,
        question: name,
        attemptsUsed: saved.attempts,
        extraAttempts: saved.extraAttempts + 1,
        attemptsAllowed: allowed + 1,
        grantedBy,
      },
    },
  ];
}

function decide(command: ResultCommand, state: ResultState): ResultEvent[] {
  switch (command.type) {
    case 'SaveAnswers':
      return saveAnswers(command, state);
    case 'ScoreAnswers':
      return scoreAnswers(command, state);
    case 'GrantAttempt':
      return grantAttempt(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ResultState, event: ResultEvent): ResultState {
  switch (event.type) {
    case 'AnswerSaved': {
      const { pagePath, question, answer, attempt, score, maxScore, questionType } = event.data;
      const before = state.answers[pagePath]?.[question];
      const feedback = before?.feedback ?? null;
      const extraAttempts = before?.extraAttempts ?? 0;
      const page = {
        ...state.answers[pagePath],
        [question]: {
          answer,
          attempts: attempt,
          score,
          maxScore,
          questionType,
          feedback,
          extraAttempts,
          scored: false,
        },
      };
      return { answers: { ...state.answers, [pagePath]: page } };
    }
    case 'AnswerScored': {
      const { pagePath, question, score, feedback, scored } = event.data;
      const saved = state.answers[pagePath]?.[question];
      if (!saved) return state;
      const page = {
        ...state.answers[pagePath],
        [question]: { ...saved, score, feedback, scored: saved.scored || scored },
      };
      return { answers: { ...state.answers, [pagePath]: page } };
    }
    case 'AttemptGranted': {
      const { pagePath, question, extraAttempts } = event.data;
      const saved = state.answers[pagePath]?.[question];
      if (!saved) return state;
      const page = { ...state.answers[pagePath], [question]: { ...saved, extraAttempts } };
      return { answers: { ...state.answers, [pagePath]: page } };
    }
    default:
      return assertNever(event);
  }
}

export const resultDecider: Decider<ResultCommand, ResultEvent, ResultState> = {
  initialState: () => ({ answers: {} }),
  evolve,
  // Sealed with the participant's key like the answers in the events: an erasure makes it unreadable.
  // Version 2: answers know whether a teacher scored them.
  snapshot: { schemaVersion: 2, every: 50, subject: subjectOfResultStream },
  decide,
};
