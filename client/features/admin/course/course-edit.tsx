import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { errorCode } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';
import { DangerZone } from '../../../ui/danger-zone';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CertificateConfigRoute } from '../../certificate/routes/certificate-config';
import { CourseCertificateList } from '../../certificate/routes/course-certificates';
import { LinkedFiles } from '../file/linked-files';
import { LinkedModules } from '../module/linked-modules';
import { useNotice } from '../shared/content-form-helpers';
import { type ContentRights, contentRights } from '../shared/content-rights';
import { NotAllowedHere } from '../shared/not-allowed';
import { CourseForm, courseFormValues } from './course-form';
import { CourseHistoryPanel } from './course-history';
import {
  useDeleteCourse,
  useDuplicateCourse,
  useSetCoursePublished,
  useUpdateCourse,
} from './course-mutations';
import { CourseSectionsView } from './course-sections';
import { CourseTeachers } from './course-teachers';
import { CourseUsersView } from './course-users';
import { type AdminCourseDetail, useAdminCourse, useCourseOwners } from './get-admin-course';
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

/**
 * The views of a course this user may open (spec section 6: link-teachers needs assign_owners,
 * users needs assign_participants).
 */
function visibleViews(user: CurrentUser): CourseView[] {
  return [
    'info',
    'sections',
    'modules',
    'files',
    ...(hasRule(user, 'assign_owners') ? (['link-teachers'] as const) : []),
    ...(hasRule(user, 'assign_participants') ? (['users'] as const) : []),
    'certificate-config',
    'course-certificates',
  ];
}

/**
 * /admin/courses/{coursePath}[/{view}]: the course form with its history, and the views of what the
 * course holds. Unknown views and views the user may not open are not found.
 */
