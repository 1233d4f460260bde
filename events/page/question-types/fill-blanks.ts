import { z } from 'zod';
import { optionalText, requiredText } from '../../shared/fields';
import { shortAcceptedSchema } from './short-answer';
import { bestShortMatch, shortScore } from './short-score';

export { fillBlanksPublic, type PublicGap } from './learners-view';

/**
 * A fill-in-the-blanks question: a text with gaps written [[1]], [[2]]… in order; each gap is typed
 * (scored as a short answer) or chosen from a list (scored as a single choice). Each gap scores
 * between 0 and its best, and the question scores their sum.
 */

// The same fields as a choice's option; content.ts imports this file, so importing its optionSchema
// back would be a cycle that leaves the schema undefined when this file loads first.
const gapOptionSchema = z.object({
  label: requiredText(1000),
  value: z.string().trim().min(1, 'validation.required').max(200),
  score: z.number().int('validation.wholeNumber').min(-1000).max(1000),
  feedback: optionalText(5000).default(''),
});

export const textGapSchema = z.object({
  kind: z.literal('text'),
  accepted: z.array(shortAcceptedSchema).min(1, 'pageErrors.acceptedMin').max(50),
  caseSensitive: z.boolean().default(false),
  accentSensitive: z.boolean().default(false),
});
const selectGapSchema = z.object({
  kind: z.literal('select'),
  options: z.array(gapOptionSchema).min(2, 'pageErrors.optionsMin').max(50),
});
export const gapSchema = z.discriminatedUnion('kind', [textGapSchema, selectGapSchema]);
export type Gap = z.output<typeof gapSchema>;
export type TextGap = z.output<typeof textGapSchema>;

export const fillBlanksFields = {
  /** Markdown with the gaps as [[1]], [[2]]… */
  text: requiredText(100_000),
  gaps: z.array(gapSchema).min(1, 'pageErrors.gapsMin').max(30),
};

export interface FillBlanksQuestion {
  text: string;
  gaps: Gap[];
}

const GAP_MARKER = /\[\[(\d+)\]\]/g;

/** The gap numbers in the text, in the order they are written. */
const gapMarkers = (text: string) => [...text.matchAll(GAP_MARKER)].map((match) => Number(match[1]));

/** The text must name each gap once, as [[1]], [[2]]… in order, and no gap that is not there. */
export function refineFillBlanks(question: FillBlanksQuestion, context: z.RefinementCtx) {
  const markers = gapMarkers(question.text);
  if (markers.length !== question.gaps.length || markers.some((number, index) => number !== index + 1))
    context.addIssue({ code: 'custom', message: 'pageErrors.gapsMismatch', path: ['text'] });
  question.gaps.forEach((gap, index) => {
    if (gap.kind !== 'select') return;
    gap.options.forEach((option, at) => {
      if (gap.options.findIndex((other) => other.value === option.value) !== at)
        context.addIssue({
          code: 'custom',
          message: 'pageErrors.valuesUnique',
          path: ['gaps', index, 'options', at, 'value'],
        });
    });
  });
}

/** The author's fields on their own, refined; the element schema spreads `fillBlanksFields` and adds `refineFillBlanks`. */
export const fillBlanksSchema = z.object(fillBlanksFields).superRefine(refineFillBlanks);

const GAP_TEXT_MAX = 500;

/**
 * One entry per gap: the typed text or the chosen option's value ('' = left empty), or nothing yet
 * (an empty list).
 */
export function fillBlanksAnswerSchema(question: Pick<FillBlanksQuestion, 'gaps'>) {
  return z
    .array(z.string().max(GAP_TEXT_MAX, 'validation.tooLong'))
    .max(question.gaps.length, { message: 'result.gapsCount', abort: true })
    .superRefine((answer, context) => {
      if (answer.length === 0) return;
      if (answer.length !== question.gaps.length) {
        context.addIssue({ code: 'custom', message: 'result.gapsCount' });
        return;
      }
      question.gaps.forEach((gap, index) => {
        const value = answer[index] ?? '';
        if (gap.kind === 'select' && value !== '' && !gap.options.some((option) => option.value === value))
          context.addIssue({ code: 'custom', message: 'result.unknownOption', path: [index] });
      });
    });
}

