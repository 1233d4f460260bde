import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useTranslationGroups } from './get-translations';

/** /admin/translations: each original course or module with its translations, each to its edit page. */
export function TranslationsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('translationAdmin.title'));
  const groups = useTranslationGroups();
  const loading = listLoading(groups);

  const list = () => (
    <ListQuery query={groups} loadError={t('translationAdmin.loadError')} empty={t('translationAdmin.empty')}>
      {(items) => (
        <ul className="content-list">
          {items.map((group) => {
            const original = group.items.find((item) => item.isOriginal) ?? group.items[0];
            const base = group.kind === 'course' ? '/courses' : '/modules';
            return (
              <li key={`${group.kind}-${group.originId}`} className="translation-group">
                <h2>
                  {t(`translationAdmin.kind.${group.kind}`)}: {original?.name}
                </h2>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.path}>
                      <Link href={`${base}/${item.path}`}>{item.name}</Link>{' '}
                      <span className="badge">{t(`languages.${item.language}`)}</span>{' '}
                      {item.isOriginal && (
                        <span className="badge badge--muted">{t('translationAdmin.original')}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </ListQuery>
  );

  return (
    <>
      <h1>{t('translationAdmin.title')}</h1>
      <p className="page-lead">{t('translationAdmin.lead')}</p>
      <section aria-busy={loading} aria-label={t('translationAdmin.title')}>
        {list()}
      </section>
    </>
  );
}
