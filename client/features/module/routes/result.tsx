import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../../../lib/auth';
import { signInHref } from '../../../lib/return-to';
import { ItemQuery } from '../../../ui/item-query';
import { Empty } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useLearnerModule } from '../api/get-learner-module';
import { pageLabel } from '../components/page-label';
import { StuckNotice } from '../components/stuck-notice';

/** A score as a whole percentage of its maximum; a module without scored questions is 100 % done. */
const percentOf = (score: number, maxScore: number) =>
  maxScore > 0 ? Math.round((score / maxScore) * 100) : 100;

const hasOpenQuestions = (scoring: Record<string, Record<string, unknown>>) =>
  Object.values(scoring).some((page) =>
    Object.values(page).some(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        'questionType' in entry &&
        entry.questionType === 'open',
    ),
  );

/**
 * /module/{modulePath}/result (also under a course): the participant's result, per page and in
 * total, as the server scored it, their typed (numeric and short) answers with their scores, followed by the module's certificate (or why there is none yet),
 * which the certificate feature draws (handed in by client/app/pages/result-page.tsx).
 */
export function ResultRoute({
  modulePath,
  base = '',
  Certificate,
}: {
  modulePath: string;
  base?: string;
  Certificate: ComponentType<{ modulePath: string }>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const module = useLearnerModule(modulePath);
  useDocumentTitle(t('answering.resultTitle'));
  const moduleHref = `${base}/module/${modulePath}`;
  return (
    <ItemQuery
      query={module}
      notFound={t('modules.notFound')}
      loadError={t('modules.loadOneError')}
      backHref={base || '/module'}
      backLabel={t('modules.title')}
      notFoundKeys={['module.blocked']}
    >
      {(data) => (
        <article className="result" lang={data.module.language}>
          <p className="learner-page__up">
            <Link href={moduleHref}>↑ {data.module.name}</Link>
          </p>
          <h1>{t('answering.resultTitle')}</h1>
          {!session.user ? (
            <p className="status status--info">
              {t('answering.signInForResult')} <Link href={signInHref()}>{t('answering.signIn')}</Link>
            </p>
          ) : data.updatedAt === null && data.maxScore > 0 ? (
            <Empty>{t('answering.noAnswersYet')}</Empty>
          ) : (
            <>
              <p className="result-total" role="status">
                {t('answering.total', {
                  score: data.score,
                  max: data.maxScore,
                  percent: percentOf(data.score, data.maxScore),
                })}
              </p>
              {data.awaitingScore > 0 && (
                <p className="status status--info">
                  {t('answering.waitingForTeacherCount', { count: data.awaitingScore })}
                </p>
              )}
              {data.pages.some((page) => page.stuck) ? (
                <StuckNotice helpers={data.helpers} />
              ) : (
                <p>{data.completed ? t('answering.moduleCompleted') : t('answering.moduleNotCompleted')}</p>
              )}
              <table className="result-table">
                <caption className="visually-hidden">{t('answering.perPage')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('answering.page')}</th>
                    <th scope="col">{t('answering.state')}</th>
                    <th scope="col">{t('answering.score')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.pages.map((page, index) => (
                    <tr key={page.path}>
                      <td>
                        {page.reachable ? (
                          <Link href={`${moduleHref}/page/${page.path}`}>
                            {pageLabel(t, page.name, index)}
                          </Link>
                        ) : (
                          pageLabel(t, page.name, index)
                        )}
                      </td>
                      <td>
                        {page.questionCount === 0
                          ? '—'
                          : page.stuck
                            ? t('answering.stuckState')
                            : page.completed
                              ? t('answering.completed')
                              : t('answering.notCompleted')}
                      </td>
                      <td>
                        {page.maxScore > 0 ? `${page.score} / ${page.maxScore}` : '—'}
                        {page.awaitingScore > 0 && (
                          <span className="muted"> · {t('answering.waitingShort')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {hasOpenQuestions(data.scoring) && data.awaitingScore === 0 && (
                <p className="status status--info">{t('answering.openScoredLater')}</p>
              )}
              {Object.keys(data.typedAnswers ?? {}).length > 0 && (
                <section className="result-feedback" aria-labelledby="result-typed-title">
                  <h2 id="result-typed-title">{t('answering.typedAnswersTitle')}</h2>
                  <dl className="details">
                    {data.pages.flatMap((page, index) =>
                      Object.entries(data.typedAnswers?.[page.path] ?? {}).map(([question, typed]) => {
                        const scored = data.scoring[page.path]?.[question];
                        return (
                          <div key={`${page.path}/${question}`}>
                            <dt>
                              {pageLabel(t, page.name, index)} · {typed.label}
                            </dt>
                            <dd>
                              <span className="result-typed__answer">{typed.text}</span>
                              {typeof scored === 'object' && (
                                <span className="muted">
                                  {' · '}
                                  {t('answering.typedAnswerScore', {
                                    score: scored.__score,
                                    count: scored.__maxScore,
                                  })}
                                </span>
                              )}
                            </dd>
                          </div>
                        );
                      }),
                    )}
                  </dl>
                </section>
              )}
              {Object.keys(data.feedback).length > 0 && (
                <section className="result-feedback" aria-labelledby="result-feedback-title">
                  <h2 id="result-feedback-title">{t('answering.feedbackTitle')}</h2>
                  <dl className="details">
                    {data.pages.flatMap((page, index) =>
                      Object.entries(data.feedback[page.path] ?? {}).map(([question, text]) => (
                        <div key={`${page.path}/${question}`}>
                          <dt>
                            {pageLabel(t, page.name, index)} ·{' '}
                            {data.feedbackLabels[page.path]?.[question] ?? question}
                          </dt>
                          <dd className="question__feedback-text">{text}</dd>
                        </div>
                      )),
                    )}
                  </dl>
                </section>
              )}
            </>
          )}
          {session.user && <Certificate modulePath={modulePath} />}
        </article>
      )}
    </ItemQuery>
  );
}
