import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { DangerZone } from '../../../ui/danger-zone';
import { BreakoutCountdown } from '../../classroom/components/countdown';
import { useCourseOwners } from '../course/get-admin-course';
import { LinkedFiles } from '../file/linked-files';
import { LinkedModules } from '../module/linked-modules';
import { type ContentRights, contentRights } from '../shared/content-rights';
import {
  DuplicateAction,
  EditBody,
  EditScreen,
  PublishAction,
  StateBadge,
  useItemActions,
  ViewTabs,
} from '../shared/edit-screen';
import { History } from '../shared/history';
import { type AdminSection, useSection, useSectionHistory } from './get-sections';
import { SectionAsOf } from './section-as-of';
import { SectionForm, sectionFormValues } from './section-form';
import {
  useDeleteSection,
  useDuplicateSection,
  useSetSectionPublished,
  useUpdateSection,
} from './section-mutations';

export type SectionView = 'info' | 'files' | 'modules';

/**
 * /admin/sections/{sectionPath}[/{view}]: the section form with its classroom, history, publish
 * and delete, and its files and modules views. The edit, delete and duplicate buttons follow the
 * course's edit and delete rights (a copy is a new section in the course: the one ownership rule).
 */
export function SectionRoute({ path, view, user }: { path: string; view: string; user: CurrentUser }) {
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
        if (view === 'files') return <LinkedFiles parent={parent} rights={rights} />;
        if (view === 'modules') return <LinkedModules parent={parent} rights={rights} />;
        return <SectionInfoView section={item} rights={rights} user={user} />;
      }}
    </EditScreen>
  );
}

function SectionInfoView({
  section,
  rights,
  user,
}: {
  section: AdminSection;
  rights: ContentRights;
  user: CurrentUser;
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
        section.classroom.breakoutrooms.length > 0 && (
          <BreakoutCountdown section={section.path} mayRun={rights.edit} />
        )
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
