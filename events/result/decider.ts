import { assertNever, type Decider } from '../decider';
import { conflict, invalid } from '../errors';
import {
  type AnswerValue,
  answerSchemaFor,
  attemptsAllowed,
  isAnswered,
  maxScoreOf,
  sameAnswer,
  scoreOf,
} from './answers';
import type { ResultCommand, ScoreAnswers } from './commands';
import type { QuestionType, ResultEvent } from './events';

export interface SavedAnswer {
  /** Null once the participant's key is destroyed (erasure). */
  answer: AnswerValue | null;
  attempts: number;
  score: number;
  maxScore: number;
  questionType: QuestionType;
  /** A teacher's feedback on the answer; it stays when the participant answers again. */
  feedback: string | null;
}

/** A participant's answers in one module, per page path and question name. */
export interface ResultState {
  answers: Record<string, Record<string, SavedAnswer>>;
}

/**
 * A teacher scores open questions and gives feedback per question (spec sections 5 and 6): scores
 * become whole numbers within 0 and the maximum; only an answered question can be scored or get
 * feedback; nothing changed decides nothing (a repeated save).
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
    // A client sending back every score: a choice question's unchanged score is no change.
    const unchanged = scores[name] !== undefined && Math.round(scores[name]) === saved.score;
    if (scores[name] !== undefined && !unchanged) {
      if (question.questionType !== 'open')
        throw invalid('result.onlyOpenScored', [
          { path: `result.scores.${name}`, key: 'result.onlyOpenScored' },
        ]);
      score = Math.round(scores[name]);
      if (!Number.isFinite(score) || score < 0 || score > saved.maxScore)
        throw invalid(
          'result.scoreOutOfRange',
          [{ path: `result.scores.${name}`, key: 'result.scoreOutOfRange' }],
          { max: saved.maxScore },
        );
    }
    const text = feedback[name]?.trim();
    const nextFeedback = text === undefined ? saved.feedback : text === '' ? null : text;
    if (score === saved.score && nextFeedback === saved.feedback) continue;
    events.push({
      type: 'AnswerScored',
      data: {
        ...ref,
        question: name,
        score,
        maxScore: saved.maxScore,
        previousScore: saved.score,
        feedback: nextFeedback,
        previousFeedback: saved.feedback,
        scoredBy,
      },
    });
  }
  return events;
}

function decide(command: ResultCommand, state: ResultState): ResultEvent[] {
  switch (command.type) {
    case 'SaveAnswers': {
      const { questions, answers, ...ref } = command.data;
      const events: ResultEvent[] = [];
      for (const [name, value] of Object.entries(answers)) {
        const question = questions.find((candidate) => candidate.name === name);
        const field = `result.answers.${name}`;
        if (!question)
          throw invalid('result.unknownQuestion', [{ path: field, key: 'result.unknownQuestion' }]);
        const parsed = answerSchemaFor(question).safeParse(value);
        if (!parsed.success) {
          const key = parsed.error.issues[0]?.message.includes('.')
            ? parsed.error.issues[0].message
            : 'result.invalidAnswer';
          throw invalid('result.invalidAnswer', [{ path: field, key }]);
        }
        const previous = state.answers[ref.pagePath]?.[name];
        // The same answer again is no new attempt (a retried or repeated save).
        if (previous && sameAnswer(previous.answer, parsed.data)) continue;
        const used = previous?.attempts ?? 0;
        const allowed = attemptsAllowed(question);
        if (allowed !== null && used >= allowed) throw conflict('result.noAttemptsLeft', { question: name });
        events.push({
          type: 'AnswerSaved',
          data: {
            ...ref,
            question: name,
            questionType: question.questionType,
            answer: parsed.data,
            attempt: used + 1,
            score: scoreOf(question, parsed.data),
            maxScore: maxScoreOf(question),
          },
        });
      }
      return events;
    }
    case 'ScoreAnswers':
      return scoreAnswers(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ResultState, event: ResultEvent): ResultState {
  switch (event.type) {
    case 'AnswerSaved': {
      const { pagePath, question, answer, attempt, score, maxScore, questionType } = event.data;
      const feedback = state.answers[pagePath]?.[question]?.feedback ?? null;
      const page = {
        ...state.answers[pagePath],
        [question]: { answer, attempts: attempt, score, maxScore, questionType, feedback },
      };
      return { answers: { ...state.answers, [pagePath]: page } };
    }
    case 'AnswerScored': {
      const { pagePath, question, score, feedback } = event.data;
      const saved = state.answers[pagePath]?.[question];
      if (!saved) return state;
      const page = { ...state.answers[pagePath], [question]: { ...saved, score, feedback } };
      return { answers: { ...state.answers, [pagePath]: page } };
    }
    default:
      return assertNever(event);
  }
}

export const resultDecider: Decider<ResultCommand, ResultEvent, ResultState> = {
  initialState: () => ({ answers: {} }),
  evolve,
  // No snapshots: they would keep open answers readable in plain text after an erasure.
  decide,
};
