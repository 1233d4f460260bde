import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notANumber } from '../../../../events/page/question-types/numeric-score';

/** A typed answer is checkable as a number (events/result/answers.ts `uncheckable`); empty is no answer yet. */

/**
 * The answer to a numeric question: a text input, so '12,5' and '12.5' both work whatever the
 * browser's language (a number input refuses one of them), with the decimal keyboard on phones and
 * the unit after it. A text that is no number says so under it while it is typed; it is kept as a
 * draft, but a check refuses it.
 */
export function NumericAnswer({
  label,
  unit,
  value,
  onChange,
  readOnly = false,
  describedBy,
}: {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** More that describes the input (the correct answer, once revealed). */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const unitId = `${id}-unit`;
  const hintId = `${id}-hint`;
  const invalid = notANumber(value);
  const described = [unit ? unitId : null, invalid ? hintId : null, describedBy ?? null].filter(Boolean);
  return (
    <div className="question__typed">
      <div className="question__number">
        <input
          type="text"
          inputMode="decimal"
          className="question__number-input"
          aria-label={label}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          readOnly={readOnly}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {unit && (
          <span id={unitId} className="question__unit">
            {unit}
          </span>
        )}
      </div>
      {/* Always there, so a screen reader announces the hint when it appears while typing. */}
      <p id={hintId} className="question__number-hint" aria-live="polite">
        {invalid ? t('result.notANumber') : ''}
      </p>
    </div>
  );
}
