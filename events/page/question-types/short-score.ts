import { combiningMarks } from '../../shared/fold';

/**
 * The pure rules of a short-answer question, without zod: accepted texts match ignoring case and
 * accents unless the author asks otherwise, and `*` stands for any characters.
 */
export interface ShortAccepted {
  text: string;
  score: number;
  feedback: string;
}

type Sensitivity = { caseSensitive: boolean; accentSensitive: boolean };

const marks = new RegExp(combiningMarks, 'g');

const normalise = (text: string, { caseSensitive, accentSensitive }: Sensitivity) => {
  const spaced = text.trim().replace(/\s+/g, ' ');
  const accents = accentSensitive ? spaced.normalize('NFC') : spaced.normalize('NFD').replace(marks, '');
  return caseSensitive ? accents : accents.toLowerCase();
};

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function shortMatches(pattern: string, answer: string, sensitivity: Sensitivity): boolean {
  const wanted = normalise(pattern, sensitivity).split('*').map(escapeRegExp).join('.*');
  return new RegExp(`^${wanted}$`, 'su').test(normalise(answer, sensitivity));
}

/** The accepted text with the best score that matches the answer, if any. */
export function bestShortMatch(
  question: Sensitivity & { accepted: ShortAccepted[] },
  answer: string,
): ShortAccepted | undefined {
  if (answer.trim() === '') return undefined;
  return question.accepted
    .filter((a) => shortMatches(a.text, answer, question))
    .sort((a, b) => b.score - a.score)[0];
}

/** The most a short-answer question can score: its best accepted text. */
export const shortMaxScore = (accepted: ShortAccepted[]) => Math.max(0, ...accepted.map((a) => a.score));

/** The score of a typed answer: the best matching accepted text's, between 0 and the maximum. */
export const shortScore = (question: Sensitivity & { accepted: ShortAccepted[] }, answer: string) =>
  Math.min(Math.max(bestShortMatch(question, answer)?.score ?? 0, 0), shortMaxScore(question.accepted));
