import { z } from 'zod';
import { optionalText, requiredText } from '../../shared/fields';

/**
 * A short-answer question: the learner types a few words; the accepted texts, each with its score
 * and feedback (how they match: short-score.ts).
 */
export const shortAcceptedSchema = z.object({
  text: requiredText(500),
  score: z.number().int('validation.wholeNumber').min(-1000).max(1000),
  feedback: optionalText(5000).default(''),
});

export const shortAnswerFields = {
  accepted: z.array(shortAcceptedSchema).min(1, 'pageErrors.acceptedMin').max(50),
  caseSensitive: z.boolean().default(false),
  accentSensitive: z.boolean().default(false),
};
