import { z } from 'zod';
import { optionalText, requiredText } from '../../shared/fields';
import { matchIds, matchingPublic } from './learners-view';

export { type MatchingPublic, matchingPublic } from './learners-view';

/**
 * A matching question: the learner matches each prompt (left) with one of the matches (right); the
 * right sides of the pairs and some extra distractors are the matches on offer. Each pair matched
 * right earns its score.
 */

/** An id as element names are: it goes into answers and xAPI ids, which must not need escaping. */
export const choiceValueSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'pageErrors.elementName');

export const matchingPairSchema = z.object({
  value: choiceValueSchema,
  prompt: requiredText(1000),
  match: requiredText(1000),
  score: z.number().int('validation.wholeNumber').min(0).max(1000).default(1),
  feedback: optionalText(5000).default(''),
});
export type MatchingPair = z.output<typeof matchingPairSchema>;

const matchingDistractorSchema = z.object({
  value: choiceValueSchema,
  label: requiredText(1000),
});

export const matchingFields = {
  pairs: z.array(matchingPairSchema).min(2, 'pageErrors.pairsMin').max(30),
  distractors: z.array(matchingDistractorSchema).max(30).default([]),
};

export interface MatchingQuestion {
  pairs: MatchingPair[];
  distractors: { value: string; label: string }[];
}

/** Pair and distractor values name the matches together, so they must all differ. */
export function refineMatching(
  question: { pairs: { value: string }[]; distractors: { value: string }[] },
  context: z.RefinementCtx,
) {
  const seen = new Set<string>();
  for (const [field, list] of [
    ['pairs', question.pairs],
    ['distractors', question.distractors],
  ] as const) {
    list.forEach((item, index) => {
      if (seen.has(item.value))
        context.addIssue({
          code: 'custom',
          message: 'pageErrors.valuesUnique',
          path: [field, index, 'value'],
        });
      seen.add(item.value);
    });
  }
}

/** The author's fields on their own, refined; the element schema spreads `matchingFields` and adds `refineMatching`. */
export const matchingSchema = z.object(matchingFields).superRefine(refineMatching);

const splitPair = (entry: string) => {
  const at = entry.indexOf('=');
  return at < 0 ? null : { prompt: entry.slice(0, at), match: entry.slice(at + 1) };
};

/**
 * A learner's matches as "<prompt value>=<match id>" (the ids of `matchingPublic`), each prompt at
 * most once; returned in the order of the prompts, so the same matches always read the same.
 */
export function matchingAnswerSchema(question: MatchingQuestion) {
  const prompts = question.pairs.map((pair) => pair.value);
  const matches = new Set(matchIds(question).values());
  return z
    .array(z.string().max(250, 'validation.tooLong'))
    .max(prompts.length, { message: 'result.promptTwice', abort: true })
    .superRefine((entries, context) => {
      const used = new Set<string>();
      entries.forEach((entry, index) => {
        const pair = splitPair(entry);
        if (!pair || !prompts.includes(pair.prompt))
          context.addIssue({ code: 'custom', message: 'result.unknownPrompt', path: [index] });
        else if (!matches.has(pair.match))
          context.addIssue({ code: 'custom', message: 'result.unknownMatch', path: [index] });
        else if (used.has(pair.prompt))
          context.addIssue({ code: 'custom', message: 'result.promptTwice', path: [index] });
        if (pair) used.add(pair.prompt);
      });
    })
    .transform((entries) =>
      prompts.flatMap((prompt) => entries.filter((entry) => splitPair(entry)?.prompt === prompt)),
    );
}

/** The pairs the answer matched right (a prompt named twice counts once, as first named). */
function rightPairs(question: MatchingQuestion, answer: readonly string[]): MatchingPair[] {
  const ids = matchIds(question);
  const chosen = new Map<string, string>();
  for (const entry of answer) {
    const pair = splitPair(entry);
    if (pair && !chosen.has(pair.prompt)) chosen.set(pair.prompt, pair.match);
  }
  return question.pairs.filter((pair) => chosen.get(pair.value) === ids.get(pair.value));
}

/** The most a matching question can score: every pair matched right. */
export const matchingMaxScore = (question: Pick<MatchingQuestion, 'pairs'>) =>
  question.pairs.reduce((sum, pair) => sum + pair.score, 0);

/** The score of the learner's matches: the pairs matched right, between 0 and the maximum. */
export const matchingScore = (question: MatchingQuestion, answer: readonly string[]) =>
  Math.min(
    Math.max(
      rightPairs(question, answer).reduce((sum, pair) => sum + pair.score, 0),
      0,
    ),
    matchingMaxScore(question),
  );

/** The right answer, in the shape a learner sends. */
export function matchingCorrect(question: MatchingQuestion): string[] {
  const ids = matchIds(question);
  return question.pairs.map((pair) => `${pair.value}=${ids.get(pair.value)}`);
}

/** The feedback of the pairs the learner matched right. */
export const matchingFeedback = (question: MatchingQuestion, answer: readonly string[]) =>
  rightPairs(question, answer)
    .map((pair) => pair.feedback)
    .filter((feedback) => feedback.trim() !== '');

type Component = { id: string; description: Record<string, string> };

/** xAPI's matching interaction: prompts as source, matches as target, the pairs as "a[.]b[,]c[.]d". */
export function matchingXapi(
  question: MatchingQuestion,
  language = 'und',
): {
  interactionType: 'matching';
  source: Component[];
  target: Component[];
  correctResponsesPattern: string[];
} {
  const shown = matchingPublic(question);
  const component = ({ value, label }: { value: string; label: string }) => ({
    id: value,
    description: { [language]: label },
  });
  return {
    interactionType: 'matching',
    source: shown.prompts.map(component),
    target: shown.matches.map(component),
    correctResponsesPattern: [matchingResponse(matchingCorrect(question))],
  };
}

/** The learner's matches as xAPI's response: "prompt[.]match" joined by "[,]". */
export const matchingResponse = (answer: readonly string[]) =>
  answer.map((entry) => entry.replace('=', '[.]')).join('[,]');