export function CourseRoute({ path, view, user }: { path: string; view: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const course = useAdminCourse(path);
  const code = course.isError ? errorCode(course.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(course.data?.name ?? (missing ? t('courses.notFound') : t('courseAdmin.title')));
  const views = visibleViews(user);
  // Owners edit and delete their course without the general rules (spec section 6).
  const owners = useCourseOwners(path, course.isSuccess);
  const owned = owners.data?.some((owner) => owner.userId === user._id) ?? false;
  // Right after a translation: which course it was made from, to offer its modules' translations.
  const [translatedFrom] = useState(() => {
    const state = window.history.state as { notice?: unknown; original?: unknown } | null;
    return state?.notice === 'courseTranslated' && typeof state.original === 'string' ? state.original : null;
  });

  if (!views.includes(view as CourseView)) {
    return <h1>{t('notFound.admin')}</h1>;
  }
  if (course.isPending || (course.isError && course.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (course.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('courses.notFound')}</h1>
        <p>
          <Link href="/courses">{t('courseAdmin.backToList')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel
        message={t('courseAdmin.loadOneError')}
        onRetry={() => void course.refetch()}
        error={course.error}
      />
    );
  }

  const rights = contentRights(user, owned);
  // The certificate's settings are the course's: only who edits it sees and changes them.
  const tabs = views.filter((item) => item !== 'certificate-config' || rights.edit);
  const parent = { parentType: 'course', parentPath: course.data.path } as const;
  const base = `/courses/${course.data.path}`;
  const hrefOf = (item: CourseView) => (item === 'info' ? base : `${base}/${item}`);

  return (
    <article>
      <p className="back-link">
        <Link href="/courses">← {t('courseAdmin.backToList')}</Link>
      </p>
      <div className="page-header">
        <h1>{course.data.name}</h1>
        <p className="badges">
          <span className="badge">{t(`languages.${course.data.language}`)}</span>
          <span className={course.data.published ? 'badge' : 'badge badge--warning'}>
            {course.data.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
          </span>
        </p>
      </div>
      <CreatedNotice />
      {translatedFrom && rights.edit && (
        <TranslatedModulesOffer
          coursePath={course.data.path}
          originalPath={translatedFrom}
          language={course.data.language}
        />
      )}
      <nav className="tabs" aria-label={t('courseAdmin.views')}>
        <ul>
          {tabs.map((item) => (
            <li key={item}>
              <Link
                href={hrefOf(item)}
                className="tabs__tab"
                aria-current={item === view ? 'page' : undefined}
              >
                {t(`courseAdmin.view.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'info' && <CourseInfoView course={course.data} rights={rights} user={user} />}
      {view === 'sections' && <CourseSectionsView coursePath={course.data.path} rights={rights} />}
      {view === 'modules' && <LinkedModules parent={parent} rights={rights} />}
      {view === 'files' && <LinkedFiles parent={parent} rights={rights} />}
      {view === 'link-teachers' && (
        <section aria-labelledby="course-teachers-title">
          <h2 id="course-teachers-title">{t('courseAdmin.view.link-teachers')}</h2>
          <CourseTeachers coursePath={course.data.path} courseName={course.data.name} />
        </section>
      )}
      {view === 'users' && <CourseUsersView coursePath={course.data.path} />}
      {view === 'certificate-config' &&
        (rights.edit ? <CertificateConfigRoute kind="course" path={course.data.path} /> : <NotAllowedHere />)}
      {view === 'course-certificates' && <CourseCertificateList coursePath={course.data.path} />}
    </article>
  );
}

function CreatedNotice() {
  const { t } = useTranslation();
  const [shown] = useState(() => (window.history.state as { notice?: unknown } | null)?.notice);
  const texts: Record<string, string> = {
    courseCreated: t('courseAdmin.createdNotice'),
    courseDuplicated: t('courseAdmin.duplicatedNotice'),
    courseTranslated: t('courseAdmin.translatedNotice'),
  };
  if (typeof shown !== 'string' || !texts[shown]) return null;
  return (
    <Alert tone="success">
      <p>{texts[shown]}</p>
    </Alert>
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
  const [, navigate] = useLocation();
  const { setNotice, view: notice } = useNotice();

  const makeCopy = async () => {
    setNotice(null);
    try {
      const copy = await duplicate.mutateAsync(course.path);
      navigate(`/courses/${copy.path}`, { state: { notice: 'courseDuplicated' } });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const togglePublished = async () => {
    setNotice(null);
    try {
      await publish.mutateAsync({ path: course.path, published: !course.published });
      setNotice({
        tone: 'success',
        text: t(course.published ? 'courseAdmin.unpublished' : 'courseAdmin.published', {
          name: course.name,
        }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  return (
    <>
      <div className="action-bar">
        {rights.edit && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={publish.isPending}
            onClick={() => void togglePublished()}
          >
            {course.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}
          </button>
        )}
        {rights.create && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={duplicate.isPending}
            onClick={() => void makeCopy()}
          >
            {t('courseAdmin.duplicate')}
          </button>
        )}
        {rights.create && (
          <Link
            href={`/courses/new-course?translate=${course.path}`}
            className="button button--small button--ghost"
          >
            {t('courseAdmin.translate')}
          </Link>
        )}
      </div>
      {notice}
      <div className="admin-columns">
        <div className="admin-columns__main">
          <CourseForm
            key={course.path}
            defaultValues={courseFormValues(course)}
            submitLabel={t('courseAdmin.save')}
            savedText={t('courseAdmin.saved')}
            readOnly={!rights.edit}
            onSubmit={(input) =>
              update.mutateAsync({ path: course.path, course: { ...input, originId: course.originId } })
            }
          />
        </div>
        {hasRule(user, 'view') && (
          <aside className="admin-columns__side" aria-labelledby="course-history-title">
            <h2 id="course-history-title">{t('history.title')}</h2>
            <CourseHistoryPanel path={course.path} viewer={user} />
          </aside>
        )}
      </div>
      {rights.delete && (
        <DangerZone
          id="delete-course-title"
          title={t('courseAdmin.deleteTitle')}
          text={t('courseAdmin.deleteText')}
          buttonLabel={t('courseAdmin.delete')}
          confirmMessage={t('courseAdmin.deleteConfirm', { name: course.name })}
          confirmLabel={t('courseAdmin.delete')}
          removal={remove}
          run={() => remove.mutateAsync(course.path)}
          onDone={() => navigate('/courses', { replace: true })}
        />
      )}
    </>
  );
}
