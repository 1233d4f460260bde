import './list-answers.css';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { markdownHtml } from '../../../ui/markdown-text';
import { asList, type ListAnswerProps, learnersShape } from './learner-shape';

// Private-use characters: Markdown leaves them alone, and no author types them.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');

/** The author's Markdown with an empty, numbered element where each [[n]] stands. */
const withSlots = (text: string) =>
  markdownHtml(text.replace(/\[\[(\d+)\]\]/g, `${OPEN}$1${CLOSE}`)).replace(
    SLOT,
    '<span class="fill-blanks__slot" data-gap="$1"></span>',
  );

/** Ignoring case, accents and spacing: how a typed gap usually compares (the server decides). */
const loosely = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A fill-in-the-blanks question: the author's Markdown (as MarkdownText draws it) with a text input
 * or a list at each [[n]], named "Blank 1 of 3". The answer is one text per gap ('' for an empty
 * one), or nothing while every gap is empty. Once revealed, a chosen gap says right or wrong; a
 * typed one says right when it is the shown answer, else shows the answer (other texts the author
 * accepts may be right too, which only the server knows).
 */
export function FillBlanksAnswer({
  question,
  value,
  onChange,
  readOnly,
  correct,
  t,
}: ListAnswerProps<'fillBlanks'>) {
  const id = useId();
  const shaped = useMemo(() => learnersShape(question), [question]);
  const html = useMemo(() => withSlots(shaped.text), [shaped]);
  const text = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Map<number, Element>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new slot elements to find
  useLayoutEffect(() => {
    const found = new Map<number, Element>();
    for (const slot of text.current?.querySelectorAll('[data-gap]') ?? [])
      found.set(Number(slot.getAttribute('data-gap')), slot);
    setSlots(found);
  }, [html]);
  const gaps = shaped.gaps;
  const answer = asList(value);
  const count = gaps.length;
  const filled = gaps.map((_, index) => answer[index] ?? '');
  const change = (index: number, text: string) => {
    const next = filled.map((entry, at) => (at === index ? text : entry));
    onChange(next.every((entry) => entry.trim() === '') ? [] : next);
  };
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdownHtml's output (client/ui/markdown-text.tsx) with our own empty slots */}
      <div ref={text} className="prose fill-blanks" dangerouslySetInnerHTML={{ __html: html }} />
      {gaps.map((gap, index) => {
        const slot = slots.get(index + 1);
        if (!slot) return null;
        const given = filled[index] ?? '';
        const expected = correct?.[index];
        const name = t('answering.blankOf', { number: index + 1, count });
        const markId = `${id}-gap-${index}-mark`;
        const isRight =
          expected !== undefined &&
          given !== '' &&
          (gap.kind === 'select' ? given === expected : loosely(given) === loosely(expected));
        const isWrong = expected !== undefined && gap.kind === 'select' && given !== '' && !isRight;
        const state = isRight ? ' fill-blanks__gap--correct' : isWrong ? ' fill-blanks__gap--wrong' : '';
        const shownExpected =
          gap.kind === 'select' ? gap.options.find((option) => option.value === expected)?.label : expected;
        return createPortal(
          <span className={`fill-blanks__gap${state}`}>
            {gap.kind === 'select' ? (
              <select
                className="list-answer__select fill-blanks__input"
                aria-label={name}
                aria-describedby={expected !== undefined ? markId : undefined}
                value={given}
                disabled={readOnly}
                onChange={(event) => change(index, event.target.value)}
              >
                <option value="">{t('answering.choose')}</option>
                {gap.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type="text"
                className="fill-blanks__input fill-blanks__text"
                aria-label={name}
                aria-describedby={expected !== undefined ? markId : undefined}
                autoComplete="off"
                maxLength={500}
                size={Math.max(8, given.length + 1)}
                value={given}
                readOnly={readOnly}
                onChange={(event) => change(index, event.target.value)}
              />
            )}
            {expected !== undefined && (
              <span id={markId} className="fill-blanks__mark">
                {isRight && (
                  <span className="question__mark question__mark--right">✓ {t('answering.markRight')}</span>
                )}
                {isWrong && (
                  <span className="question__mark question__mark--wrong">✗ {t('answering.markWrong')}</span>
                )}
                {!isRight && (
                  <>
                    {' '}
                    <span className="question__mark question__mark--right">
                      ✓ {t('answering.correctAnswerIs', { answer: shownExpected ?? expected })}
                    </span>
                  </>
                )}
              </span>
            )}
          </span>,
          slot,
          `${id}-${index}`,
        );
      })}
    </>
  );
}
