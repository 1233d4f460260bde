import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../lib/tenant';

/** Sets the browser tab's title to "<page> – <platform>", so every screen is announced by name. */
export function useDocumentTitle(page: string | undefined) {
  const { t } = useTranslation();
  const site = useTenant().data?.name ?? t('app.name');
  useEffect(() => {
    document.title = page ? `${page} – ${site}` : site;
  }, [page, site]);
}
