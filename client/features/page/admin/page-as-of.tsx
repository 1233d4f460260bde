import { useTranslation } from 'react-i18next';
import { AsOfResult } from '../../../ui/admin/as-of';
import { usePageAsOf } from './pages';

/** The page as it was at `at` (page.asOf). */
export function PageAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AsOfResult
      at={at}
      query={usePageAsOf(path, at)}
      onClose={onClose}
      details={(then) => (
        <>
          <dt>{t('pageEditor.name')}</dt>
          <dd>{then.name}</dd>
          <dt>{t('pageEditor.type')}</dt>
          <dd>{t(`pageEditor.types.${then.type}`)}</dd>
          <dt>{t('pageEditor.content')}</dt>
          <dd>{t('pageAdmin.elementCount', { count: then.content.length })}</dd>
        </>
      )}
    />
  );
}
