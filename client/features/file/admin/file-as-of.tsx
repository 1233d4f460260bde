import { useTranslation } from 'react-i18next';
import { useFileAsOf } from '../../../ui/admin/api/get-files';
import { AsOfResult } from '../../../ui/admin/as-of';

/** The file as it was at `at` (file.asOf). */
export function FileAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AsOfResult
      at={at}
      query={useFileAsOf(path, at)}
      onClose={onClose}
      details={(then) => (
        <>
          <dt>{t('fileAdmin.name')}</dt>
          <dd>{then.name}</dd>
          <dt>{t('fileAdmin.url')}</dt>
          <dd>{then.url}</dd>
          <dt>{t('fileAdmin.type')}</dt>
          <dd>{then.type ? t(`fileAdmin.types.${then.type}`, { defaultValue: then.type }) : '—'}</dd>
          {then.deleted && (
            <>
              <dt>{t('courseAdmin.state')}</dt>
              <dd>{t('courseAdmin.stateDeleted')}</dd>
            </>
          )}
        </>
      )}
    />
  );
}
