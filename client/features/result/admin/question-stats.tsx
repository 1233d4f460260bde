import './question-stats.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvVariant, csvUrl, downloadFile } from '../../../lib/download';
import { problemOf } from '../../../lib/forms';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { CsvDownloadButtons } from '../../../ui/admin/csv-download-buttons';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';

type Stats = RouterOutputs['result']['questionStats'];
type Question = Stats['questions'][number];

/** The module's question statistics CSV: GET /api/question-stats/<module>.csv, plain or for a spreadsheet. */
const downloadQuestionStats = ({ module, variant }: { module: string; variant: CsvVariant }) =>
  downloadFile(
    csvUrl(`/api/question-stats/${encodeURIComponent(module)}.csv`, variant),
    `question-stats-${module}.csv`,
  );

const percent = (share: number) => Math.round(share * 100);

/** What the facility says in words: below 30 % of the points is hard, above 90 % easy. */
function facilityHint(question: Question) {
  if (question.facility === null) return 'questionStats.facilityNone' as const;
  if (question.facility < 0.3) return 'questionStats.facilityHard' as const;
  if (question.facility > 0.9) return 'questionStats.facilityEasy' as const;
  return 'questionStats.facilityMiddle' as const;
}

/** What the discrimination says in words: under 0.2 a question does not tell strong from weak. */
function discriminationHint(question: Question) {
  if (question.discrimination === null) return 'questionStats.discriminationNone' as const;
  if (question.discrimination < 0) return 'questionStats.discriminationNegative' as const;
  if (question.discrimination < 0.2) return 'questionStats.discriminationLow' as const;
  if (question.discrimination < 0.4) return 'questionStats.discriminationFair' as const;
  return 'questionStats.discriminationGood' as const;
}

const verdictKeys = {
  full: 'questionStats.verdictFull',
  partly: 'questionStats.verdictPartly',
  zero: 'questionStats.verdictZero',
} as const;

/**
 * A numeric or short-answer question's most frequent answers, as grouped on the server (numbers as
 * numbers, texts without case or extra spaces), each with how it scored in words beside its bar.
 */
