import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CourseInput } from '../../../../events/course/commands';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { type AdminCourseDetail, useAdminCourse } from '../../../ui/admin/api/get-admin-course';
import {
  ContainerBadges,
  ContentEditBody,
  ItemHistory,
  useContainerTexts,
} from '../../../ui/admin/content-edit-body';
import type { ContentRights } from '../../../ui/admin/content-rights';
import { EditScreen, ViewTabs } from '../../../ui/admin/edit-screen';
import type { EditRouteProps, LinkedView } from '../../../ui/admin/embeds';
import { NotAllowedHere } from '../../../ui/admin/not-allowed';
import { CarriedModulesNotice } from './carried-modules';
import { CourseAsOf } from './course-as-of';
import { CourseSettingsEditor } from './course-draft';
import { CourseForm, courseFormValues } from './course-form';
import {
  useDeleteCourse,
  useDuplicateCourse,
  useSetCoursePublished,
  useUpdateCourse,
} from './course-mutations';
import { CourseSectionsView } from './course-sections';
import { CourseTeachers } from './course-teachers';
import { CourseUsersView } from './course-users';
import { DuplicateCourseDialog } from './duplicate-course-dialog';
import { useCourseHistory } from './get-course-history';
import { TranslatedModulesOffer } from './translated-modules-offer';

export const courseViews = [
  'sections',
  'modules',
  'files',
  'link-teachers',
  'users',
  'certificate-config',
  'course-certificates',
] as const;
export type CourseView = 'info' | (typeof courseViews)[number];

type CourseRights = AdminCourseDetail['rights'];

/** The course's views that other features draw (modules, files, certificates). */
export interface CourseEmbeds {
  modules: LinkedView;
  files: LinkedView;
  certificateConfig: (coursePath: string) => ReactNode;
  certificates: (coursePath: string, viewer: CurrentUser) => ReactNode;
  /** How many answers in the course's modules wait for a score, with a link to grade them. */
  toGrade: (coursePath: string) => ReactNode;
}

/**
 * The views of a course this user may open, by the rights the server sends with the course:
 * link-teachers to who assigns owners, users to who links participants to it, the certificate's
 * settings to its editors and the certificate list to who may read it.
 */
function visibleViews(rights: CourseRights): CourseView[] {
  return [
    'info',
    'sections',
    'modules',
    'files',
    ...(rights.assignOwners ? (['link-teachers'] as const) : []),
    ...(rights.assignParticipants ? (['users'] as const) : []),
    ...(rights.edit ? (['certificate-config'] as const) : []),
    ...(rights.certificates ? (['course-certificates'] as const) : []),
  ];
}

/** What the course's views may offer: the server's rights, and a copy by the create rule. */
const contentRightsOf = (user: CurrentUser, rights: CourseRights): ContentRights => ({
  create: hasRule(user, 'create'),
  edit: rights.edit,
  delete: rights.delete,
  addChildren: rights.edit,
});

/**
 * /admin/courses/{coursePath}[/{view}]: the course form with its history, and the views of what the
 * course holds. Unknown views are not found; a view the user's rights do not open says so.
 */
