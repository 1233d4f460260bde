import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { type LinkedModule, useModulesOf } from '../../../ui/admin/api/get-links';
import { useOrderModules, useSetLinked } from '../../../ui/admin/api/link-mutations';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import type { ContentRights } from '../../../ui/admin/content-rights';
import { type ParentRef, parentQuery } from '../../../ui/admin/parent-ref';
import { SortableList } from '../../../ui/admin/sortable-list';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListQuery, listLoading } from '../../../ui/list-query';

/**
 * A course's or section's modules in their order: drag (mouse, touch or keyboard) to reorder,
 * saved as the list of module paths (link.orderModules); unlink; link existing modules.
 */
export function LinkedModules({ parent, rights }: { parent: ParentRef; rights: ContentRights }) {
  const { t } = useTranslation();
  const modules = useModulesOf(parent);
  const order = useOrderModules();
  const link = useSetLinked();
  const { setNotice, view: notice } = useNotice();
  const [items, setItems] = useState<LinkedModule[]>([]);
  const [confirming, setConfirming] = useState<LinkedModule | null>(null);
  // The module just unlinked and the order before, so the notice can put it back in its place.
  const [unlinked, setUnlinked] = useState<{ module: LinkedModule; order: string[] } | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const loading = listLoading(modules);

  useEffect(() => {
    if (modules.data) setItems(modules.data);
  }, [modules.data]);

  const reorder = async (next: LinkedModule[]) => {
    const before = items;
    setItems(next);
    setNotice(null);
    try {
      await order.mutateAsync({ ...parent, modules: next.map((module) => module.path) });
      setNotice({ tone: 'success', text: t('sectionAdmin.orderSaved') });
    } catch (error) {
      setItems(before);
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const unlink = async (module: LinkedModule) => {
    setNotice(null);
    setUnlinked(null);
    const order = items.map((item) => item.path);
    try {
      await link.mutateAsync({ ...parent, itemType: 'module', itemPath: module.path, linked: false });
      setUnlinked({ module, order });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setConfirming(null);
    }
  };

  /** Undo: link the module again, and put it back where it was in the order. */
  const relink = async ({ module, order: before }: { module: LinkedModule; order: string[] }) => {
    setUnlinked(null);
    try {
      await link.mutateAsync({ ...parent, itemType: 'module', itemPath: module.path, linked: true });
      await order.mutateAsync({ ...parent, modules: before });
      setNotice({ tone: 'success', text: t('bulkLink.moduleRelinked', { name: module.name }) });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const list = () => (
    <ListQuery
      query={modules}
      loadError={t('courseAdmin.modulesLoadError')}
      empty={t('courseAdmin.noModules')}
      items={items}
    >
      {(items) => (
        <>
          {rights.edit && items.length > 1 && <p className="muted">{t('sortable.hint')}</p>}
          <SortableList
            items={items}
            getId={(module) => module.path}
            getLabel={(module) => module.name}
            label={t('courseAdmin.modulesLabel')}
            disabled={!rights.edit || order.isPending}
            onReorder={(next) => void reorder(next)}
            renderItem={(module) => (
              <div className="content-row">
                <div className="content-row__main">
                  <Link href={`/modules/${module.path}`} className="content-row__name">
                    {module.name}
                  </Link>
                  <span className="badges">
                    <span className="badge">{t(`languages.${module.language}`)}</span>
                    <span className={module.published ? 'badge' : 'badge badge--warning'}>
                      {module.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
                    </span>
                  </span>
                </div>
                {rights.edit && (
                  <div className="content-row__actions">
                    <button
                      type="button"
                      className="button button--small button--danger-ghost"
                      disabled={link.isPending}
                      aria-label={`${t('courseAdmin.unlinkModule')}: ${module.name}`}
                      onClick={() => setConfirming(module)}
                    >
                      {t('courseAdmin.unlinkModule')}
                    </button>
                  </div>
                )}
              </div>
            )}
          />
        </>
      )}
    </ListQuery>
  );

  return (
    <section aria-labelledby="linked-modules-title" aria-busy={loading} ref={listRef} tabIndex={-1}>
      <div className="page-header">
        <h2 id="linked-modules-title">{t('courseAdmin.view.modules')}</h2>
        {rights.edit && (
          <div className="page-header__actions">
            <Link href={`/modules/link-existing?${parentQuery(parent)}`} className="button button--small">
              {t('courseAdmin.linkModules')}
            </Link>
          </div>
        )}
      </div>
      {notice}
      {unlinked && (
        <Alert tone="success">
          <p>
            {t('courseAdmin.moduleUnlinked', { name: unlinked.module.name })}{' '}
            <button
              type="button"
              className="link-button"
              disabled={link.isPending || order.isPending}
              onClick={() => void relink(unlinked)}
            >
              {t('bulkLink.undo')}
            </button>
          </p>
        </Alert>
      )}
      {list()}
      <ConfirmDialog
        open={confirming !== null}
        title={t('bulkLink.unlinkModuleTitle')}
        message={t('bulkLink.unlinkModuleText', { name: confirming?.name ?? '' })}
        confirmLabel={t('courseAdmin.unlinkModule')}
        busy={link.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void unlink(confirming)}
        returnFocus={listRef}
      />
    </section>
  );
}
