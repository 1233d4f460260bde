import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { InfoText } from '../../../ui/info-text';
import { ItemHeader } from '../../../ui/item-header';
import { ItemQuery } from '../../../ui/item-query';
import { Empty } from '../../../ui/status';
import { TranslationSwitch } from '../../../ui/translation-switch';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useLearnerModule } from '../api/get-learner-module';
import { ModuleTime } from '../components/estimated-time';
import { pageDone } from '../components/page-done';
import { PageList } from '../components/page-list';

/**
 * /module/{modulePath} (also under /course/{coursePath}): the module's pages in the order this
 * participant meets them, which are done, how long it takes, and a Start link to its first page.
 * Pages behind a closed gate are listed without a link, with the reason in words.
 */
export function ModuleRoute({ modulePath, base = '' }: { modulePath: string; base?: string }) {
  const { t } = useTranslation();
  const learner = useLearnerModule(modulePath, { fresh: true });
  useDocumentTitle(learner.data?.module.name ?? (learner.isError ? t('modules.notFound') : ''));
  return (
    <ItemQuery
      query={learner}
      notFound={t('modules.notFound')}
      loadError={t('modules.loadOneError')}
      backHref={base || '/module'}
      backLabel={base ? t('modules.backToCourse') : t('modules.title')}
      // Only its pages say that an editor blocked the module; its overview names nothing.
      notFoundKeys={['module.blocked']}
    >
      {({ module: data, pages, updatedAt }) => {
        const href = (pagePath: string) => `${base}/module/${data.path}/page/${pagePath}`;
        const resume = pages.find((page) => page.reachable && !pageDone(page)) ?? pages[0];
        return (
          <article className="module" lang={data.language}>
            <ItemHeader image={data.image}>
              <h1>{data.name}</h1>
              {/* Only its editors open an unpublished module. */}
              {!data.published && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
              <TranslationSwitch kind="module" path={data.path} hrefOf={(path) => `${base}/module/${path}`} />
            </ItemHeader>
            <InfoText text={data.info} />
            {pages.length === 0 || !resume ? (
              <Empty>{t('modules.noPages')}</Empty>
            ) : (
              <>
                <p className="module__time">
                  {t('modules.estimatedTime')}: <ModuleTime seconds={data.estimatedTime} />
                </p>
                <p className="module__actions">
                  <Link
                    href={href(updatedAt ? resume.path : (pages[0]?.path ?? resume.path))}
                    className="button"
                  >
                    {updatedAt ? t('answering.continue') : t('modules.start')}
                  </Link>{' '}
                  {updatedAt && (
                    <Link href={`${base}/module/${data.path}/result`} className="button button--ghost">
                      {t('answering.viewResult')}
                    </Link>
                  )}
                </p>
                <PageList pages={pages} gate={data} hrefOf={href} />
              </>
            )}
          </article>
        );
      }}
    </ItemQuery>
  );
}
