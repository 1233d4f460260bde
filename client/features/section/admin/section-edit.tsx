import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { useCourseOwners } from '../../../ui/admin/api/get-admin-course';
import { type AdminSection, useSection, useSectionHistory } from '../../../ui/admin/api/get-sections';
import {
  useDeleteSection,
  useDuplicateSection,
  useSetSectionPublished,
  useUpdateSection,
} from '../../../ui/admin/api/section-mutations';
import { type ContentRights, contentRights } from '../../../ui/admin/content-rights';
import {
  DuplicateAction,
  EditBody,
  EditScreen,
  PublishAction,
  StateBadge,
  useItemActions,
  ViewTabs,
} from '../../../ui/admin/edit-screen';
import type { LinkedView } from '../../../ui/admin/embeds';
import { History } from '../../../ui/admin/history';
import { DangerZone } from '../../../ui/danger-zone';
import { SectionAsOf } from './section-as-of';
import { SectionForm, sectionFormValues } from './section-form';

export type SectionView = 'info' | 'files' | 'modules';

/** The section's views that other features draw (files, modules, the breakout rooms' countdown). */
export interface SectionEmbeds {
  modules: LinkedView;
  files: LinkedView;
  countdown: (sectionPath: string, mayRun: boolean) => ReactNode;
}

/**
 * /admin/sections/{sectionPath}[/{view}]: the section form with its classroom, history, publish
 * and delete, and its files and modules views. The edit, delete and duplicate buttons follow the
 * course's edit and delete rights (a copy is a new section in the course: the one ownership rule).
 */
export function SectionRoute({
  path,
  view,
  user,
  embeds,
}: {
  path: string;
  view: string;
  user: CurrentUser;
  embeds: SectionEmbeds;
}) {
  const { t } = useTranslation();
  const section = useSection(path);
  // The owners of the section's course edit and delete it without the general rules.
  const owners = useCourseOwners(section.data?.parentPath ?? '', section.isSuccess);
  const owned = owners.data?.some((owner) => owner.userId === user._id) ?? false;
  const views: SectionView[] = ['info', 'files', 'modules'];
  if (!views.includes(view as SectionView)) return <h1>{t('notFound.admin')}</h1>;
  return (
    <EditScreen
      query={section}
      name={(item) => item.name}
      texts={{
        title: t('sectionAdmin.title'),
        notFound: t('section.notFound'),
        loadError: t('sectionAdmin.loadOneError'),
        listHref: '/courses',
        listLabel: t('courseAdmin.backToList'),
      }}
      back={(item) => ({
        href: `/courses/${item.parentPath}/sections`,
        label: t('sectionAdmin.backToCourse'),
      })}
      badges={(item) => (
        <>
          <span className="badge">{t(`languages.${item.language}`)}</span>
          <StateBadge
            published={item.published}
            texts={[t('courseAdmin.statePublished'), t('courseAdmin.stateUnpublished')]}
          />
        </>
      )}
      tabs={(item) => (
        <ViewTabs
          label={t('sectionAdmin.views')}
          current={view as SectionView}
          items={views.map((tab) => ({
            view: tab,
            href: tab === 'info' ? `/sections/${item.path}` : `/sections/${item.path}/${tab}`,
            label: t(`sectionAdmin.view.${tab}`),
          }))}
        />
      )}
    >
      {(item) => {
        const rights = contentRights(user, owned);
        const parent = { parentType: 'section', parentPath: item.path } as const;
        if (view === 'files') return embeds.files(parent, rights);
        if (view === 'modules') return embeds.modules(parent, rights);
        return <SectionInfoView section={item} rights={rights} user={user} countdown={embeds.countdown} />;
      }}
    </EditScreen>
  );
}

function SectionInfoView({
  section,
  rights,
  user,
  countdown,
}: {
  section: AdminSection;
  rights: ContentRights;
  user: CurrentUser;
  countdown: SectionEmbeds['countdown'];
}) {
  const { t } = useTranslation();
  const update = useUpdateSection();
  const publish = useSetSectionPublished();
  const remove = useDeleteSection();
  const duplicate = useDuplicateSection();
  // A section's history is read with the view or edit right, or by its course's owners.
  const mayReadHistory = hasRule(user, 'view') || rights.edit;
  const history = useSectionHistory(section.path, mayReadHistory);
  const [, navigate] = useLocation();
  const { act, notice } = useItemActions();

  return (
    <EditBody
      actions={[
        rights.edit && (
          <PublishAction
            item={section}
            publish={publish}
            act={act}
            labels={{ publish: t('courseAdmin.publish'), unpublish: t('courseAdmin.unpublish') }}
            done={{
              published: t('sectionAdmin.published', { name: section.name }),
              unpublished: t('sectionAdmin.unpublished', { name: section.name }),
            }}
          />
        ),
        rights.addChildren && (
          <DuplicateAction
            path={section.path}
            duplicate={duplicate}
            act={act}
            label={t('sectionAdmin.duplicate')}
            open={(copy) => navigate(`/sections/${copy}`)}
          />
        ),
      ]}
      notice={notice}
      before={
        section.classroom &&
        section.classroom.breakoutrooms.length > 0 &&
        countdown(section.path, rights.edit)
      }
      main={
        <SectionForm
          key={section.path}
          defaultValues={sectionFormValues(section)}
          submitLabel={t('sectionAdmin.save')}
          savedText={t('sectionAdmin.saved')}
          readOnly={!rights.edit}
          onSubmit={(input) =>
            update.mutateAsync({ path: section.path, section: { ...input, originId: section.originId } })
          }
        />
      }
      historyId="section-history-title"
      history={
        mayReadHistory && (
          <History
            query={history}
            viewer={user}
            asOf={(at, close) => <SectionAsOf path={section.path} at={at} onClose={close} />}
          />
        )
      }
      danger={
        rights.delete && (
          <DangerZone
            id="delete-section-title"
            title={t('sectionAdmin.deleteTitle')}
            text={t('sectionAdmin.deleteText')}
            buttonLabel={t('sectionAdmin.delete')}
            confirmMessage={t('sectionAdmin.deleteConfirm', { name: section.name })}
            confirmLabel={t('sectionAdmin.delete')}
            removal={remove}
            run={() => remove.mutateAsync(section.path)}
            onDone={() => navigate(`/courses/${section.parentPath}/sections`, { replace: true })}
          />
        )
      }
    />
  );
}
