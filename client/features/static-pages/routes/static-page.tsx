import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { findStaticPage, pick, staticPathOf, useTenant } from '../../../lib/tenant';
import { paragraphs } from '../../../lib/text';
import { useLanguage } from '../../../lib/use-language';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';

/**
 * /about, /contact, /privacy (and /gdpr): the tenant's texts as plain paragraphs. Each page has an
 * address per language (/over-ons, /about, /a-propos): the address follows the interface language,
 * so switching language moves to the page's address in it, and a link in another language's address
 * shows the page in the reader's language at their address. /gdpr keeps its name.
 */
export function StaticPageRoute({ path, notFound }: { path: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant();
  const page = tenant.data ? findStaticPage(tenant.data, path) : undefined;
  useDocumentTitle(page ? pick(page.title, language) : undefined);
  const [, navigate] = useLocation();
  const address = page && path !== 'gdpr' ? staticPathOf(page, language) : path;
  useEffect(() => {
    if (address !== path) navigate(`/${address}`, { replace: true });
  }, [address, path, navigate]);

  if (tenant.isPending || (tenant.isError && tenant.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (tenant.isError) {
    return (
      <ErrorPanel message={t('pages.loadError')} onRetry={() => void tenant.refetch()} error={tenant.error} />
    );
  }
  if (!page) return notFound;

  return (
    <article className="static-page">
      <h1>{pick(page.title, language)}</h1>
      <div className="prose">
        {paragraphs(pick(page.body, language)).map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </article>
  );
}
