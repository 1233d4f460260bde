import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../../../lib/auth';
import { signInHref } from '../../../lib/return-to';
import { useTrackPageSeen } from '../../../lib/tracking/use-track-page-seen';
import { errorKey } from '../../../lib/trpc';
import { ItemQuery } from '../../../ui/item-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type LearnerModuleResult, useLearnerModule } from '../api/get-learner-module';
import { type LearnerPageState, useLearnerPage } from '../api/get-learner-page';
import { PageTime } from '../components/estimated-time';
import { InteractiveVideo } from '../components/interactive-video';
import { PageContent, type PageQuestion } from '../components/page-content';
import { pageLabel } from '../components/page-label';
import { Question } from '../components/question';
import { StuckNotice } from '../components/stuck-notice';
import { type SaveStatus, useAnswerForm } from '../components/use-answer-form';

/** What asking the teachers is about: the page, and the question it is stuck on, if any. */
type AskTeacherSlot = (pageName: string, question: { name: string; label: string } | null) => ReactNode;

/**
 * /module/{modulePath}/page/{pagePath} (also under a course): the page as this participant meets it,
 * with a progress bar (page index divided by page count), previous and next links, a link up to the
 * module, and its questions answered and saved as they go. With progress gating the next link
 * waits for the answers; the last page leads to the result.
 */
