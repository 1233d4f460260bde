import type { QuestionElement } from '../../events/page/content';
import { fillBlanksMaxScore, fillBlanksScore } from '../../events/page/question-types/fill-blanks';
import { matchingCorrect } from '../../events/page/question-types/matching';
import { correctValues } from '../../events/result/answers';
import { answerLabels } from './answer-texts';

/**
 * The parts of a question that a teacher can read as right or not, one by one: a matching
 * question's pairs, an ordering question's places, a fill-in question's blanks. Their share right
 * says which pair is confused, which step lands elsewhere, which blank is hard, where one score
 * cannot. Named as an answer reads (answer-texts.ts): "Parijs → Frankrijk", "2. Luisteren",
 * "[1] Parijs"; never by ids.
 */
export interface StatsPart {
  label: string;
  right: (answer: readonly string[]) => boolean;
}

export function statsParts(question: QuestionElement): StatsPart[] {
  switch (question.questionType) {
    case 'matching': {
      const labels = answerLabels(question, correctValues(question));
      return matchingCorrect(question).map((entry, index) => ({
        label: labels[index] ?? entry,
        right: (answer) => answer.includes(entry),
      }));
    }
    case 'ordering':
      return question.items.map((item, index) => ({
        label: `${index + 1}. ${item.label}`,
        right: (answer) => answer[index] === item.value,
      }));
    case 'fillBlanks': {
      const labels = answerLabels(question, correctValues(question));
      // A blank is right when it scores its best, as a gap scores on its own.
      return question.gaps.map((gap, index) => {
        const best = fillBlanksMaxScore({ gaps: [gap] });
        return {
          label: labels[index] ?? `[${index + 1}]`,
          right: (answer) => best > 0 && fillBlanksScore({ gaps: [gap] }, [answer[index] ?? '']) >= best,
        };
      });
    }
    default:
      return [];
  }
}