/** Whether any gap is filled: a list of empty gaps is no answer yet. */
export const fillBlanksAnswered = (answer: readonly string[]) => answer.some((value) => value.trim() !== '');

const best = (scores: number[]) => Math.max(0, ...scores);

const gapMax = (gap: Gap) =>
  gap.kind === 'text' ? best(gap.accepted.map((a) => a.score)) : best(gap.options.map((o) => o.score));

/** One gap's score, between 0 and its best, as a short answer or a single choice scores. */
function gapScore(gap: Gap, value: string): number {
  if (gap.kind === 'text') return shortScore(gap, value);
  const chosen = gap.options.find((option) => option.value === value);
  return Math.min(Math.max(chosen?.score ?? 0, 0), gapMax(gap));
}

/** The most a fill-in-the-blanks question can score: each gap's best. */
export const fillBlanksMaxScore = (question: Pick<FillBlanksQuestion, 'gaps'>) =>
  question.gaps.reduce((sum, gap) => sum + gapMax(gap), 0);

/** The score of the filled gaps: each gap's, summed (never below 0, since no gap is). */
export const fillBlanksScore = (question: Pick<FillBlanksQuestion, 'gaps'>, answer: readonly string[]) =>
  question.gaps.reduce((sum, gap, index) => sum + gapScore(gap, answer[index] ?? ''), 0);

/** A gap's best answer: the first accepted text or option value with the best score. */
function bestOf(gap: Gap): string {
  const entries =
    gap.kind === 'text'
      ? gap.accepted.map((a) => ({ value: a.text, score: a.score }))
      : gap.options.map((o) => ({ value: o.value, score: o.score }));
  const top = Math.max(...entries.map((entry) => entry.score));
  return entries.find((entry) => entry.score === top)?.value ?? '';
}

/** The right answer, in the shape a learner sends: per gap its best accepted text or option value. */
export const fillBlanksCorrect = (question: Pick<FillBlanksQuestion, 'gaps'>) => question.gaps.map(bestOf);

/** The feedback of what the learner hit: per gap the matching accepted text's or the chosen option's. */
export function fillBlanksFeedback(question: Pick<FillBlanksQuestion, 'gaps'>, answer: readonly string[]) {
  return question.gaps
    .map((gap, index) => {
      const value = answer[index] ?? '';
      return gap.kind === 'text'
        ? (bestShortMatch(gap, value)?.feedback ?? '')
        : (gap.options.find((option) => option.value === value)?.feedback ?? '');
    })
    .filter((feedback) => feedback.trim() !== '');
}

// xAPI separates the gaps' responses with "[,]": a typed "[,]" would read as two gaps.
const xapiText = (text: string) => text.trim().replaceAll('[,]', ',');

/** A typed gap's first best accepted text without `*`: xAPI's patterns know no wildcard. */
const literalBest = (gap: TextGap) => {
  const top = Math.max(...gap.accepted.map((a) => a.score));
  return gap.accepted.find((a) => a.score === top && !a.text.includes('*'))?.text;
};

/**
 * xAPI's fill-in interaction, for select gaps too: a choice interaction's response is a set of
 * option ids with no place for which gap each belongs to, while fill-in keeps one response per gap
 * in order, and a chosen value is a text like any other. One pattern with each gap's best answer;
 * case matters in it when it matters in any typed gap (xAPI has one flag per pattern). A typed gap
 * whose best answers all use `*` has no literal right text, so the pattern is left out then.
 */
export function fillBlanksXapi(question: Pick<FillBlanksQuestion, 'gaps'>): {
  interactionType: 'fill-in';
  correctResponsesPattern?: string[];
} {
  const right = question.gaps.map((gap) => (gap.kind === 'select' ? bestOf(gap) : literalBest(gap)));
  if (right.includes(undefined) || fillBlanksMaxScore(question) === 0) return { interactionType: 'fill-in' };
  const caseMatters = question.gaps.some((gap) => gap.kind === 'text' && gap.caseSensitive);
  return {
    interactionType: 'fill-in',
    correctResponsesPattern: [`{case_matters=${caseMatters}}${fillBlanksResponse(right as string[])}`],
  };
}

/** The filled gaps as xAPI's response, "[,]" between them. */
export const fillBlanksResponse = (answer: readonly string[]) => answer.map(xapiText).join('[,]');
