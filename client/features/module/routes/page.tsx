import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ItemQuery } from '../../../ui/item-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type LearnerModule, useModule } from '../api/get-module';
import { type LearnerPage, usePage } from '../api/get-page';
import { PageTime } from '../components/estimated-time';
import { PageContent } from '../components/page-content';
import { VideoPlayer } from '../components/video-player';

/**
 * /module/{modulePath}/page/{pagePath} (also under a course): the page with a progress bar (page
 * index divided by page count), previous and next links and a link up to the module.
 */
export function PageRoute({
  modulePath,
  pagePath,
  base = '',
}: {
  modulePath: string;
  pagePath: string;
  base?: string;
}) {
  const { t } = useTranslation();
  const module = useModule(modulePath);
  const page = usePage(pagePath);
  useDocumentTitle(page.data?.name ?? (page.isError ? t('pages.notFound') : ''));
  const moduleHref = `${base}/module/${modulePath}`;
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
          backLabel={moduleData.name}
        >
          {(pageData) =>
            pageData.parentPath !== moduleData.path ? (
              <div className="status status--not-found">
                <h1>{t('pages.notFound')}</h1>
                <p>
                  <Link href={moduleHref}>{moduleData.name}</Link>
                </p>
              </div>
            ) : (
              <PageView module={moduleData} page={pageData} moduleHref={moduleHref} />
            )
          }
        </ItemQuery>
      )}
    </ItemQuery>
  );
}

function PageView({
  module,
  page,
  moduleHref,
}: {
  module: LearnerModule;
  page: LearnerPage;
  moduleHref: string;
}) {
  const { t } = useTranslation();
  const index = module.pages.findIndex((entry) => entry.path === page.path);
  const count = module.pages.length;
  const position = index + 1;
  const previous = index > 0 ? module.pages[index - 1] : undefined;
  const next = index >= 0 ? module.pages[index + 1] : undefined;
  const percent = count > 0 ? Math.round((position / count) * 100) : 0;
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
      <h1>{page.name}</h1>
      {page.estimatedTime > 0 && (
        <p className="learner-page__time">
          {t('modules.estimatedTime')}: <PageTime seconds={page.estimatedTime} />
        </p>
      )}
      {page.type === 'interactive' && page.interactiveVideo?.show && (
        <VideoPlayer url={page.interactiveVideo.url} title={page.name} />
      )}
      <PageContent elements={page.content} language={module.language} />
      <nav className="pager" aria-label={t('pages.pager')}>
        {previous ? (
          <Link href={`${moduleHref}/page/${previous.path}`} className="button button--ghost" rel="prev">
            ← {t('pages.previous')}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link href={`${moduleHref}/page/${next.path}`} className="button" rel="next">
            {t('pages.next')} →
          </Link>
        ) : (
          <Link href={moduleHref} className="button">
            {t('pages.finish')}
          </Link>
        )}
      </nav>
    </article>
  );
}
