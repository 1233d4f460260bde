import './course-sections.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { classifySections, startOf, type TimedSection } from '../../../lib/section-timing';
import { type AdminSection, useCourseSections } from '../../../ui/admin/api/get-sections';
import {
  useDeleteSection,
  useDuplicateSection,
  useOrderSections,
  useSetSectionPublished,
} from '../../../ui/admin/api/section-mutations';
import type { ContentRights } from '../../../ui/admin/content-rights';
import { useItemActions } from '../../../ui/admin/edit-screen';
import { DeleteDialog, RowActions } from '../../../ui/admin/row-actions';
import { SortableList } from '../../../ui/admin/sortable-list';
import { ListQuery, listLoading } from '../../../ui/list-query';

/**
 * A course's sections in the order learners see them (client/lib/section-timing.ts): those with a
 * live session first, by its start (ties keep the editors' order), then the others in the editors'
 * order. Only the latter order is the editors' to set.
 */
function learnerOrder<S extends TimedSection>(sections: readonly S[]) {
  // The order does not depend on the moment; only the timing labels, unused here, do.
  const ordered = classifySections(sections, new Date()).map((entry) => entry.section);
  return {
    dated: ordered.filter((section) => startOf(section) !== null),
    undated: ordered.filter((section) => startOf(section) === null),
  };
}

/**
 * /admin/courses/{coursePath}/sections: the course's sections in the order learners see them. The
 * sections with a live session are placed by its start, and say so; dragging a row of the others
 * (mouse, touch or keyboard) saves the new order of section paths on the course
 * (docs/guide/building-a-course.md).
 */
export function CourseSectionsView({ coursePath, rights }: { coursePath: string; rights: ContentRights }) {
  const { t } = useTranslation();
  const sections = useCourseSections(coursePath);
  const order = useOrderSections();
  const publish = useSetSectionPublished();
  const remove = useDeleteSection();
  const duplicate = useDuplicateSection();
  const { act, say, notice } = useItemActions();
  const [items, setItems] = useState<AdminSection[]>([]);
  const [deleting, setDeleting] = useState<AdminSection | null>(null);
  const loading = listLoading(sections);

  useEffect(() => {
    if (sections.data) setItems(sections.data);
  }, [sections.data]);

  const { dated, undated } = learnerOrder(items);

  const reorder = (moved: AdminSection[]) => {
    const before = items;
    // What the course stores is what learners see: the dated sections by start, then the others.
    const next = [...dated, ...moved];
    setItems(next);
    void act(async () => {
      try {
        await order.mutateAsync({ path: coursePath, sections: next.map((section) => section.path) });
      } catch (error) {
        setItems(before);
        throw error;
      }
      return t('sectionAdmin.orderSaved');
    });
  };

  const row = (section: AdminSection) => (
    <div className="content-row">
      <div className="content-row__main">
        <Link href={`/sections/${section.path}`} className="content-row__name">
          {section.name}
        </Link>
        <span className="badges">
          <span className="badge">{t(`languages.${section.language}`)}</span>
          {section.classroom?.startdate && startOf(section) !== null && (
            <span className="badge badge--muted">
              {t('sectionAdmin.byStart', { start: formatDateTime(section.classroom.startdate) })}
            </span>
          )}
          <span className={section.published ? 'badge' : 'badge badge--warning'}>
            {section.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
          </span>
        </span>
      </div>
      <RowActions
        item={section}
        className="content-row__actions"
        texts={{
          edit: t('sectionAdmin.edit'),
          duplicate: t('sectionAdmin.duplicate'),
          delete: t('sectionAdmin.delete'),
        }}
        editHref={rights.edit ? `/sections/${section.path}` : undefined}
        onPublish={
          rights.edit
            ? () =>
                void act(async () => {
                  await publish.mutateAsync({ path: section.path, published: !section.published });
                  return t(section.published ? 'sectionAdmin.unpublished' : 'sectionAdmin.published', {
                    name: section.name,
                  });
                })
            : undefined
        }
        onDuplicate={
          rights.addChildren
            ? () =>
                void act(async () => {
                  await duplicate.mutateAsync(section.path);
                  return t('sectionAdmin.duplicated', { name: section.name });
                })
            : undefined
        }
        onDelete={
          rights.delete
            ? () => {
                remove.reset();
                setDeleting(section);
              }
            : undefined
        }
        pending={{ publish: publish.isPending, duplicate: duplicate.isPending }}
      />
    </div>
  );

  const list = () => (
    <ListQuery
      query={sections}
      loadError={t('sectionAdmin.loadListError')}
      empty={t('sectionAdmin.empty')}
      items={items}
    >
      {() => (
        <>
          {dated.length > 0 && (
            <>
              <p className="muted">
                {t(undated.length > 0 ? 'sectionAdmin.datedOrder' : 'sectionAdmin.datedOrderAll')}
              </p>
              <ol className="sortable" aria-label={t('sectionAdmin.datedLabel')}>
                {dated.map((section) => (
                  <li key={section.path} className="sortable__item">
                    <div className="sortable__content">{row(section)}</div>
                  </li>
                ))}
              </ol>
            </>
          )}
          {rights.edit && undated.length > 1 && <p className="muted">{t('sortable.hint')}</p>}
          {undated.length > 0 && (
            <SortableList
              items={undated}
              getId={(section) => section.path}
              getLabel={(section) => section.name}
              label={t(dated.length > 0 ? 'sectionAdmin.undatedLabel' : 'sectionAdmin.listLabel')}
              disabled={!rights.edit || order.isPending}
              onReorder={reorder}
              renderItem={row}
            />
          )}
        </>
      )}
    </ListQuery>
  );

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
      <DeleteDialog
        item={deleting}
        removal={remove}
        texts={{
          title: t('sectionAdmin.deleteTitle'),
          confirm: t('sectionAdmin.deleteConfirm', { name: deleting?.name ?? '' }),
          button: t('sectionAdmin.delete'),
        }}
        onClose={() => setDeleting(null)}
        onDeleted={(section) => say(t('sectionAdmin.deleted', { name: section.name }))}
      />
    </section>
  );
}