export function PageRoute({
  modulePath,
  pagePath,
  base = '',
  askTeacher,
}: {
  modulePath: string;
  pagePath: string;
  base?: string;
  /**
   * The way to ask the module's teachers about this page, for a signed-in participant, and about
   * the question it is stuck on when it is.
   */
  askTeacher?: AskTeacherSlot;
}) {
  const { t } = useTranslation();
  const module = useLearnerModule(modulePath);
  const page = useLearnerPage(modulePath, pagePath);
  const moduleHref = `${base}/module/${modulePath}`;
  const refusal = errorKey(page.error) ?? errorKey(module.error);
  const index = module.data?.pages.findIndex((entry) => entry.path === pagePath) ?? -1;
  const title = page.data
    ? pageLabel(t, page.data.page.name, index)
    : refusal === 'module.blocked'
      ? t('answering.blockedTitle')
      : page.isError
        ? t('pages.notFound')
        : '';
  useDocumentTitle(title);

  if (refusal === 'module.blocked') {
    return (
      <div className="blocked" role="alert">
        <h1>{t('answering.blockedTitle')}</h1>
        <p>{t('answering.blockedText')}</p>
      </div>
    );
  }
  if (refusal === 'page.gated') {
    return (
      <div className="status status--info">
        <h1>{t('answering.gatedTitle')}</h1>
        <p>{t('page.gated')}</p>
        <p>
          <Link href={moduleHref}>{t('answering.backToModule')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ItemQuery
      query={module}
      notFound={t('modules.notFound')}
      loadError={t('modules.loadOneError')}
      backHref={base || '/module'}
      backLabel={t('modules.title')}
    >
      {(moduleData) => (
        <ItemQuery
          query={page}
          notFound={t('pages.notFound')}
          loadError={t('pages.loadError')}
          backHref={moduleHref}
          backLabel={moduleData.module.name}
        >
          {(pageData) => (
            <PageView
              key={pageData.page.pageId}
              module={moduleData}
              page={pageData}
              moduleHref={moduleHref}
              askTeacher={askTeacher}
            />
          )}
        </ItemQuery>
      )}
    </ItemQuery>
  );
}

function PageView({
  module: { module, pages },
  page,
  moduleHref,
  askTeacher,
}: {
  module: LearnerModuleResult;
  page: LearnerPageState;
  moduleHref: string;
  askTeacher?: AskTeacherSlot;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.user !== null;
  const form = useAnswerForm(module.path, page.page.path, page.questions);
  // Rendered only once the page's data is here (and keyed by page): one sighting per visit, for xAPI.
  useTrackPageSeen(module.path, page.page.path);
  const index = pages.findIndex((entry) => entry.path === page.page.path);
  const count = pages.length;
  const position = index + 1;
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = index >= 0 ? pages[index + 1] : undefined;
  const percent = count > 0 ? Math.round((position / count) * 100) : 0;
  const hasQuestions = page.progress.questionCount > 0;
  const renderQuestion = (question: PageQuestion) => (
    <Question
      key={question.name}
      question={question}
      state={page.questions[question.name]}
      value={form.draft[question.name] ?? (question.questionType === 'multiple' ? [] : '')}
      onChange={(value) => form.change(question.name, value)}
      onConfirm={(value) => void form.confirm(question.name, value)}
      confirming={form.confirming === question.name}
      readOnly={!signedIn}
      waitingChecks={form.checksFor(question.name)}
      checksHeld={form.checksHeld(question.name)}
      usedElsewhere={form.usedElsewhere.has(question.name)}
      onDismissUsedElsewhere={() => form.dismissUsedElsewhere(question.name)}
    />
  );
  const video = page.page.type === 'interactive' ? page.page.interactiveVideo : null;
  const pageName = page.page.name ?? pageLabel(t, null, index);
  const atStops = new Set(video?.show ? video.timestamps.flatMap((stop) => stop.references) : []);
  const questionsByName = new Map(
    page.page.content.flatMap((element) =>
      'questionType' in element ? [[element.name, element] as const] : [],
    ),
  );
  // The question the notice is about: the first whose attempts are used up without the answer the gate needs.
  const stuckOn = page.progress.stuck
    ? page.page.content
        .flatMap((element) => ('questionType' in element ? [page.questions[element.name]] : []))
        .find((state) => state?.locked && (!state.answered || state.score < state.maxScore))
    : undefined;
  // The gate waits for the saved answers, so a change still resting counts as not there yet.
  const waiting = !page.progress.gateOpen || (module.gateProgress && form.status === 'pending');
  return (
    <article className="learner-page" lang={module.language}>
      <p className="learner-page__up">
        <Link href={moduleHref}>↑ {module.name}</Link>
      </p>
      <div className="progress">
        <progress
          max={count}
          value={position}
          aria-label={t('pages.progress', { position, count })}
          className="progress__bar"
        />
        <span className="progress__text">
          {t('pages.progress', { position, count })} · {percent}%
        </span>
      </div>
      <h1>{pageLabel(t, page.page.name, index)}</h1>
      {page.page.estimatedTime > 0 && (
        <p className="learner-page__time">
          {t('modules.estimatedTime')}: <PageTime seconds={page.page.estimatedTime} />
        </p>
      )}
      {video?.show && (
        <InteractiveVideo
          video={video}
          title={page.page.name ?? pageLabel(t, null, index)}
          renderQuestions={(names) =>
            names.map((name) => {
              const question = questionsByName.get(name);
              return question ? renderQuestion(question) : null;
            })
          }
        />
      )}
      <PageContent
        elements={page.page.content}
        language={module.language}
        renderQuestion={renderQuestion}
        skip={atStops}
      />
      {hasQuestions && !signedIn && (
        <p className="status status--info" role="note">
          {t('answering.signInToAnswer')} <Link href={signInHref()}>{t('answering.signIn')}</Link>
        </p>
      )}
      {hasQuestions && signedIn && <SaveState status={form.status} error={form.error} />}
      {page.progress.stuck && (
        <StuckNotice
          helpers={page.helpers}
          id="stuck-notice"
          action={
            signedIn && askTeacher
              ? askTeacher(pageName, stuckOn ? { name: stuckOn.name, label: stuckOn.label } : null)
              : null
          }
        />
      )}
      {signedIn && askTeacher && !page.progress.stuck && (
        <p className="learner-page__ask">{askTeacher(pageName, null)}</p>
      )}
      <nav className="pager" aria-label={t('pages.pager')}>
        {previous ? (
          <Link href={`${moduleHref}/page/${previous.path}`} className="button button--ghost" rel="prev">
            ← {t('pages.previous')}
          </Link>
        ) : (
          <span />
        )}
        {waiting ? (
          // Focusable and announced as unavailable, unlike a disabled button.
          <button
            type="button"
            className="button"
            aria-disabled="true"
            aria-describedby={page.progress.stuck ? 'stuck-notice' : undefined}
          >
            {t('answering.waiting')}
          </button>
        ) : next ? (
          <Link href={`${moduleHref}/page/${next.path}`} className="button" rel="next">
            {t('pages.next')} →
          </Link>
        ) : (
          <Link href={`${moduleHref}/result`} className="button">
            {t('answering.toResult')} →
          </Link>
        )}
      </nav>
    </article>
  );
}

function SaveState({ status, error }: { status: SaveStatus; error: string | null }) {
  const { t } = useTranslation();
  if (status === 'error') {
    return (
      <p className="alert alert--danger" role="alert">
        {error}
      </p>
    );
  }
  return (
    <p className="save-status" role="status">
      {status === 'pending' || status === 'saving'
        ? t('answering.saving')
        : status === 'queued'
          ? t('answering.queued')
          : status === 'saved'
            ? t('answering.saved')
            : ''}
    </p>
  );
}
