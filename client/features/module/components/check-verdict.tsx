import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../../../../events/result/reveal';

const marks: Record<Verdict, string> = { right: '✓', partly: '◐', wrong: '✗' };
const verdictTexts = {
  right: 'answering.verdictRight',
  partly: 'answering.verdictPartly',
  wrong: 'answering.verdictWrong',
} as const;

/**
 * What a check says, as the module's checkReveals allows: right, partly right or wrong, in words and
 * colour, with the feedback the author wrote for that answer. It takes the focus after the check that
 * produced it (question.tsx), so a keyboard or screen-reader user hears it at once.
 */
export const CheckVerdict = forwardRef<
  HTMLDivElement,
  {
    verdict: Verdict;
    feedback: string[];
    attemptsLeft: number | null;
    /** Without a check button (every change is the answer) nothing takes the focus: announce it. */
    announce: boolean;
  }
>(function CheckVerdict({ verdict, feedback, attemptsLeft, announce }, ref) {
  const { t } = useTranslation();
  const again = verdict !== 'right' && attemptsLeft !== null && attemptsLeft > 0;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`question__verdict question__verdict--${verdict}`}
      aria-live={announce ? 'polite' : undefined}
    >
      <p className="question__verdict-title">
        <span aria-hidden="true">{marks[verdict]} </span>
        {t(verdictTexts[verdict])}
        {again && ` ${t('answering.verdictTryAgain', { count: attemptsLeft })}`}
      </p>
      {feedback.map((text) => (
        <p key={text} className="question__verdict-feedback">
          {text}
        </p>
      ))}
    </div>
  );
});
