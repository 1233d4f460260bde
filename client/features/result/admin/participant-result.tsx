import './results.css';
import { type ComponentType, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { TextKey } from '../../../../events/errors';
import { isAdmin } from '../../../../events/escalation';
import { formatDateTime } from '../../../../events/shared/dates';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { localNumbers } from '../../../lib/text';
import { errorCode } from '../../../lib/trpc';
import { useModule } from '../../../ui/admin/api/modules';
import { HistoryList } from '../../../ui/admin/history';
import { moduleRights } from '../../../ui/admin/module-rights';
import { Alert } from '../../../ui/alert';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import {
  type ParticipantResult,
  type ResultHistoryEntry,
  useGrantAttempt,
  useParticipantResult,
  useResultHistory,
  useScoreResult,
} from './results';
import { parseScore } from './score-input';

type ResultPage = ParticipantResult['pages'][number];

const percentOf = (score: number, maxScore: number) =>
  maxScore > 0 ? Math.round((score / maxScore) * 100) : 100;

/**
 * /admin/results/{userId}?module={modulePath}: one participant's result for a teacher of the module —
 * every page and question with the answer and score, a form per page to score open questions and
 * give feedback, and the history of every score (who, when, from what to what). The module is a
 * query parameter because a participant has a result per module. Scoring, attempts and the
 * certificate are offered only by the module's rights (who may only read sees the result as text).
 */
/** The participant's certificate for the module, drawn by the certificate feature. */
export type CertificatePanel = ComponentType<{
  modulePath: string;
  userId: string;
  userName: string;
  mayCertify: boolean;
  why?: string;
}>;

export function ParticipantResultRoute({
  userId,
  viewer,
  certificate,
}: {
  userId: string;
  viewer: CurrentUser;
  certificate: CertificatePanel;
}) {
  const { t } = useTranslation();
  const modulePath = new URLSearchParams(useSearch()).get('module') ?? '';
  useDocumentTitle(t('teacherResults.participantTitle', { name: '' }));
  if (!modulePath) {
    return (
      <div className="status status--not-found">
        <h1>{t('teacherResults.moduleMissing')}</h1>
        <p>
          <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ParticipantResultView
      modulePath={modulePath}
      userId={userId}
      viewer={viewer}
      certificate={certificate}
    />
  );
}

function ParticipantResultView({
  modulePath,
  userId,
  viewer,
  certificate: ParticipantCertificate,
}: {
  modulePath: string;
  userId: string;
  viewer: CurrentUser;
  certificate: CertificatePanel;
}) {
  const { t } = useTranslation();
  const result = useParticipantResult(modulePath, userId);
  // The module's rights say whether this reader may also score, give attempts and certify.
  const module = useModule(modulePath, result.isSuccess);
  const rights = module.data ? moduleRights(viewer, module.data) : null;
  const mayScore = rights?.score ?? false;
  const ownResult = userId === viewer._id && !isAdmin(viewer);
  useDocumentTitle(
    result.data
      ? t('teacherResults.participantTitle', { name: result.data.participant.name })
      : t('teacherResults.title'),
  );
  const back = (
    <p className="back-link">
      <Link href={`/modules/${modulePath}/results`}>← {t('teacherResults.backToResults')}</Link>
    </p>
  );
  if (result.isPending || (result.isSuccess && module.isPending)) return <Loading />;
  if (result.isError) {
    const code = errorCode(result.error);
    return (
      <>
        {back}
        {code === 'NOT_FOUND' || code === 'FORBIDDEN' ? (
          <p className="status status--not-found">{problemOf(result.error).message}</p>
        ) : (
          <ErrorPanel message={t('teacherResults.loadOneError')} onRetry={() => void result.refetch()} />
        )}
      </>
    );
  }
  const data = result.data;
  return (
    <article>
      {back}
      <h1>{t('teacherResults.participantTitle', { name: data.participant.name })}</h1>
      <p className="page-lead">
        {data.module.name} · {data.participant.email}
      </p>
      <p className="result-total" role="status">
        {t('teacherResults.totalLine', {
          score: data.score,
          max: data.maxScore,
          percent: percentOf(data.score, data.maxScore),
        })}
        {data.awaitingScore > 0 && (
          <>
            {' '}
            <span className="badge to-grade-badge">
              {t('grading.toGradeCount', { count: data.awaitingScore })}
            </span>
          </>
        )}
      </p>
      {!mayScore && <p className="muted">{t('teacherResults.readOnly')}</p>}
      <ParticipantCertificate
        modulePath={modulePath}
        userId={userId}
        userName={data.participant.name}
        mayCertify={(rights?.certify ?? false) && !ownResult}
        why={rights?.certify && ownResult ? t('certificates.errors.notForYourself') : undefined}
      />
      <div className="admin-columns">
        <div className="admin-columns__main">
          {data.pages
            .filter((page) => page.questions.length > 0)
            .map((page) => (
              <PageScores
                key={page.path}
                modulePath={modulePath}
                userId={userId}
                page={page}
                language={data.module.language}
                readOnly={!mayScore}
              />
            ))}
        </div>
        <aside className="admin-columns__side" aria-labelledby="result-history-title">
          <h2 id="result-history-title">{t('history.title')}</h2>
          <ResultHistory modulePath={modulePath} userId={userId} viewer={viewer} pages={data.pages} />
        </aside>
      </div>
    </article>
  );
}

/** Question types whose answer and correct answer read as one text per match, item or blank. */
const partTypes = new Set(['matching', 'ordering', 'fillBlanks']);

/**
 * An answer as the participant read it: the chosen options' texts (or the typed answer, line breaks
 * kept) in the module's language, marked with that language for screen readers; several ticked
 * options, matches, items or blanks as a list. A numeric or short answer has what the question
 * accepts beside it, a matching, ordering or fill-in answer the correct one as a list, since no
 * option shows the answer key.
 */
function AnswerTexts({
  question,
  language,
}: {
  question: ResultPage['questions'][number];
  language: string;
}) {
  const { t } = useTranslation();
  const title = <strong>{t('teacherResults.answer')}:</strong>;
  const listed = partTypes.has(question.questionType);
  if (!question.answered)
    return (
      <p>
        {title} <span className="muted">{t('teacherResults.noAnswer')}</span>
      </p>
    );
  if (question.answerLabels.length > 1 || listed)
    return (
      <>
        <p className="teacher-question__answer-title">{title}</p>
        <ul className="teacher-question__answer teacher-question__answer--list" lang={language}>
          {question.answerLabels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        {listed && question.correctAnswers.length > 0 && (
          <>
            <p className="teacher-question__answer-title teacher-question__accepted">
              <strong>{t('teacherResults.correctAnswer')}:</strong>
            </p>
            <ul className="teacher-question__answer teacher-question__answer--list" lang={language}>
              {question.correctAnswers.map((answer) => (
                <li key={answer}>{answer}</li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  return (
    <>
      <p>
        {title}{' '}
        <span className="teacher-question__answer" lang={language}>
          {question.answerLabels[0] ?? ''}
        </span>
      </p>
      {question.correctAnswers.length > 0 && (
        <p className="teacher-question__accepted">
          <strong>{t('teacherResults.acceptedAnswers')}:</strong>{' '}
          <span lang={language}>
            {question.correctAnswers
              .map((answer) =>
                question.questionType === 'numeric' ? localNumbers(answer, language) : answer,
              )
              .join('; ')}
          </span>
        </p>
      )}
    </>
  );
}

// An answer not yet scored starts with an empty field: its 0 is no score (ADR 0018).
const formValuesOf = (page: ResultPage) => ({
  scores: Object.fromEntries(page.questions.map((q) => [q.name, q.awaitingScore ? '' : String(q.score)])),
  feedback: Object.fromEntries(page.questions.map((q) => [q.name, q.feedback ?? ''])),
});

/**
 * One page: each question's answer (as option texts) and score; open questions take a score, every
 * answer feedback.
 */
function PageScores({
  modulePath,
  userId,
  page,
  language,
  readOnly,
}: {
  modulePath: string;
  userId: string;
  page: ResultPage;
  language: string;
  /** The reader may read the result but not score it, give feedback or another attempt. */
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const score = useScoreResult();
  const [values, setValues] = useState(() => formValuesOf(page));
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  /** Per question, the key of its score field's error: shown at the field, never only under Save. */
  const [scoreErrors, setScoreErrors] = useState<Record<string, string>>({});
  const scoreFieldId = (name: string) => `${id}-${name}-score`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const scores: Record<string, number> = {};
    const feedback: Record<string, string> = {};
    const errors: Record<string, string> = {};
    for (const question of page.questions) {
      if (!question.answered) continue;
      const typed = values.scores[question.name] ?? '';
      const parsed = question.questionType === 'open' ? parseScore(typed, question.maxScore) : null;
      if (parsed?.error) errors[question.name] = parsed.error;
      else if (
        parsed?.score != null &&
        (question.awaitingScore || Math.round(parsed.score) !== question.score)
      )
        scores[question.name] = parsed.score;
      const text = values.feedback[question.name] ?? '';
      if (text.trim() !== (question.feedback ?? '')) feedback[question.name] = text;
    }
    setScoreErrors(errors);
    const firstWrong = page.questions.find((question) => errors[question.name]);
    if (firstWrong) {
      document.getElementById(scoreFieldId(firstWrong.name))?.focus();
      return;
    }
    if (Object.keys(scores).length + Object.keys(feedback).length === 0) {
      setNotice({ tone: 'success', text: t('teacherResults.nothingChanged') });
      return;
    }
    try {
      const saved = await score.mutateAsync({
        user: userId,
        module: modulePath,
        page: page.path,
        result: { scores, feedback },
      });
      // The stored values (a score rounded to a whole number, feedback trimmed).
      const stored = saved.pages.find((candidate) => candidate.path === page.path);
      if (stored) setValues(formValuesOf(stored));
      setNotice({ tone: 'success', text: t('teacherResults.saved') });
    } catch (error) {
      const problem = problemOf(error);
      // A score the server refused goes to its field (result.scores.<question>), like a local check.
      const refused = Object.fromEntries(
        problem.fields
          .map((field) => [field.path.replace(/^result\.scores\./, ''), field.key || field.message] as const)
          .filter(([name]) => page.questions.some((question) => question.name === name)),
      );
      if (Object.keys(refused).length > 0) setScoreErrors(refused);
      else setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {page.name}{' '}
        <span className="muted">
          ({page.score} / {page.maxScore})
        </span>
        {page.awaitingScore > 0 && (
          <span className="badge to-grade-badge">
            {t('grading.toGradeCount', { count: page.awaitingScore })}
          </span>
        )}
        {page.stuck && (
          <span className="badge badge--warning stuck-badge">{t('teacherResults.stuckPage')}</span>
        )}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        {page.questions.map((question) => (
          <fieldset key={question.name} className="field teacher-question">
            <legend className="field__label">{question.label}</legend>
            <AnswerTexts question={question} language={language} />
            {question.questionType === 'open' && question.answered && !readOnly ? (
              <div className="field" data-invalid={scoreErrors[question.name] ? true : undefined}>
                <label className="field__label" htmlFor={scoreFieldId(question.name)}>
                  {t('teacherResults.scoreOf', { max: question.maxScore })}
                </label>
                <input
                  id={scoreFieldId(question.name)}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={question.maxScore}
                  step="any"
                  placeholder={question.awaitingScore ? t('grading.notScored') : undefined}
                  aria-describedby={`${id}-${question.name}-score-hint${scoreErrors[question.name] ? ` ${id}-${question.name}-score-error` : ''}`}
                  aria-invalid={scoreErrors[question.name] ? true : undefined}
                  value={values.scores[question.name] ?? ''}
                  onChange={(event) =>
                    setValues({
                      ...values,
                      scores: { ...values.scores, [question.name]: event.target.value },
                    })
                  }
                />
                <p className="field__hint" id={`${id}-${question.name}-score-hint`}>
                  {question.awaitingScore && <strong>{t('grading.notScored')}. </strong>}
                  {t('teacherResults.roundedHint')}
                </p>
                {scoreErrors[question.name] && (
                  <p className="field__error" id={`${id}-${question.name}-score-error`}>
                    {t(scoreErrors[question.name] as TextKey, { defaultValue: scoreErrors[question.name] })}
                  </p>
                )}
              </div>
            ) : (
              <p>
                <strong>{t('teacherResults.score')}:</strong>{' '}
                {question.awaitingScore ? t('grading.notScored') : `${question.score} / ${question.maxScore}`}
                {question.questionType !== 'open' && (
                  <span className="muted"> · {t('teacherResults.autoScored')}</span>
                )}
              </p>
            )}
            {readOnly && question.feedback && (
              <p>
                <strong>{t('teacherResults.feedback')}:</strong> {question.feedback}
              </p>
            )}
            {question.answered && !readOnly && (
              <div className="field">
                <label className="field__label" htmlFor={`${id}-${question.name}-feedback`}>
                  {t('teacherResults.feedback')}
                </label>
                <textarea
                  id={`${id}-${question.name}-feedback`}
                  rows={3}
                  maxLength={5000}
                  value={values.feedback[question.name] ?? ''}
                  onChange={(event) =>
                    setValues({
                      ...values,
                      feedback: { ...values.feedback, [question.name]: event.target.value },
                    })
                  }
                />
              </div>
            )}
            {question.scoredAt && (
              <p className="field__hint">
                {t('teacherResults.lastScored', { date: formatDateTime(question.scoredAt) })}
              </p>
            )}
            {question.attemptsAllowed !== null && (
              <Attempts
                modulePath={modulePath}
                userId={userId}
                pagePath={page.path}
                question={question}
                mayGrant={!readOnly}
                onGranted={(text) => setNotice({ tone: 'success', text })}
              />
            )}
          </fieldset>
        ))}
        {!readOnly && page.questions.some((question) => question.answered) && (
          <div className="button-row">
            <button type="submit" className="button" disabled={score.isPending}>
              {t('teacherResults.save')}
            </button>
          </div>
        )}
        {notice && (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        )}
      </form>
    </section>
  );
}

/**
 * Attempts used and allowed; once they are used up, a teacher may give one more (AttemptGranted),
 * for instance to a participant stuck behind an 'all-correct' gate.
 */
function Attempts({
  modulePath,
  userId,
  pagePath,
  question,
  mayGrant,
  onGranted,
}: {
  modulePath: string;
  userId: string;
  pagePath: string;
  question: ResultPage['questions'][number];
  mayGrant: boolean;
  onGranted: (text: string) => void;
}) {
  const { t } = useTranslation();
  const grant = useGrantAttempt();
  const [failure, setFailure] = useState<string | null>(null);
  const give = async () => {
    setFailure(null);
    try {
      await grant.mutateAsync({ module: modulePath, user: userId, page: pagePath, question: question.name });
      onGranted(t('teacherResults.attemptGranted', { question: question.label }));
    } catch (error) {
      setFailure(problemOf(error).message ?? t('form.unreachable'));
    }
  };
  return (
    <div className="teacher-question__attempts">
      <p>
        <strong>{t('teacherResults.attempts')}:</strong>{' '}
        {t('teacherResults.attemptsOf', { used: question.attempts, allowed: question.attemptsAllowed })}
        {question.locked && <span className="muted"> · {t('teacherResults.attemptsUsedUp')}</span>}
      </p>
      {question.locked && mayGrant && (
        <button type="button" className="button button--ghost" disabled={grant.isPending} onClick={give}>
          {t('teacherResults.grantAttempt')}
        </button>
      )}
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
    </div>
  );
}

/** The result stream, newest first: answers and teachers' scores, each from → to, by whom and when. */
function ResultHistory({
  modulePath,
  userId,
  viewer,
  pages,
}: {
  modulePath: string;
  userId: string;
  viewer: CurrentUser;
  pages: ResultPage[];
}) {
  const { t } = useTranslation();
  const labelOf = (entry: ResultHistoryEntry) =>
    pages.find((page) => page.path === entry.pagePath)?.questions.find((q) => q.name === entry.question)
      ?.label ?? entry.question;
  const by = (entry: ResultHistoryEntry) => {
    if (entry.actorId === viewer._id) return t('history.you', { name: viewer.name });
    if (entry.actorId === null) return t('history.system');
    return entry.actorName ?? t('history.someone');
  };
  return (
    <HistoryList
      query={useResultHistory(modulePath, userId)}
      entry={(entry) => (
        <>
          <p className="history__what">
            {entry.type === 'AnswerScored'
              ? t('teacherResults.scored', { question: labelOf(entry), from: entry.from, to: entry.to })
              : entry.type === 'AttemptGranted'
                ? t('teacherResults.granted', { question: labelOf(entry), allowed: entry.attemptsAllowed })
                : t('teacherResults.answered', {
                    question: labelOf(entry),
                    attempt: entry.attempt,
                    to: entry.to,
                    max: entry.maxScore,
                  })}
          </p>
          {entry.type === 'AnswerScored' && entry.feedbackFrom !== entry.feedbackTo && (
            <p className="history__detail">
              {t('teacherResults.feedbackChanged', {
                from: entry.feedbackFrom ?? '—',
                to: entry.feedbackTo ?? '—',
              })}
            </p>
          )}
          <p className="history__meta">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span aria-hidden="true"> · </span>
            {t('history.by', { name: by(entry) })}
          </p>
        </>
      )}
    />
  );
}
