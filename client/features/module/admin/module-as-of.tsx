import { useTranslation } from 'react-i18next';
import { useModuleAsOf } from '../../../ui/admin/api/modules';
import { AsOfResult } from '../../../ui/admin/as-of';
import { useShowValue } from '../../../ui/admin/history';

/** The module as it was at `at` (module.asOf). */
export function ModuleAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useShowValue();
  return (
    <AsOfResult
      at={at}
      query={useModuleAsOf(path, at)}
      onClose={onClose}
      details={(then) => (
        <>
          <dt>{t('moduleAdmin.form.name')}</dt>
          <dd>{then.name}</dd>
          <dt>{t('moduleAdmin.form.language')}</dt>
          <dd>{t(`languages.${then.language}`)}</dd>
          <dt>{t('moduleAdmin.list.state')}</dt>
          <dd>
            {then.deleted
              ? t('moduleAdmin.state.deleted')
              : then.published
                ? t('moduleAdmin.state.published')
                : t('moduleAdmin.state.unpublished')}
          </dd>
          <dt>{t('moduleAdmin.list.kind')}</dt>
          <dd>{then.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}</dd>
          <dt>{t('moduleAdmin.form.public')}</dt>
          <dd>{show(then.public)}</dd>
          <dt>{t('moduleAdmin.form.gateProgress')}</dt>
          <dd>{show(then.gateProgress)}</dd>
        </>
      )}
    />
  );
}
