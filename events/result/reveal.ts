import type { QuestionElement } from '../page/content';
import { fillBlanksFeedback } from '../page/question-types/fill-blanks';
import { matchingFeedback } from '../page/question-types/matching';
import { bestNumericMatch } from '../page/question-types/numeric-score';
import { bestShortMatch } from '../page/question-types/short-score';
import { type AnswerValue, correctValues, isAnswered, maxScoreOf, scoreOf } from './answers';

/**
 * What a check may reveal, to become a module setting (docs/guide/questions-and-attempts.md): nothing (exams),
 * the verdict only, the verdict with the chosen options' feedback, or the correct answer too.
 */
export type CheckReveals = typeof import('../module/events').checkRevealsOptions[number];

export type Verdict = 'right' | 'partly' | 'wrong';

/** Where a participant's answer stands: its value and whether the attempts are used up. */
export interface AnswerState {
  answer: AnswerValue | null | undefined;
  final: boolean;
}

export interface Reveal {
  verdict?: Verdict;
  feedback?: string[];
  correct?: string[];
  info?: string;
}

type RevealQuestion = QuestionElement & {
  accepted?: { feedback?: string }[];
};

const verdictOf = (score: number, max: number): Verdict =>
  score >= max && max > 0 ? 'right' : score > 0 ? 'partly' : 'wrong';

/** The author's feedback the answer earned: of the chosen options, or of the best matching accepted answer. */
function feedbackOf(question: QuestionElement, answer: AnswerValue): string[] {
  switch (question.questionType) {
    case 'single':
    case 'multiple': {
      const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
      return question.options
        .filter((option) => chosen.has(option.value) && option.feedback)
        .map((option) => option.feedback);
    }
    case 'numeric': {
      const feedback = bestNumericMatch(question.accepted, String(answer))?.feedback;
      return feedback ? [feedback] : [];
    }
    case 'short': {
      const feedback = bestShortMatch(question, String(answer))?.feedback;
      return feedback ? [feedback] : [];
    }
    case 'matching':
      return matchingFeedback(question, Array.isArray(answer) ? answer : []);
    case 'fillBlanks':
      return fillBlanksFeedback(question, Array.isArray(answer) ? answer : []);
    case 'ordering':
    case 'open':
      return [];
  }
}

/**
 * The pure reveal rules, shared by every read path on the server and by the client's display.
 * A question type without an automatic verdict (open) reveals only the general feedback at the end.
 */
export function revealFor(question: RevealQuestion, state: AnswerState, reveals: CheckReveals): Reveal {
  const reveal: Reveal = {};
  if (state.final && question.schema.info) reveal.info = question.schema.info;
  if (reveals === 'nothing' || question.questionType === 'open' || !isAnswered(state.answer)) return reveal;
  const answer = state.answer as AnswerValue;
  reveal.verdict = verdictOf(scoreOf(question, answer), maxScoreOf(question));
  if (reveals === 'verdict') return reveal;
  const feedback = feedbackOf(question, answer);
  if (feedback.length > 0) reveal.feedback = feedback;
  if (reveals === 'answer') reveal.correct = correctValues(question);
  return reveal;
}
