import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paragraphs } from '../../../lib/text';
import { ItemQuery } from '../../../ui/item-query';
import { Empty } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useModule } from '../api/get-module';
import { ModuleTime, PageTime } from '../components/estimated-time';
import { TranslationSwitch } from '../components/translation-switch';

/**
 * /module/{modulePath} (also under /course/{coursePath}): the module's pages in order, how long
 * it takes, and a Start link to its first page.
 */
export function ModuleRoute({ modulePath, base = '' }: { modulePath: string; base?: string }) {
  const { t } = useTranslation();
  const module = useModule(modulePath);
  useDocumentTitle(module.data?.name ?? (module.isError ? t('modules.notFound') : ''));
  return (
    <ItemQuery
      query={module}
      notFound={t('modules.notFound')}
      loadError={t('modules.loadOneError')}
      backHref={base || '/module'}
      backLabel={base ? t('modules.backToCourse') : t('modules.title')}
    >
      {(data) => {
        const href = (pagePath: string) => `${base}/module/${data.path}/page/${pagePath}`;
        return (
          <article className="module" lang={data.language}>
            <h1>{data.name}</h1>
            <TranslationSwitch kind="module" path={data.path} hrefOf={(path) => `${base}/module/${path}`} />
            <div className="prose">
              {paragraphs(data.info).map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            {data.pages.length === 0 ? (
              <Empty>{t('modules.noPages')}</Empty>
            ) : (
              <>
                <p className="module__time">
                  {t('modules.estimatedTime')}: <ModuleTime seconds={data.estimatedTime} />
                </p>
                <p>
                  <Link href={href(data.pages[0]!.path)} className="button">
                    {t('modules.start')}
                  </Link>
                </p>
                <ol className="page-list">
                  {data.pages.map((page) => (
                    <li key={page.path} className="page-list__item">
                      <Link href={href(page.path)}>{page.name}</Link>
                      <span className="page-list__time">
                        <PageTime seconds={page.estimatedTime} />
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </article>
        );
      }}
    </ItemQuery>
  );
}
