import { z } from 'zod';
import { optionalText } from '../../shared/fields';

/**
 * A numeric question: the learner types a number; each accepted answer covers value ± tolerance and
 * the best one that covers the answer gives the score (docs/guide/questions-and-attempts.md; the
 * rules: numeric-score.ts).
 */
export const numericAcceptedSchema = z.object({
  value: z.number().finite().min(-1e12).max(1e12),
  tolerance: z.number().finite().min(0, 'pageErrors.toleranceMin').max(1e12).default(0),
  score: z.number().int('validation.wholeNumber').min(-1000).max(1000),
  feedback: optionalText(5000).default(''),
});

export const numericFields = {
  accepted: z.array(numericAcceptedSchema).min(1, 'pageErrors.acceptedMin').max(50),
  unit: optionalText(50).default(''),
};
