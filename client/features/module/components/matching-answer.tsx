import './list-answers.css';
import { useId, useMemo } from 'react';
import { asList, type ListAnswerProps, learnersShape } from './learner-shape';

const splitEntry = (entry: string) => {
  const at = entry.indexOf('=');
  return at < 0 ? null : ([entry.slice(0, at), entry.slice(at + 1)] as const);
};

/** "prompt=match" entries as a map from prompt to match id. */
const matchesOf = (entries: readonly string[]) =>
  new Map(
    entries.flatMap((entry) => (splitEntry(entry) ? [splitEntry(entry) as readonly [string, string]] : [])),
  );

/**
 * A matching question: per prompt a labelled list of the matches, "Choose…" first, so it works by
 * keyboard, screen reader and touch alike. Any match may be chosen for any prompt (the matches do
 * not say which belong to a pair). The answer is the chosen ones as "prompt=match", in the prompts'
 * order. Once revealed, each row says right or wrong, and what the right match is.
 */
export function MatchingAnswer({
  question,
  value,
  onChange,
  readOnly,
  correct,
  t,
}: ListAnswerProps<'matching'>) {
  const id = useId();
  const shaped = useMemo(() => learnersShape(question), [question]);
  const chosen = matchesOf(asList(value));
  const right = correct ? matchesOf(correct) : null;
  const labelOf = (match: string | undefined) => shaped.matches.find((entry) => entry.value === match)?.label;
  const choose = (prompt: string, match: string) => {
    const next = new Map(chosen);
    if (match) next.set(prompt, match);
    else next.delete(prompt);
    onChange(
      shaped.prompts.flatMap(({ value: at }) => {
        const picked = next.get(at);
        return picked ? [`${at}=${picked}`] : [];
      }),
    );
  };
  return (
    <>
      <p className="list-answer__hint">{t('answering.matchingHint')}</p>
      <ol className="list-answer matching-answer">
        {shaped.prompts.map((prompt, index) => {
          const selectId = `${id}-prompt-${index}`;
          const markId = `${selectId}-mark`;
          const picked = chosen.get(prompt.value) ?? '';
          const expected = right?.get(prompt.value);
          const isRight = right !== null && picked !== '' && picked === expected;
          const isWrong = right !== null && picked !== '' && picked !== expected;
          const mark = isRight ? ' list-answer__row--correct' : isWrong ? ' list-answer__row--wrong' : '';
          return (
            <li key={prompt.value} className={`list-answer__row matching-answer__row${mark}`}>
              <label className="matching-answer__prompt" htmlFor={selectId}>
                {prompt.label}
              </label>
              <select
                id={selectId}
                className="list-answer__select"
                value={picked}
                disabled={readOnly}
                aria-describedby={right ? markId : undefined}
                onChange={(event) => choose(prompt.value, event.target.value)}
              >
                <option value="">{t('answering.choose')}</option>
                {shaped.matches.map((match) => (
                  <option key={match.value} value={match.value}>
                    {match.label}
                  </option>
                ))}
              </select>
              {right && (
                <p id={markId} className="list-answer__marks">
                  {isRight && (
                    <span className="question__mark question__mark--right">✓ {t('answering.markRight')}</span>
                  )}
                  {isWrong && (
                    <span className="question__mark question__mark--wrong">✗ {t('answering.markWrong')}</span>
                  )}
                  {!isRight && expected && (
                    <>
                      {' '}
                      <span className="question__mark question__mark--right">
                        ✓ {t('answering.correctAnswerIs', { answer: labelOf(expected) ?? '' })}
                      </span>
                    </>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
