import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type {
  PublicFillBlanks,
  PublicMatching,
  PublicOrdering,
  QuestionElement,
} from '../../../../events/page/content';
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

const isWhole = <T extends Reshaped>(question: Arriving<T>): question is Whole<T> =>
  'pairs' in question ||
  'items' in question ||
  ('gaps' in question &&
    question.gaps.some(
      (gap) =>
        'accepted' in gap || (gap.kind === 'select' && gap.options.some((option) => 'score' in option)),
    ));

/**
 * The question in the learner's shape. An editor receives it whole (with its answer key), and the
 * learner's shape comes from content.ts `publicQuestion`, fetched only then: it brings the content
 * schemas (zod), which a learner's page does without. Null while it loads.
 */
export function useLearnersShape<T extends Reshaped>(question: Arriving<T>): Shapes[T] | null {
  const whole = isWhole(question);
  const [shaped, setShaped] = useState<{ from: Arriving<T>; shape: Shapes[T] } | null>(null);
  useEffect(() => {
    if (!whole) return;
    let cancelled = false;
    void import('../../../../events/page/content').then(({ publicQuestion }) => {
      if (!cancelled) setShaped({ from: question, shape: publicQuestion(question as never) as Shapes[T] });
    });
    return () => {
      cancelled = true;
    };
  }, [question, whole]);
  if (!whole) return question as Shapes[T];
  return shaped?.from === question ? shaped.shape : null;
}
