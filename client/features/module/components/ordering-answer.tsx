import './list-answers.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { asList, type ListAnswerProps, learnersShape } from './learner-shape';

type Direction = 'up' | 'down';

/**
 * An ordering question: the items as a list, each with "Move up" and "Move down" buttons whose
 * names say the item and its place; the focus stays with the moved item and its new place is
 * announced. The list starts in the shuffled order the learner received. That order is no answer
 * until the learner moves something (an empty list is "not answered yet"), but 'Check answer'
 * takes it as it stands (question.tsx). Once revealed, each item says whether it is in the right
 * place, or where it belongs.
 */
export function OrderingAnswer({
  question,
  value,
  onChange,
  readOnly,
  correct,
  t,
}: ListAnswerProps<'ordering'>) {
  const shaped = useMemo(() => learnersShape(question), [question]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ item: string; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const answer = asList(value);
  const shuffled = shaped.shuffled;
  const known = new Map(shuffled.map((item) => [item.value, item]));
  // An answer that no longer fits the items (the author changed them) shows the received order.
  const fits = answer.length === shuffled.length && answer.every((entry) => known.has(entry));
  const order = fits ? answer : shuffled.map((item) => item.value);
  useEffect(() => {
    if (!moved) return;
    const at = order.indexOf(moved.item);
    // At the top or bottom the button just used is gone: the other one of the item takes the focus.
    const direction =
      (moved.direction === 'up' && at === 0) || (moved.direction === 'down' && at === order.length - 1)
        ? moved.direction === 'up'
          ? 'down'
          : 'up'
        : moved.direction;
    buttons.current.get(`${moved.item}:${direction}`)?.focus();
    setMoved(null);
  }, [moved, order]);
  const count = order.length;
  const move = (item: string, direction: Direction) => {
    const from = order.indexOf(item);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= count) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next);
    setMoved({ item, direction });
    setAnnouncement(t('answering.moved', { item: known.get(item)?.label ?? item, position: to + 1, count }));
  };
  return (
    <>
      {!readOnly && <p className="list-answer__hint">{t('answering.orderingHint')}</p>}
      <ol className="list-answer ordering-answer">
        {order.map((entry, index) => {
          const label = known.get(entry)?.label ?? entry;
          const position = index + 1;
          const belongs = correct ? correct.indexOf(entry) + 1 : 0;
          const inPlace = correct !== null && belongs === position;
          const mark = correct ? (inPlace ? ' list-answer__row--correct' : ' list-answer__row--wrong') : '';
          return (
            <li key={entry} className={`list-answer__row ordering-answer__row${mark}`}>
              <span className="ordering-answer__position" aria-hidden="true">
                {position}.
              </span>
              <span className="ordering-answer__label">
                {label}
                {correct && (
                  <span
                    className={`list-answer__marks question__mark question__mark--${inPlace ? 'right' : 'wrong'}`}
                  >
                    {inPlace
                      ? `✓ ${t('answering.rightPlace')}`
                      : `✗ ${t('answering.belongsAt', { position: belongs })}`}
                  </span>
                )}
              </span>
              {!readOnly && (
                <span className="ordering-answer__buttons">
                  {(['up', 'down'] as const).map((direction) => (
                    <button
                      key={direction}
                      ref={(button) => {
                        if (button) buttons.current.set(`${entry}:${direction}`, button);
                        else buttons.current.delete(`${entry}:${direction}`);
                      }}
                      type="button"
                      className="button button--ghost ordering-answer__move"
                      disabled={direction === 'up' ? index === 0 : index === count - 1}
                      aria-label={t(direction === 'up' ? 'answering.moveUp' : 'answering.moveDown', {
                        item: label,
                        position,
                        count,
                      })}
                      onClick={() => move(entry, direction)}
                    >
                      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
                    </button>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
