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
import {
  ContainerBadges,
  ContentEditBody,
  ItemHistory,
  useContainerTexts,
} from '../../../ui/admin/content-edit-body';
import { type ContentRights, contentRights } from '../../../ui/admin/content-rights';
import { EditScreen, ViewTabs } from '../../../ui/admin/edit-screen';
import type { EditRouteProps, LinkedView } from '../../../ui/admin/embeds';
import { SectionAsOf } from './section-as-of';
import { SectionForm, type SectionInput, sectionFormValues } from './section-form';

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
export function SectionRoute({ path, view, user, embeds }: EditRouteProps<SectionEmbeds>) {
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
      badges={(item) => <ContainerBadges item={item} />}
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
  const update = useUpdateSection();
  const publish = useSetSectionPublished();
  const remove = useDeleteSection();
  const duplicate = useDuplicateSection();
  // A section's history is read with the view or edit right, or by its course's owners.
  const mayReadHistory = hasRule(user, 'view') || rights.edit;
  const history = useSectionHistory(section.path, mayReadHistory);
  const [, navigate] = useLocation();
  const texts = useContainerTexts('section', section.name);
  const openSection = (copyPath: string) => navigate(`/sections/${copyPath}`);
  // Saved with its origin kept (a translation stays linked to the section it came from).
  const save = {
    readOnly: !rights.edit,
    onSubmit: (input: SectionInput) =>
      update.mutateAsync({ path: section.path, section: { ...input, originId: section.originId } }),
  };
  // A copy is a new section of the same course: the course's edit right, as for new sections.
  const copy = rights.addChildren && { mutation: duplicate, label: texts.duplicate, open: openSection };
  return (
    <ContentEditBody
      item={section}
      publish={rights.edit && { mutation: publish, ...texts.publish }}
      duplicate={copy}
      before={
        section.classroom &&
        section.classroom.breakoutrooms.length > 0 &&
        countdown(section.path, rights.edit)
      }
      main={
        <SectionForm
          key={section.path}
          defaultValues={sectionFormValues(section)}
          {...texts.form}
          {...save}
        />
      }
      historyId="section-history-title"
      history={
        mayReadHistory && <ItemHistory query={history} viewer={user} path={section.path} asOf={SectionAsOf} />
      }
      remove={
        rights.delete && {
          mutation: remove,
          texts: texts.removal,
          onDone: () => navigate(`/courses/${section.parentPath}/sections`, { replace: true }),
        }
      }
    />
  );
}
