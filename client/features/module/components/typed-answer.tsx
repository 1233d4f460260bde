import './typed-answer.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicElement } from '../../../../events/page/content';
import { localNumbers } from '../../../lib/text';
import { NumericAnswer } from './numeric-answer';
import { ShortAnswer } from './short-answer';

type TypedQuestion = Extract<PublicElement, { questionType: 'numeric' | 'short' }>;

/**
 * A typed answer (a number or a few words) and, once revealed, the correct answers under it in
 * words ("Correct answer: 25 ± 1"), tied to the input so a screen reader reads them with it.
 */
export function TypedAnswer({
  question,
  value,
  onChange,
  readOnly,
  correct,
}: {
  question: TypedQuestion;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** The correct answers when revealed, else null. */
  correct: string[] | null;
}) {
  const { t, i18n } = useTranslation();
  const correctId = `${useId()}-correct`;
  const describedBy = correct && correct.length > 0 ? correctId : undefined;
  return (
    <>
      {question.questionType === 'numeric' ? (
        <NumericAnswer
          label={question.label}
          unit={question.unit}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          describedBy={describedBy}
        />
      ) : (
        <ShortAnswer
          label={question.label}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          describedBy={describedBy}
        />
      )}
      {describedBy && (
        <p id={correctId} className="question__mark question__mark--right question__correct">
          <span aria-hidden="true">✓ </span>
          {t('answering.correctAnswerIs', {
            answer: correct
              ?.map((answer) =>
                question.questionType === 'numeric'
                  ? `${localNumbers(answer, i18n.language)}${question.unit ? ` ${question.unit}` : ''}`
                  : answer,
              )
              .join(' · '),
          })}
        </p>
      )}
    </>
  );
}