export function CourseRoute({ path, view, user, embeds }: EditRouteProps<CourseEmbeds>) {
  const { t } = useTranslation();
  const course = useAdminCourse(path);
  // Right after a translation: which course it was made from, to offer its modules' translations.
  const [translatedFrom] = useState(() => {
    const state = window.history.state as { notice?: unknown; original?: unknown } | null;
    return state?.notice === 'courseTranslated' && typeof state.original === 'string' ? state.original : null;
  });
  if (view !== 'info' && !(courseViews as readonly string[]).includes(view))
    return <h1>{t('notFound.admin')}</h1>;

  return (
    <EditScreen
      query={course}
      name={(item) => item.name}
      texts={{
        title: t('courseAdmin.title'),
        notFound: t('courses.notFound'),
        loadError: t('courseAdmin.loadOneError'),
        listHref: '/courses',
        listLabel: t('courseAdmin.backToList'),
      }}
      badges={(item) => <ContainerBadges item={item} />}
      arrivals={{
        courseCreated: t('courseAdmin.createdNotice'),
        courseDuplicated: t('courseAdmin.duplicatedNotice'),
        courseTranslated: t('courseAdmin.translatedNotice'),
      }}
      tabs={(item) => (
        <>
          <CarriedModulesNotice />
          {translatedFrom && item.rights.edit && (
            <TranslatedModulesOffer
              coursePath={item.path}
              originalPath={translatedFrom}
              language={item.language}
            />
          )}
          {embeds.toGrade(item.path)}
          <ViewTabs
            label={t('courseAdmin.views')}
            current={view as CourseView}
            items={visibleViews(item.rights).map((tab) => ({
              view: tab,
              href: tab === 'info' ? `/courses/${item.path}` : `/courses/${item.path}/${tab}`,
              label: t(`courseAdmin.view.${tab}`),
            }))}
          />
        </>
      )}
    >
      {(item) => {
        const parent = { parentType: 'course', parentPath: item.path } as const;
        const rights = contentRightsOf(user, item.rights);
        if (!visibleViews(item.rights).includes(view as CourseView)) return <NotAllowedHere />;
        switch (view as CourseView) {
          case 'sections':
            return <CourseSectionsView coursePath={item.path} rights={rights} />;
          case 'modules':
            return embeds.modules(parent, rights);
          case 'files':
            return embeds.files(parent, rights);
          case 'link-teachers':
            return (
              <section aria-labelledby="course-teachers-title">
                <h2 id="course-teachers-title">{t('courseAdmin.view.link-teachers')}</h2>
                <CourseTeachers coursePath={item.path} courseName={item.name} viewer={user} />
              </section>
            );
          case 'users':
            return <CourseUsersView coursePath={item.path} />;
          case 'certificate-config':
            return embeds.certificateConfig(item.path);
          case 'course-certificates':
            return embeds.certificates(item.path, user);
          default:
            return <CourseInfoView course={item} rights={rights} user={user} />;
        }
      }}
    </EditScreen>
  );
}

function CourseInfoView({
  course,
  rights,
  user,
}: {
  course: AdminCourseDetail;
  rights: ContentRights;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const update = useUpdateCourse();
  const publish = useSetCoursePublished();
  const remove = useDeleteCourse();
  const duplicate = useDuplicateCourse();
  const [duplicating, setDuplicating] = useState(false);
  const duplicateButton = useRef<HTMLButtonElement>(null);
  const [, navigate] = useLocation();
  const texts = useContainerTexts('course', course.name);
  const save = {
    readOnly: !rights.edit,
    onSubmit: (input: CourseInput) =>
      update.mutateAsync({ path: course.path, course: { ...input, originId: course.originId } }),
  };
  return (
    <ContentEditBody
      item={course}
      publish={rights.edit && { mutation: publish, ...texts.publish }}
      actions={[
        rights.create && (
          <button
            key="duplicate"
            ref={duplicateButton}
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              duplicate.reset();
              setDuplicating(true);
            }}
          >
            {texts.duplicate}
          </button>
        ),
        rights.create && (
          <Link
            href={`/courses/new-course?translate=${course.path}`}
            className="button button--small button--ghost"
          >
            {t('courseAdmin.translate')}
          </Link>
        ),
      ]}
      main={
        rights.edit ? (
          <CourseSettingsEditor course={course} />
        ) : (
          <CourseForm key={course.path} defaultValues={courseFormValues(course)} {...texts.form} {...save} />
        )
      }
      before={
        <DuplicateCourseDialog
          open={duplicating}
          name={course.name}
          busy={duplicate.isPending}
          error={duplicate.isError ? (problemOf(duplicate.error).message ?? t('form.unreachable')) : null}
          returnFocus={duplicateButton}
          onCancel={() => setDuplicating(false)}
          onConfirm={async (modules) => {
            const copy = await duplicate.mutateAsync({ path: course.path, modules }).catch(() => null);
            if (!copy) return;
            setDuplicating(false);
            navigate(`/courses/${copy.path}`, {
              state: { notice: 'courseDuplicated', modules: copy.modules },
            });
          }}
        />
      }
      historyId="course-history-title"
      // Its readers and owners see the history; for anyone else there is no panel, not a refusal.
      history={course.rights.history && <CourseHistory path={course.path} viewer={user} />}
      remove={
        rights.delete && {
          mutation: remove,
          texts: texts.removal,
          onDone: () => navigate('/courses', { replace: true }),
        }
      }
    />
  );
}

function CourseHistory({ path, viewer }: { path: string; viewer: CurrentUser }) {
  return <ItemHistory query={useCourseHistory(path)} viewer={viewer} path={path} asOf={CourseAsOf} />;
}
