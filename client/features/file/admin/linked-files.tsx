import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { type AdminFile, useFiles } from '../../../ui/admin/api/get-files';
import { useSetLinked } from '../../../ui/admin/api/link-mutations';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import type { ContentRights } from '../../../ui/admin/content-rights';
import { type ParentRef, parentQuery } from '../../../ui/admin/parent-ref';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListQuery, listLoading } from '../../../ui/list-query';

/** A course's or section's files: open, unlink (after confirming), add a new one or link existing ones. */
export function LinkedFiles({ parent, rights }: { parent: ParentRef; rights: ContentRights }) {
  const { t } = useTranslation();
  const files = useFiles(
    parent.parentType === 'course' ? { course: parent.parentPath } : { section: parent.parentPath },
  );
  const link = useSetLinked();
  const { setNotice, view: notice } = useNotice();
  const [unlinking, setUnlinking] = useState<AdminFile | null>(null);
  const loading = listLoading(files);

  const list = () => (
    <ListQuery query={files} loadError={t('fileAdmin.loadError')} empty={t('fileAdmin.empty')}>
      {(items) => (
        <ul className="content-list">
          {items.map((file) => (
            <li key={file.path} className="content-list__item">
              <div className="content-list__main">
                <h3 className="content-list__name">
                  <Link href={`/files/${file.path}`}>{file.name}</Link>
                </h3>
                <p className="badges">
                  <span className="badge">{t(`fileAdmin.types.${file.type}`)}</span>
                </p>
              </div>
              {rights.edit && (
                <div className="content-list__actions">
                  <button
                    type="button"
                    className="button button--small button--danger-ghost"
                    aria-label={`${t('fileAdmin.unlink')}: ${file.name}`}
                    onClick={() => {
                      link.reset();
                      setUnlinking(file);
                    }}
                  >
                    {t('fileAdmin.unlink')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListQuery>
  );

  return (
    <section aria-labelledby="linked-files-title" aria-busy={loading}>
      <div className="page-header">
        <h2 id="linked-files-title">{t('fileAdmin.title')}</h2>
        {rights.edit && (
          <div className="page-header__actions">
            {rights.create && (
              <Link href={`/files/new?${parentQuery(parent)}`} className="button button--small">
                {t('fileAdmin.new')}
              </Link>
            )}
            <Link
              href={`/files/link-existing?${parentQuery(parent)}`}
              className="button button--small button--ghost"
            >
              {t('fileAdmin.linkExisting')}
            </Link>
          </div>
        )}
      </div>
      {notice}
      {list()}
      <ConfirmDialog
        open={unlinking !== null}
        title={t('fileAdmin.unlinkTitle')}
        message={<p>{t('fileAdmin.unlinkConfirm', { name: unlinking?.name ?? '' })}</p>}
        confirmLabel={t('fileAdmin.unlink')}
        busy={link.isPending}
        error={link.isError ? (problemOf(link.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setUnlinking(null)}
        onConfirm={async () => {
          if (!unlinking) return;
          try {
            await link.mutateAsync({ ...parent, itemType: 'file', itemPath: unlinking.path, linked: false });
          } catch {
            return;
          }
          setNotice({ tone: 'success', text: t('fileAdmin.unlinked', { name: unlinking.name }) });
          setUnlinking(null);
        }}
      />
    </section>
  );
}
