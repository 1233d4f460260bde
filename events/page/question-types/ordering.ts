import { z } from 'zod';
import { requiredText } from '../../shared/fields';
import { choiceValueSchema } from './matching';

export { orderingPublic } from './learners-view';

/**
 * An ordering question: the learner puts the items in order. Scored as a whole ('all': the score
 * only for the whole order right) or per item ('position': the score for each item in its place).
 */
const orderingItemSchema = z.object({
  value: choiceValueSchema,
  label: requiredText(1000),
});

export const orderingFields = {
  /** In the right order. */
  items: z.array(orderingItemSchema).min(2, 'pageErrors.itemsMin').max(30),
  scoring: z.enum(['all', 'position']).default('all'),
  score: z.number().int('validation.wholeNumber').min(0).max(1000).default(1),
};

export interface OrderingQuestion {
  items: { value: string; label: string }[];
  scoring: 'all' | 'position';
  score: number;
}

/** The values name the items in answers, so they must differ. */
export function refineOrdering(question: { items: { value: string }[] }, context: z.RefinementCtx) {
  question.items.forEach((item, index) => {
    if (question.items.findIndex((other) => other.value === item.value) !== index)
      context.addIssue({
        code: 'custom',
        message: 'pageErrors.valuesUnique',
        path: ['items', index, 'value'],
      });
  });
}

/** The author's fields on their own, refined; the element schema spreads `orderingFields` and adds `refineOrdering`. */
export const orderingSchema = z.object(orderingFields).superRefine(refineOrdering);

/** The learner's order: every item's value exactly once, or nothing yet (an empty list). */
export function orderingAnswerSchema(question: Pick<OrderingQuestion, 'items'>) {
  const values = question.items.map((item) => item.value);
  return z
    .array(z.string().max(100, 'validation.tooLong'))
    .max(values.length, { message: 'result.notAPermutation', abort: true })
    .refine(
      (order) =>
        order.length === 0 ||
        (order.length === values.length &&
          new Set(order).size === order.length &&
          order.every((value) => values.includes(value))),
      'result.notAPermutation',
    );
}

/** The most an ordering question can score: its score once, or once per item. */
export const orderingMaxScore = (question: OrderingQuestion) =>
  question.scoring === 'all' ? question.score : question.score * question.items.length;

/** The score of an order: all or nothing, or per item in its place; between 0 and the maximum. */
export function orderingScore(question: OrderingQuestion, answer: readonly string[]): number {
  const inPlace = question.items.filter((item, index) => answer[index] === item.value).length;
  const raw =
    question.scoring === 'all'
      ? inPlace === question.items.length && answer.length === question.items.length
        ? question.score
        : 0
      : inPlace * question.score;
  return Math.min(Math.max(raw, 0), orderingMaxScore(question));
}

/** The right answer, in the shape a learner sends. */
export const orderingCorrect = (question: Pick<OrderingQuestion, 'items'>) =>
  question.items.map((item) => item.value);

type Component = { id: string; description: Record<string, string> };

/** xAPI's sequencing interaction: the items as choices, the right order as "a[,]b[,]c". */
export function orderingXapi(
  question: Pick<OrderingQuestion, 'items'>,
  language = 'und',
): { interactionType: 'sequencing'; choices: Component[]; correctResponsesPattern: string[] } {
  return {
    interactionType: 'sequencing',
    choices: question.items.map(({ value, label }) => ({ id: value, description: { [language]: label } })),
    correctResponsesPattern: [orderingResponse(orderingCorrect(question))],
  };
}

/** The learner's order as xAPI's response. */
export const orderingResponse = (answer: readonly string[]) => answer.join('[,]');
