import './results.css';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { Field } from '../../../ui/form';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type ToGradeInput, type ToGradeItem, useScoreResult, useToGrade } from './results';
import { parseScore } from './score-input';

/** The grading queue's scope: one module, the modules of one course, or every module one may read. */
export type GradingScope = { module: string } | { course: string } | { all: true };

interface Filters {
  module: string;
  page: string;
  question: string;
  user: string;
  group: string;
}
const noFilters: Filters = { module: '', page: '', question: '', user: '', group: '' };

const keyOf = (item: ToGradeItem) =>
  [item.module.path, item.page.path, item.question.name, item.participant._id].join('\u0000');
const questionKeyOf = (item: ToGradeItem) =>
  [item.module.path, item.page.path, item.question.name].join('\u0000');

/** Whether a key press belongs to a field being typed in (shortcuts then stay quiet). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * /admin/modules/{path}/to-grade and /admin/courses/{path}/to-grade
 * (docs/guide/results-and-scoring.md#to-grade): every open answer waiting for a score, oldest
 * first, with filters; scoring opens one answer after the other (previous and next by button or
 * key), and several answers to one question take the same feedback (and score) at once.
 */
export function ToGradeRoute({ scope }: { scope: GradingScope }) {
  const { t } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const several = !('module' in scope);
  const input: ToGradeInput = {
    ...('module' in scope ? { module: scope.module } : {}),
    ...('course' in scope ? { course: scope.course } : {}),
    ...(filters.module && several ? { module: filters.module } : {}),
    ...(filters.page ? { page: filters.page } : {}),
    ...(filters.question ? { question: filters.question } : {}),
    ...(filters.user ? { user: filters.user } : {}),
    ...(filters.group ? { group: filters.group } : {}),
  };
  const queue = useToGrade(input);
  const [current, setCurrent] = useState<string | null>(null);
  const [lastIndex, setLastIndex] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkNotice, setBulkNotice] = useState<string | null>(null);
  // After a save the next answer opens with the cursor in its score field, ready for the next score.
  const afterSave = useRef(false);
  const takeAfterSave = () => {
    const value = afterSave.current;
    afterSave.current = false;
    return value;
  };
  const scopeName =
    'all' in scope
      ? t('grading.everywhere')
      : (queue.data?.scope.name ?? ('module' in scope ? scope.module : scope.course));
  useDocumentTitle(`${t('grading.title')} · ${scopeName}`);
  const back =
    'module' in scope
      ? { href: `/modules/${encodeURIComponent(scope.module)}/results`, label: t('grading.backToResults') }
      : 'course' in scope
        ? { href: `/courses/${encodeURIComponent(scope.course)}`, label: t('grading.backToCourse') }
        : { href: '/', label: t('grading.backToAdmin') };

  const items = queue.data?.items ?? [];
  const foundIndex = current === null ? -1 : items.findIndex((item) => keyOf(item) === current);
  // A scored answer leaves the queue: the one after it takes its place.
  const index = current === null ? -1 : foundIndex >= 0 ? foundIndex : Math.min(lastIndex, items.length - 1);
  const open = (next: number) => {
    const item = items[next];
    if (!item) return;
    setCurrent(keyOf(item));
    setLastIndex(next);
  };

  const choices = queue.data?.choices;
  const pages = (choices?.pages ?? []).filter((page) => !filters.module || page.module === filters.module);
  const questions = (choices?.questions ?? []).filter(
    (question) =>
      (!filters.module || question.module === filters.module) &&
      (!filters.page || question.page === filters.page),
  );
  const select = (name: keyof Filters, label: string, options: { value: string; label: string }[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        value={filters[name]}
        onChange={(event) => {
          const value = event.target.value;
          // A narrower filter that no longer fits the wider one goes.
          const next = { ...filters, [name]: value };
          if (name === 'module') Object.assign(next, { page: '', question: '' });
          if (name === 'page') next.question = '';
          setFilters(next);
          setSelected([]);
          setCurrent(null);
        }}
      >
        <option value="">{t('grading.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  const selectedItems = items.filter((item) => selected.includes(keyOf(item)));
  const selectedQuestion = selectedItems[0] ? questionKeyOf(selectedItems[0]) : null;

  const body = () => {
    if (queue.isPending) return <Loading />;
    if (queue.isError)
      return (
        <ErrorPanel
          message={problemOf(queue.error).message ?? t('grading.loadError')}
          onRetry={() => void queue.refetch()}
        />
      );
    if (items.length === 0) return <Empty>{t('grading.empty')}</Empty>;
    return (
      <>
        <p>{t('grading.count', { count: queue.data.total })}</p>
        {index >= 0 && items[index] ? (
          <ScoringPanel
            key={keyOf(items[index])}
            item={items[index]}
            position={index}
            count={items.length}
            onMove={(next) => open(next)}
            onSaved={() => {
              afterSave.current = true;
            }}
            focusScore={takeAfterSave}
            onClose={() => setCurrent(null)}
          />
        ) : (
          <div className="button-row">
            <button type="button" className="button" onClick={() => open(0)}>
              {t('grading.start')}
            </button>
          </div>
        )}
        {bulkNotice && (
          <Alert tone="success">
            <p>{bulkNotice}</p>
          </Alert>
        )}
        {selectedItems.length > 0 && (
          <BulkFeedback
            items={selectedItems}
            onDone={(count) => {
              setBulkNotice(t('grading.bulkDone', { count }));
              setSelected([]);
            }}
          />
        )}
        <table className="data-table to-grade-table">
          <caption className="visually-hidden">{t('grading.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('grading.selectColumn')}</span>
              </th>
              <th scope="col">{t('grading.participant')}</th>
              <th scope="col">{t('grading.question')}</th>
              <th scope="col">{t('grading.answeredAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('grading.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, position) => {
              const key = keyOf(item);
              const otherQuestion = selectedQuestion !== null && questionKeyOf(item) !== selectedQuestion;
              return (
                <tr key={key} aria-current={position === index ? 'true' : undefined}>
                  <td data-label={t('grading.selectColumn')}>
                    <input
                      type="checkbox"
                      aria-label={t('grading.selectOne', {
                        name: item.participant.name,
                        question: item.question.label,
                      })}
                      checked={selected.includes(key)}
                      disabled={!item.mayScore || otherQuestion}
                      title={otherQuestion ? t('grading.sameQuestionOnly') : undefined}
                      onChange={(event) => {
                        setBulkNotice(null);
                        setSelected(
                          event.target.checked ? [...selected, key] : selected.filter((one) => one !== key),
                        );
                      }}
                    />
                  </td>
                  <th scope="row" data-label={t('grading.participant')}>
                    {item.participant.name}
                  </th>
                  <td data-label={t('grading.question')}>
                    {several && <span className="muted">{item.module.name} · </span>}
                    <span className="muted">{item.page.name} · </span>
                    {item.question.label}
                  </td>
                  <td data-label={t('grading.answeredAt')}>{formatDateTime(item.answeredAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      onClick={() => open(position)}
                      aria-label={t('grading.openOne', {
                        name: item.participant.name,
                        question: item.question.label,
                      })}
                    >
                      {t('grading.open')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {selectedQuestion !== null && <p className="muted">{t('grading.sameQuestionOnly')}</p>}
        {queue.data.total > items.length && (
          <p className="muted">{t('grading.more', { shown: items.length, total: queue.data.total })}</p>
        )}
      </>
    );
  };

  return (
    <article className="to-grade">
      <p>
        <Link href={back.href}>{back.label}</Link>
      </p>
      <h1>
        {t('grading.title')} <span className="muted">· {scopeName}</span>
      </h1>
      <p className="page-lead">{t('grading.lead')}</p>
      <search>
        <form
          className="form panel"
          aria-label={t('grading.filters')}
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="field-row">
            {several &&
              select(
                'module',
                t('grading.module'),
                (choices?.modules ?? []).map((module) => ({ value: module.path, label: module.name })),
              )}
            {select(
              'page',
              t('grading.page'),
              unique(pages.map((page) => ({ value: page.path, label: page.name }))),
            )}
            {select(
              'question',
              t('grading.question'),
              unique(questions.map((question) => ({ value: question.name, label: question.label }))),
            )}
            {select(
              'user',
              t('grading.participant'),
              (choices?.participants ?? []).map((participant) => ({
                value: participant._id,
                label: participant.name,
              })),
            )}
            {/* Groups are offered once some participant in the queue has one (a label on their course link). */}
            {(choices?.groups.length ?? 0) > 0 &&
              select(
                'group',
                t('grading.group'),
                (choices?.groups ?? []).map((group) => ({ value: group, label: group })),
              )}
          </div>
        </form>
      </search>
      <div aria-busy={queue.isFetching}>{body()}</div>
    </article>
  );
}

const unique = (options: { value: string; label: string }[]) => [
  ...new Map(options.map((option) => [option.value, option])).values(),
];

/**
 * One answer being scored: the question, the info text it has, the answer, a score field whose
 * error shows at the field, feedback. Saving moves on to the next answer; previous and next move
 * without saving (buttons, or j/k and Alt+←/→ outside a field; Escape leaves a field for them).
 */
function ScoringPanel({
  item,
  position,
  count,
  onMove,
  onSaved,
  focusScore,
  onClose,
}: {
  item: ToGradeItem;
  position: number;
  count: number;
  onMove: (index: number) => void;
  onSaved: () => void;
  /** Whether this answer opened after a save (the cursor then goes to its score field). */
  focusScore: () => boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const score = useScoreResult();
  const [scoreText, setScoreText] = useState('');
  const [feedback, setFeedback] = useState(item.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const scoreField = useRef<HTMLInputElement>(null);
  const previous = position > 0 ? position - 1 : null;
  const next = position < count - 1 ? position + 1 : null;

  // A new answer: the score field when it came from saving, else the heading (shortcuts work there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer (the panel is keyed by it)
  useEffect(() => {
    if (focusScore() && item.mayScore) scoreField.current?.focus();
    else heading.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (typing(event.target) || event.ctrlKey || event.metaKey) return;
      const forward = (event.key === 'j' && !event.altKey) || (event.altKey && event.key === 'ArrowRight');
      const back = (event.key === 'k' && !event.altKey) || (event.altKey && event.key === 'ArrowLeft');
      if (forward && next !== null) {
        event.preventDefault();
        onMove(next);
      } else if (back && previous !== null) {
        event.preventDefault();
        onMove(previous);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, previous, onMove]);

  const leaveField = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      heading.current?.focus();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseScore(scoreText, item.question.maxScore);
    if (parsed.error) {
      setError(parsed.error);
      scoreField.current?.focus();
      return;
    }
    const text = feedback.trim();
    const feedbackChanged = text !== (item.feedback ?? '');
    if (parsed.score === null && !feedbackChanged) {
      setError('grading.scoreRequired');
      scoreField.current?.focus();
      return;
    }
    setError(null);
    try {
      await score.mutateAsync({
        user: item.participant._id,
        module: item.module.path,
        page: item.page.path,
        result: {
          scores: parsed.score === null ? {} : { [item.question.name]: parsed.score },
          feedback: feedbackChanged ? { [item.question.name]: feedback } : {},
        },
      });
      // Scored, it leaves the queue and the next answer takes its place; feedback alone keeps it.
      onSaved();
      if (parsed.score === null && next !== null) onMove(next);
    } catch (caught) {
      const problem = problemOf(caught);
      if (problem.fields.some((field) => field.path.startsWith('result.scores'))) {
        setError('grading.scoreRange');
        scoreField.current?.focus();
      } else setFailure(problem.message ?? t('form.unreachable'));
    }
  };

  return (
    <section className="panel scoring-panel" aria-labelledby={`${id}-title`}>
      <p className="muted" aria-live="polite">
        {t('grading.position', { position: position + 1, count })}
      </p>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {item.participant.name} <span className="muted">· {item.page.name}</span>
      </h2>
      <p>
        <strong>{t('grading.question')}:</strong> {item.question.label}
      </p>
      {item.question.info ? (
        <div className="status status--info">
          <p>
            <strong>{t('grading.questionInfo')}</strong>
          </p>
          <p className="teacher-question__answer">{item.question.info}</p>
        </div>
      ) : (
        <p className="muted">{t('grading.noQuestionInfo')}</p>
      )}
      <p className="teacher-question__answer-title">
        <strong>{t('teacherResults.answer')}</strong>{' '}
        <span className="muted">({formatDateTime(item.answeredAt)})</span>
      </p>
      <blockquote className="teacher-question__answer to-grade-answer">{item.answer}</blockquote>
      {item.mayScore ? (
        <form className="form" onSubmit={submit} noValidate>
          <Field
            label={t('teacherResults.scoreOf', { max: item.question.maxScore })}
            hint={t('grading.scoreHint')}
            error={error ?? undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={scoreField}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={scoreText}
                onKeyDown={leaveField}
                onChange={(event) => {
                  setScoreText(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <Field label={t('teacherResults.feedback')} optional>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={5000}
                value={feedback}
                onKeyDown={leaveField}
                onChange={(event) => setFeedback(event.target.value)}
              />
            )}
          </Field>
          <div className="button-row">
            <button type="submit" className="button" disabled={score.isPending}>
              {t('grading.saveNext')}
            </button>
          </div>
          {failure && (
            <Alert tone="danger">
              <p>{failure}</p>
            </Alert>
          )}
        </form>
      ) : (
        <p className="muted">{t('teacherResults.readOnly')}</p>
      )}
      <div className="button-row">
        {(
          [
            [previous, 'k Alt+ArrowLeft', t('grading.previous')],
            [next, 'j Alt+ArrowRight', t('grading.next')],
          ] as const
        ).map(([target, keys, label]) => (
          <button
            key={keys}
            type="button"
            className="button button--ghost button--small"
            disabled={target === null}
            onClick={() => target !== null && onMove(target)}
            aria-keyshortcuts={keys}
          >
            {label}
          </button>
        ))}
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('grading.close')}
        </button>
      </div>
      <p className="field__hint">{t('grading.keys')}</p>
    </section>
  );
}

/** The same feedback (and, if given, the same score) for several answers to one question. */
function BulkFeedback({ items, onDone }: { items: ToGradeItem[]; onDone: (count: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const score = useScoreResult();
  const [feedback, setFeedback] = useState('');
  const [scoreText, setScoreText] = useState('');
  const [errors, setErrors] = useState<{ feedback?: string; score?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const question = items[0]!.question;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseScore(scoreText, question.maxScore);
    const found = {
      feedback: feedback.trim() === '' ? 'grading.feedbackRequired' : undefined,
      score: parsed.error ?? undefined,
    };
    setErrors(found);
    if (found.feedback || found.score) return;
    setPending(true);
    let done = 0;
    const failed: string[] = [];
    // One participant's result per call: each answer lives on its participant's own result stream.
    for (const item of items) {
      try {
        await score.mutateAsync({
          user: item.participant._id,
          module: item.module.path,
          page: item.page.path,
          result: {
            scores: parsed.score === null ? {} : { [question.name]: parsed.score },
            feedback: { [question.name]: feedback },
          },
        });
        done += 1;
      } catch {
        failed.push(item.participant.name);
      }
    }
    setPending(false);
    if (failed.length > 0)
      setFailure(t('grading.bulkFailed', { count: failed.length, names: failed.join(', ') }));
    else onDone(done);
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('grading.bulkTitle', { count: items.length })}</h2>
      <p>
        <strong>{t('grading.question')}:</strong> {question.label}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('teacherResults.feedback')} error={errors.feedback}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={5000}
              value={feedback}
              onChange={(event) => setFeedback(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('teacherResults.scoreOf', { max: question.maxScore })}
          hint={t('grading.bulkScoreHint')}
          error={errors.score}
          optional
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={scoreText}
              onChange={(event) => setScoreText(event.target.value)}
            />
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            {t('grading.bulkSave', { count: items.length })}
          </button>
        </div>
      </form>
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}

/**
 * How many answers wait for a score in a scope, linking to its To grade view (admin home, a
 * course's screen); nothing when the reader may not read them.
 */
export function ToGradeCount({
  scope,
  href,
  hideEmpty = false,
}: {
  scope: GradingScope;
  href: string;
  /** Say nothing when nothing waits (the admin home, seen by roles that grade nothing). */
  hideEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const count = useToGrade({
    ...('module' in scope ? { module: scope.module } : {}),
    ...('course' in scope ? { course: scope.course } : {}),
    limit: 0,
  });
  if (!count.data || (hideEmpty && count.data.total === 0)) return null;
  return (
    <p className="to-grade-count">
      <Link href={href}>
        {count.data.total > 0
          ? t('grading.countLink', { count: count.data.total })
          : t('grading.nothingLink')}
      </Link>
    </p>
  );
}
