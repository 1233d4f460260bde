import type { TFunction } from 'i18next';
import type {
  PublicFillBlanks,
  PublicMatching,
  PublicOrdering,
  QuestionElement,
} from '../../../../events/page/content';
import {
  fillBlanksPublic,
  matchingPublic,
  orderingPublic,
} from '../../../../events/page/question-types/learners-view';
import type { AnswerValue } from '../../../../events/result/answer-value';

interface Shapes {
  matching: PublicMatching;
  ordering: PublicOrdering;
  fillBlanks: PublicFillBlanks;
}
type Reshaped = keyof Shapes;
type Whole<T extends Reshaped> = Extract<QuestionElement, { questionType: T }>;
/** As a question of this type arrives: the learner's shape, or whole for someone who edits it. */
export type Arriving<T extends Reshaped> = Shapes[T] | Whole<T>;

/** What the three answer components take from the question around them. */
export interface ListAnswerProps<T extends Reshaped> {
  question: Arriving<T>;
  value: AnswerValue;
  onChange: (value: string[]) => void;
  readOnly: boolean;
  /** The correct answer in the shape the learner sends, once revealed; else null. */
  correct: string[] | null;
  /** Handed in rather than read here: these files load on their own (question.tsx). */
  t: TFunction;
}

/** A list answer as its component reads it: an unanswered question holds '' (use-answer-form.ts). */
export const asList = (value: AnswerValue): string[] => (Array.isArray(value) ? value : []);

/**
 * The question in the learner's shape, as content.ts `publicQuestion` makes it without a seed. An
 * editor receives it whole (with its answer key); the shape comes from the question types' own
 * functions (learners-view.ts), which bring no schemas (zod) to the learner's page.
 */
export function learnersShape<T extends Reshaped>(question: Arriving<T>): Shapes[T] {
  const whole = question as Whole<Reshaped>;
  const shared = {
    type: whole.type,
    questionType: whole.questionType,
    name: whole.name,
    label: whole.label,
    schema: whole.schema,
    options: [],
  };
  if ('pairs' in whole) return { ...shared, ...matchingPublic(whole) } as unknown as Shapes[T];
  if ('items' in whole)
    return { ...shared, shuffled: orderingPublic(whole, whole.name).items } as unknown as Shapes[T];
  if ('gaps' in whole && whole.questionType === 'fillBlanks')
    return { ...shared, ...fillBlanksPublic(whole) } as unknown as Shapes[T];
  return question as Shapes[T];
}
