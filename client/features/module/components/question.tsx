import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicElement } from '../../../../events/page/content';
import { notANumber } from '../../../../events/page/question-types/numeric-score';
import { type AnswerValue, isAnswered, sameAnswer } from '../../../../events/result/answer-value';
import type { LearnerQuestion } from '../api/get-learner-page';
import { CheckVerdict } from './check-verdict';
import { effectiveAttempts } from './effective-attempts';
import { TypedAnswer } from './typed-answer';

type QuestionElement = Extract<PublicElement, { questionType: string }>;

// Loaded with the first question of their type: a page without them pays nothing for them.
const MatchingAnswer = lazy(() =>
  import('./matching-answer').then((file) => ({ default: file.MatchingAnswer })),
);
const OrderingAnswer = lazy(() =>
  import('./ordering-answer').then((file) => ({ default: file.OrderingAnswer })),
);
const FillBlanksAnswer = lazy(() =>
  import('./fill-blanks-answer').then((file) => ({ default: file.FillBlanksAnswer })),
);

/**
 * One question to answer. Every change is saved; with limited attempts it stays a draft until the
 * participant checks it ('Check answer'), which spends one attempt. The server's state says how
 * many attempts are used, whether the question is locked (attempts used up: the confirmed answer
 * shows, read-only, with its info text) and, once revealed, which answers are right: marked in words
 * and colour, at once with autoShow or behind a button when the module has showCorrect.
 */