function FrequentAnswers({ question }: { question: Question }) {
  const { t, i18n } = useTranslation();
  // No thousands separator: a typed year or code should read as typed ('1994', not '1.994').
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6, useGrouping: false });
  const readable = (value: string) => {
    if (question.questionType !== 'numeric' || Number.isNaN(Number(value))) return value;
    const formatted = number.format(Number(value));
    return question.unit === '' ? formatted : `${formatted} ${question.unit}`;
  };
  return (
    <>
      <p className="muted">{t('questionStats.typedQuestion', { count: question.frequent.length })}</p>
      <ul className="question-stats__options" aria-label={t('questionStats.frequentAnswers')}>
        {question.frequent.map((answer) => (
          <li key={answer.value} className="question-stats__option">
            <span className="question-stats__option-text">
              {t('questionStats.frequentShare', {
                answer: readable(answer.value),
                percent: percent(answer.share),
                count: answer.count,
              })}
              <span className={`question-stats__verdict question-stats__verdict--${answer.verdict}`}>
                {t(verdictKeys[answer.verdict])}
              </span>
            </span>
            <span className="question-stats__bar" aria-hidden="true">
              <span style={{ width: `${percent(answer.share)}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

const partsKeys = {
  matching: 'questionStats.partsMatching',
  ordering: 'questionStats.partsOrdering',
  fillBlanks: 'questionStats.partsFillBlanks',
} as const;

/** A text with the bar that repeats its share, as a list item. */
function ShareItem({ text, share }: { text: string; share: number }) {
  return (
    <li className="question-stats__option">
      <span className="question-stats__option-text">{text}</span>
      <span className="question-stats__bar" aria-hidden="true">
        <span style={{ width: `${percent(share)}%` }} />
      </span>
    </li>
  );
}

/**
 * A matching, ordering or fill-in question: how its scored answers scored (full, partly, nothing),
 * then per pair, place or blank, as an answer reads it, the share of those who answered who had it
 * right: which pair is confused, which step lands elsewhere, which blank is hard.
 */
function PartsAnswers({ question, type }: { question: Question; type: keyof typeof partsKeys }) {
  const { t } = useTranslation();
  const id = useId();
  const scores = question.scores;
  const scored = scores ? scores.full + scores.partly + scores.zero : 0;
  return (
    <>
      {scores && scored > 0 && (
        <ul className="question-stats__options" aria-label={t('questionStats.scoresList')}>
          {(['full', 'partly', 'zero'] as const).map((band) => (
            <ShareItem
              key={band}
              share={scores[band] / scored}
              text={t('questionStats.scoreShare', {
                band: t(verdictKeys[band]),
                percent: percent(scores[band] / scored),
                count: scores[band],
              })}
            />
          ))}
        </ul>
      )}
      {/* Empty for a reader who may not see the answer key: the parts name it. */}
      {question.parts.length > 0 && (
        <>
          <p className="question-stats__parts-title">
            <strong id={`${id}-parts`}>{t(partsKeys[type])}</strong>{' '}
            <span className="muted">{t('questionStats.partsQuestion')}</span>
          </p>
          <ul className="question-stats__options" aria-labelledby={`${id}-parts`}>
            {question.parts.map((part) => (
              <ShareItem
                key={part.label}
                share={part.share}
                text={t('questionStats.partShare', {
                  label: part.label,
                  percent: percent(part.share),
                  count: part.right,
                })}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function QuestionCard({ question, pageName }: { question: Question; pageName: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <article className="question-stats__card panel" aria-labelledby={`${id}-label`}>
      <p className="question-stats__page muted">{pageName}</p>
      <h3 id={`${id}-label`} className="question-stats__label">
        {question.label}
      </h3>
      <p className="muted">
        {t('questionStats.answered', { count: question.answered })}
        {question.awaitingScore > 0 &&
          ` · ${t('questionStats.awaitingLeftOut', { count: question.awaitingScore })}`}
      </p>
      {question.questionType === 'open' ? (
        <p className="muted">{t('questionStats.openQuestion')}</p>
      ) : question.questionType === 'numeric' || question.questionType === 'short' ? (
        <FrequentAnswers question={question} />
      ) : question.questionType === 'matching' ||
        question.questionType === 'ordering' ||
        question.questionType === 'fillBlanks' ? (
        <PartsAnswers question={question} type={question.questionType} />
      ) : (
        <ul className="question-stats__options" aria-label={t('questionStats.options')}>
          {question.options.map((option) => (
            <li key={option.value} className="question-stats__option">
              <span className="question-stats__option-text">
                {t('questionStats.optionShare', {
                  label: option.label,
                  percent: percent(option.share),
                  count: option.count,
                })}
              </span>
              <span className="question-stats__bar" aria-hidden="true">
                <span style={{ width: `${percent(option.share)}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="question-stats__figures">
        <div>
          <dt>{t('questionStats.facility')}</dt>
          <dd>
            {question.facility !== null && (
              <strong>{t('questionStats.facilityValue', { percent: percent(question.facility) })}</strong>
            )}
            <span className="question-stats__hint">{t(facilityHint(question))}</span>
          </dd>
        </div>
        <div>
          <dt>{t('questionStats.discrimination')}</dt>
          <dd>
            {question.discrimination !== null && <strong>{decimal.format(question.discrimination)}</strong>}
            <span className="question-stats__hint">{t(discriminationHint(question))}</span>
          </dd>
        </div>
        <div>
          <dt>{t('questionStats.meanAttempts')}</dt>
          <dd>{question.meanAttempts === null ? '—' : decimal.format(question.meanAttempts)}</dd>
        </div>
      </dl>
    </article>
  );
}

function PagesFunnel({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="question-stats__pages">
      <h3 id={`${id}-title`}>{t('questionStats.pagesTitle')}</h3>
      <table className="data-table">
        <caption className="visually-hidden">{t('questionStats.pagesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('questionStats.page')}</th>
            <th scope="col">{t('questionStats.reached')}</th>
            <th scope="col">{t('questionStats.completed')}</th>
            <th scope="col">{t('questionStats.completion')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.pages.map((page) => (
            <tr key={page.path}>
              <th scope="row">{page.name}</th>
              <td data-label={t('questionStats.reached')}>{page.questions === 0 ? '—' : page.reached}</td>
              <td data-label={t('questionStats.completed')}>{page.questions === 0 ? '—' : page.completed}</td>
              <td data-label={t('questionStats.completion')}>
                {page.completion === null ? (
                  t('questionStats.noQuestionsOnPage')
                ) : (
                  <span className="question-stats__funnel">
                    <span>
                      {t('questionStats.funnel', {
                        completed: page.completed,
                        participants: stats.participants,
                        percent: percent(page.completion),
                      })}
                    </span>
                    <span className="question-stats__bar" aria-hidden="true">
                      <span style={{ width: `${percent(page.completion)}%` }} />
                    </span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The module's question statistics under its results (docs/guide/results-and-scoring.md): per
 * question its option shares (for typed answers the most frequent ones; for matching, ordering and
 * fill-in its scores and each part's share right), facility, discrimination and mean attempts, each figure with a few
 * words on what it says; per page how many got there and finished it. Aggregates only, counted over
 * those who answered, and the CSV of the same figures.
 */
export function QuestionStatsView({ module }: { module: string }) {
  const { t } = useTranslation();
  const id = useId();
  const stats = useQuery(trpc.result.questionStats.queryOptions({ module }));
  const download = useMutation({ mutationFn: downloadQuestionStats });

  const body = () => {
    if (stats.isPending) return <Loading />;
    if (stats.isError)
      return (
        <ErrorPanel
          message={problemOf(stats.error).message ?? t('questionStats.loadError')}
          onRetry={() => void stats.refetch()}
        />
      );
    const data = stats.data;
    if (data.questions.length === 0) return <Empty>{t('questionStats.noQuestions')}</Empty>;
    if (data.participants === 0) return <Empty>{t('questionStats.empty')}</Empty>;
    const pageNames = new Map(data.pages.map((page) => [page.path, page.name]));
    return (
      <>
        <p>{t('questionStats.intro', { count: data.participants })}</p>
        <div className="question-stats__list">
          {data.questions.map((question) => (
            <QuestionCard
              key={`${question.page}/${question.name}`}
              question={question}
              pageName={pageNames.get(question.page) ?? question.page}
            />
          ))}
        </div>
        <PagesFunnel stats={data} />
      </>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="question-stats">
      <div className="page-header">
        <h2 id={`${id}-title`}>{t('questionStats.title')}</h2>
        {stats.data && stats.data.participants > 0 && (
          <div className="page-header__actions">
            <CsvDownloadButtons
              label={t('questionStats.download')}
              pending={download.isPending ? download.variables.variant : null}
              onDownload={(variant) => download.mutate({ module, variant })}
            />
          </div>
        )}
      </div>
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('questionStats.downloadError')}</p>
        </Alert>
      )}
      <div aria-busy={stats.isPending} aria-live="polite">
        {body()}
      </div>
    </section>
  );
}
