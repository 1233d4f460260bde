import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { type AdminSection, useCourseSections } from '../section/get-sections';
import {
  useDeleteSection,
  useDuplicateSection,
  useOrderSections,
  useSetSectionPublished,
} from '../section/section-mutations';
import { useNotice } from '../shared/content-form-helpers';
import type { ContentRights } from '../shared/content-rights';
import { SortableList } from '../shared/sortable-list';

/**
 * /admin/courses/{coursePath}/sections: the course's sections in order. Dragging a row (mouse,
 * touch or keyboard) saves the new order of section paths on the course (spec section 4).
 */
export function CourseSectionsView({ coursePath, rights }: { coursePath: string; rights: ContentRights }) {
  const { t } = useTranslation();
  const sections = useCourseSections(coursePath);
  const order = useOrderSections();
  const publish = useSetSectionPublished();
  const remove = useDeleteSection();
  const duplicate = useDuplicateSection();
  const { setNotice, view: notice } = useNotice();
  const [items, setItems] = useState<AdminSection[]>([]);
  const [deleting, setDeleting] = useState<AdminSection | null>(null);
  const loading = sections.isPending || (sections.isError && sections.isFetching);

  useEffect(() => {
    if (sections.data) setItems(sections.data);
  }, [sections.data]);

  const reorder = async (next: AdminSection[]) => {
    const before = items;
    setItems(next);
    setNotice(null);
    try {
      await order.mutateAsync({ path: coursePath, sections: next.map((section) => section.path) });
      setNotice({ tone: 'success', text: t('sectionAdmin.orderSaved') });
    } catch (error) {
      setItems(before);
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const togglePublished = async (section: AdminSection) => {
    setNotice(null);
    try {
      await publish.mutateAsync({ path: section.path, published: !section.published });
      setNotice({
        tone: 'success',
        text: t(section.published ? 'sectionAdmin.unpublished' : 'sectionAdmin.published', {
          name: section.name,
        }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const makeCopy = async (section: AdminSection) => {
    setNotice(null);
    try {
      await duplicate.mutateAsync(section.path);
      setNotice({ tone: 'success', text: t('sectionAdmin.duplicated', { name: section.name }) });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const list = () => {
    if (loading) return <Loading />;
    if (sections.isError)
      return (
        <ErrorPanel
          message={t('sectionAdmin.loadListError')}
          onRetry={() => void sections.refetch()}
          error={sections.error}
        />
      );
    if (items.length === 0) return <Empty>{t('sectionAdmin.empty')}</Empty>;
    return (
      <>
        {rights.edit && items.length > 1 && <p className="muted">{t('sortable.hint')}</p>}
        <SortableList
          items={items}
          getId={(section) => section.path}
          getLabel={(section) => section.name}
          label={t('sectionAdmin.listLabel')}
          disabled={!rights.edit || order.isPending}
          onReorder={(next) => void reorder(next)}
          renderItem={(section) => (
            <div className="content-row">
              <div className="content-row__main">
                <Link href={`/sections/${section.path}`} className="content-row__name">
                  {section.name}
                </Link>
                <span className="badges">
                  <span className="badge">{t(`languages.${section.language}`)}</span>
                  <span className={section.published ? 'badge' : 'badge badge--warning'}>
                    {section.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
                  </span>
                </span>
              </div>
              <div className="content-row__actions">
                {rights.edit && (
                  <Link
                    href={`/sections/${section.path}`}
                    className="button button--small button--ghost"
                    aria-label={`${t('sectionAdmin.edit')}: ${section.name}`}
                  >
                    {t('sectionAdmin.edit')}
                  </Link>
                )}
                {rights.edit && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={publish.isPending}
                    onClick={() => void togglePublished(section)}
                    aria-label={`${section.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}: ${section.name}`}
                  >
                    {section.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}
                  </button>
                )}
                {rights.addChildren && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={duplicate.isPending}
                    aria-label={`${t('sectionAdmin.duplicate')}: ${section.name}`}
                    onClick={() => void makeCopy(section)}
                  >
                    {t('sectionAdmin.duplicate')}
                  </button>
                )}
                {rights.delete && (
                  <button
                    type="button"
                    className="button button--small button--danger-ghost"
                    onClick={() => {
                      remove.reset();
                      setDeleting(section);
                    }}
                    aria-label={`${t('sectionAdmin.delete')}: ${section.name}`}
                  >
                    {t('sectionAdmin.delete')}
                  </button>
                )}
              </div>
            </div>
          )}
        />
      </>
    );
  };

  return (
    <section aria-labelledby="course-sections-title" aria-busy={loading}>
      <div className="page-header">
        <h2 id="course-sections-title">{t('sectionAdmin.title')}</h2>
        {rights.addChildren && (
          <div className="page-header__actions">
            <Link href={`/sections/new?course=${coursePath}`} className="button button--small">
              {t('sectionAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      {notice}
      {list()}
      <ConfirmDialog
        open={deleting !== null}
        title={t('sectionAdmin.deleteTitle')}
        message={<p>{t('sectionAdmin.deleteConfirm', { name: deleting?.name ?? '' })}</p>}
        confirmLabel={t('sectionAdmin.delete')}
        busy={remove.isPending}
        error={remove.isError ? (problemOf(remove.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.path);
          } catch {
            return;
          }
          setNotice({ tone: 'success', text: t('sectionAdmin.deleted', { name: deleting.name }) });
          setDeleting(null);
        }}
      />
    </section>
  );
}
