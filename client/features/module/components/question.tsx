import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicElement } from '../../../../events/page/content';
import type { AnswerValue } from '../../../../events/result/answers';
import type { LearnerQuestion } from '../api/get-learner-page';

type QuestionElement = Extract<PublicElement, { questionType: string }>;

/**
 * One question to answer. The server's state says how many attempts are left, whether the question
 * is read-only (attempts used up: its info text shows) and, once settled, which answers are correct:
 * shown at once with autoShow, or behind a button when the module has showCorrect.
 */
export function Question({
  question,
  state,
  value,
  onChange,
  readOnly,
}: {
  question: QuestionElement;
  state: LearnerQuestion | undefined;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [showCorrect, setShowCorrect] = useState(false);
  const locked = state?.locked ?? false;
  const correct = state?.correct ?? null;
  const revealed = correct !== null && (state?.reveal === 'auto' || showCorrect);
  const left = state?.attemptsAllowed == null ? null : Math.max(state.attemptsAllowed - state.attempts, 0);
  const chosen = Array.isArray(value) ? value : [value];
  return (
    <div className={`question${locked ? ' question--locked' : ''}`}>
      <fieldset
        className="question__fieldset"
        disabled={readOnly || locked}
        aria-describedby={`${id}-status`}
      >
        <legend className="question__label">{question.label}</legend>
        {question.questionType === 'open' ? (
          <textarea
            className="question__open"
            aria-label={question.label}
            rows={4}
            maxLength={10_000}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <ul className="question__options">
            {question.options.map((option) => {
              const right = revealed && correct?.includes(option.value);
              return (
                <li key={option.value} className={right ? 'question__option--correct' : undefined}>
                  <label>
                    <input
                      type={question.type === 'checkbox' ? 'checkbox' : 'radio'}
                      name={`${id}-${question.name}`}
                      value={option.value}
                      checked={chosen.includes(option.value)}
                      onChange={(event) =>
                        onChange(
                          question.type === 'checkbox'
                            ? event.target.checked
                              ? [...chosen.filter(Boolean), option.value]
                              : chosen.filter((chosenValue) => chosenValue !== option.value)
                            : option.value,
                        )
                      }
                    />{' '}
                    {option.label}
                    {right && <span className="question__correct"> ✓ {t('answering.correctAnswer')}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <p className="question__kind">{t(`pages.questionType.${question.questionType}`)}</p>
      </fieldset>
      <p id={`${id}-status`} className="question__status" aria-live="polite">
        {locked
          ? t('answering.noAttemptsLeft')
          : left !== null
            ? t('answering.attemptsLeft', { count: left })
            : ''}
      </p>
      {locked && state?.info && <p className="question__info status status--info">{state.info}</p>}
      {state?.feedback && (
        <div className="question__feedback status status--info">
          <p>
            <strong>{t('answering.feedback')}</strong>
            {state.questionType === 'open' &&
              ` · ${t('answering.feedbackScore', { score: state.score, max: state.maxScore })}`}
          </p>
          <p className="question__feedback-text">{state.feedback}</p>
        </div>
      )}
      {state?.reveal === 'button' && correct !== null && (
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={showCorrect}
          onClick={() => setShowCorrect((shown) => !shown)}
        >
          {showCorrect ? t('answering.hideCorrect') : t('answering.showCorrect')}
        </button>
      )}
    </div>
  );
}