export function Question({
  question,
  state,
  value,
  onChange,
  onConfirm,
  confirming,
  readOnly,
  waitingChecks = [],
  checksHeld = false,
  usedElsewhere = false,
  onDismissUsedElsewhere,
}: {
  question: QuestionElement;
  state: LearnerQuestion | undefined;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  /** Checks the answer; given a value, checks that one (an ordering left as it was received). */
  onConfirm: (value?: AnswerValue) => void;
  confirming: boolean;
  readOnly: boolean;
  /** This device's checks of the question still waiting to be sent, oldest first. */
  waitingChecks?: readonly AnswerValue[];
  /** They are held on this device (no connection), not merely on their way. */
  checksHeld?: boolean;
  /** The server refused this device's check: the attempt was used on another device. */
  usedElsewhere?: boolean;
  onDismissUsedElsewhere?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [showCorrect, setShowCorrect] = useState(false);
  // A check still waiting on this device counts already: the server will count it so.
  const device = effectiveAttempts(
    {
      attempts: state?.attempts ?? 0,
      attemptsAllowed: state?.attemptsAllowed ?? null,
      locked: state?.locked ?? false,
      answer: state?.answer ?? null,
    },
    waitingChecks,
  );
  const locked = device.locked;
  const correct = state?.correct ?? null;
  const revealed = correct !== null && (state?.reveal === 'auto' || showCorrect);
  const allowed = state?.attemptsAllowed ?? null;
  const used = device.attempts;
  // A locked question shows what was confirmed, whatever the form held.
  const shown = locked && device.answer != null ? device.answer : value;
  const chosen = Array.isArray(shown) ? shown : [shown];
  const needsConfirm = (state?.needsConfirm ?? false) && !locked && !readOnly;
  // An ordering the learner has not touched is no answer yet, but the order on screen can be checked.
  const untouchedOrder =
    question.questionType === 'ordering' && 'shuffled' in question && !isAnswered(value)
      ? question.shuffled.map((item) => item.value)
      : null;
  const toCheck = untouchedOrder ?? value;
  const answered = (state?.answered ?? false) || device.pendingChecks > 0;
  const checked = answered && sameAnswer(device.answer, value);
  // A check needs a number (uncheckable in events/result/answers.ts); the draft keeps the text.
  const noNumber = question.questionType === 'numeric' && typeof value === 'string' && notANumber(value);
  const statusId = `${id}-status`;
  // After a check a keyboard or screen-reader user keeps their place: the verdict takes the focus
  // when the module reveals one; otherwise the check that spends the last attempt, which removes its
  // own button, moves it to the status that says the answer is final.
  const status = useRef<HTMLParagraphElement>(null);
  const checkedByButton = useRef(false);
  const verdict = useRef<HTMLDivElement>(null);
  // A check counts on this device before the server answers: while it waits, its verdict may still
  // come, and takes the focus then if the learner is still at this question.
  const hasVerdict = Boolean(state?.verdict);
  const waitingHere = device.pendingChecks > 0;
  useEffect(() => {
    if (!checkedByButton.current || used === 0) return;
    const focused = document.activeElement;
    const here = !focused || focused === document.body || status.current?.parentElement?.contains(focused);
    if (hasVerdict && verdict.current) {
      checkedByButton.current = false;
      if (here) verdict.current.focus();
      return;
    }
    if (!locked) return;
    if (!waitingHere) checkedByButton.current = false;
    if (!focused || focused === document.body) status.current?.focus();
  }, [locked, used, hasVerdict, waitingHere]);
  // What the lazily loaded answers of matching, ordering and fill-in questions share.
  const listProps = {
    value: shown,
    onChange,
    readOnly: readOnly || locked,
    correct: revealed ? correct : null,
    t,
  };
  return (
    <div className={`question${locked ? ' question--locked' : ''}`}>
      <fieldset className="question__fieldset" disabled={readOnly || locked} aria-describedby={statusId}>
        <legend className="question__label">
          {locked && (
            <span className="question__lock">
              <svg className="question__lock-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z" fill="currentColor" />
              </svg>{' '}
              {t('answering.lockedBadge')}
              <span aria-hidden="true"> · </span>{' '}
            </span>
          )}
          {question.label}
        </legend>
        {question.questionType === 'open' ? (
          <textarea
            className="question__open"
            aria-label={question.label}
            rows={4}
            maxLength={10_000}
            value={typeof shown === 'string' ? shown : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : question.questionType === 'numeric' || question.questionType === 'short' ? (
          <TypedAnswer
            question={question}
            value={typeof shown === 'string' ? shown : ''}
            onChange={onChange}
            readOnly={readOnly || locked}
            correct={revealed ? correct : null}
          />
        ) : question.questionType === 'matching' ||
          question.questionType === 'ordering' ||
          question.questionType === 'fillBlanks' ? (
          <Suspense fallback={<p>{t('app.loading')}</p>}>
            {question.questionType === 'matching' ? (
              <MatchingAnswer question={question} {...listProps} />
            ) : question.questionType === 'ordering' ? (
              <OrderingAnswer question={question} {...listProps} />
            ) : (
              <FillBlanksAnswer question={question} {...listProps} />
            )}
          </Suspense>
        ) : (
          <ul className="question__options">
            {question.options.map((option) => {
              const picked = chosen.includes(option.value);
              const right = revealed && correct?.includes(option.value);
              const wrong = revealed && picked && !right;
              const mark = right ? ' question__option--correct' : wrong ? ' question__option--wrong' : '';
              return (
                <li key={option.value} className={`question__option${mark}`}>
                  <label>
                    <input
                      type={question.type === 'checkbox' ? 'checkbox' : 'radio'}
                      name={`${id}-${question.name}`}
                      value={option.value}
                      checked={picked}
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
                    {right && (
                      <span className="question__mark question__mark--right">
                        {' '}
                        ✓ {t(picked ? 'answering.markRight' : 'answering.correctAnswer')}
                      </span>
                    )}
                    {wrong && (
                      <span className="question__mark question__mark--wrong">
                        {' '}
                        ✗ {t('answering.markWrong')}
                      </span>
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <p className="question__kind">{t(`pages.questionType.${question.questionType}`)}</p>
      </fieldset>
      {usedElsewhere && (
        <div className="question__elsewhere status status--info">
          <p>{t('answering.usedElsewhere')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onDismissUsedElsewhere?.();
              // The button goes away with the explanation: keep the keyboard's place at the question.
              status.current?.focus();
            }}
          >
            {t('answering.usedElsewhereDismiss')}
          </button>
        </div>
      )}
      <p id={statusId} ref={status} tabIndex={-1} className="question__status" aria-live="polite">
        {allowed === null
          ? ''
          : locked
            ? t('answering.lockedStatus', { count: allowed })
            : `${t('answering.attemptsUsed', { used, allowed })} · ${t('answering.attemptsLeft', { count: Math.max(allowed - used, 0) })}`}
        {allowed !== null && waitingHere && checksHeld && ` · ${t('answering.checkWaiting')}`}
        {needsConfirm && answered && !checked && ` · ${t('answering.notChecked')}`}
      </p>
      {needsConfirm && (
        <div className="question__confirm">
          <button
            type="button"
            className="button"
            aria-disabled={!isAnswered(toCheck) || noNumber || checked || confirming}
            aria-describedby={`${id}-confirm-hint`}
            onClick={() => {
              if (!isAnswered(toCheck) || noNumber || checked || confirming) return;
              checkedByButton.current = true;
              onConfirm(untouchedOrder ?? undefined);
            }}
          >
            {confirming ? t('answering.checking') : t('answering.check')}
          </button>
          <span id={`${id}-confirm-hint`} className="question__confirm-hint">
            {!isAnswered(toCheck)
              ? t('answering.chooseFirst')
              : noNumber
                ? t('result.notANumber')
                : checked
                  ? t('answering.alreadyChecked')
                  : t('answering.checkSpends', { count: Math.max((allowed ?? 0) - used, 0) })}
          </span>
        </div>
      )}
      {state?.verdict && (
        <CheckVerdict
          ref={verdict}
          verdict={state.verdict}
          feedback={state.checkFeedback}
          attemptsLeft={allowed === null ? null : Math.max(allowed - used, 0)}
          announce={!needsConfirm}
        />
      )}
      {locked && state?.info && <p className="question__info status status--info">{state.info}</p>}
      {state?.awaitingScore && (
        <p className="question__waiting status status--info">{t('answering.waitingForTeacher')}</p>
      )}
      {state?.feedback && (
        <div className="question__feedback status status--info">
          <p>
            <strong>{t('answering.feedback')}</strong>
            {state.questionType === 'open' &&
              !state.awaitingScore &&
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
          onClick={() => setShowCorrect((visible) => !visible)}
        >
          {showCorrect ? t('answering.hideCorrect') : t('answering.showCorrect')}
        </button>
      )}
    </div>
  );
}
