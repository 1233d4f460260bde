import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { type ModuleDetail, useOrderPages } from '../../../ui/admin/api/modules';
import { SortableList } from '../../../ui/admin/sortable-list';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { minutesOf } from './editor/elements';
import { type ModulePageRow, useModuleDraftPages, useModulePages } from './pages';

/**
 * /admin/modules/{modulePath}/pages: the module's pages in order. Rows are dragged by mouse,
 * touch or keyboard (Space to pick up, arrows, Space to drop); each drop saves the new order as
 * the list of page paths (module.orderPages). Who may not read the answer key (a course's teacher)
 * opens each page as a participant sees it instead of its editor.
 */
export function ModulePagesView({
  module,
  canEdit,
  canCreate,
  canOpenEditor,
}: {
  module: ModuleDetail;
  canEdit: boolean;
  canCreate: boolean;
  canOpenEditor: boolean;
}) {
  const { t } = useTranslation();
  const pages = useModulePages(module.path);
  const order = useOrderPages();
  // Pages with unpublished changes are marked for their editors (docs/guide/modules-and-pages.md).
  const drafts = new Set(useModuleDraftPages(module.path, canEdit && canOpenEditor).data ?? []);
  const [pending, setPending] = useState<ModulePageRow[] | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const loading = pages.isPending || (pages.isError && pages.isFetching);

  const reorder = async (items: ModulePageRow[]) => {
    setNotice(null);
    setPending(items);
    try {
      await order.mutateAsync({ path: module.path, pages: items.map((page) => page.path) });
      await pages.refetch();
      setNotice({ tone: 'success', text: t('pageAdmin.orderSaved') });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setPending(null);
    }
  };

  const list = () => {
    if (loading) return <Loading />;
    if (pages.isError)
      return (
        <ErrorPanel
          message={t('pageAdmin.loadListError')}
          onRetry={() => void pages.refetch()}
          error={pages.error}
        />
      );
    const rows = pending ?? pages.data;
    if (rows.length === 0) return <Empty>{t('pageAdmin.empty')}</Empty>;
    return (
      <SortableList
        items={rows}
        getId={(page) => page.path}
        getLabel={(page) => page.name}
        label={t('pageAdmin.listLabel', { name: module.name })}
        disabled={!canEdit || order.isPending}
        onReorder={(items) => void reorder(items)}
        renderItem={(page, index) => (
          <div className="page-row">
            <span className="page-row__number">{index + 1}.</span>
            <Link
              href={canOpenEditor ? `/pages/${page.path}` : `~/module/${module.path}/page/${page.path}`}
              className="page-row__name"
            >
              {page.name}
            </Link>
            <span className="badge badge--muted">{t(`pageEditor.types.${page.type}`)}</span>
            {drafts.has(page.path) && <span className="badge">{t('pageAdmin.draftBadge')}</span>}
            <span className="muted">{t('pageEditor.minutes', { count: minutesOf(page.estimatedTime) })}</span>
          </div>
        )}
      />
    );
  };

  return (
    <section aria-labelledby="module-pages-title" aria-busy={loading}>
      <div className="page-header">
        <h2 id="module-pages-title">{t('pageAdmin.title')}</h2>
        {canCreate && (
          <div className="page-header__actions">
            <Link
              href={`/pages/new?module=${encodeURIComponent(module.path)}`}
              className="button button--small"
            >
              {t('pageAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      {canEdit && <p className="muted">{t('pageAdmin.dragHint')}</p>}
      {list()}
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
    </section>
  );
}
