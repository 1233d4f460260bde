import { useQueries } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { pathSchema } from '../../../../events/shared/fields';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { getCourseSectionsQueryOptions } from '../../../ui/admin/api/get-sections';
import { type ModuleUsageFilter, type ModuleUse, useAdminModules } from '../../../ui/admin/api/modules';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** The filter in the address: `?course=<path>`, `?section=<path>` or `?usedIn=none`; none when malformed. */
function filterFromSearch(search: string): ModuleUsageFilter | undefined {
  const params = new URLSearchParams(search);
  const path = (value: string | null) => (value && pathSchema.safeParse(value).success ? value : null);
  const course = path(params.get('course'));
  if (course) return { kind: 'course', path: course };
  const section = path(params.get('section'));
  if (section) return { kind: 'section', path: section };
  return params.get('usedIn') === 'none' ? { kind: 'none' } : undefined;
}

/** One option value of the filter select, and back to the address's query. */
const optionOf = (filter: ModuleUsageFilter | undefined) =>
  !filter ? '' : filter.kind === 'none' ? 'none' : `${filter.kind}:${filter.path}`;
function queryOf(value: string): string {
  if (value === 'none') return '?usedIn=none';
  const [kind, path] = value.split(':');
  return kind && path ? `?${kind}=${encodeURIComponent(path)}` : '';
}

/** Labels for names that repeat (copies, translations): the path beside each such name. */
function labelled<T extends { path: string }>(items: readonly T[], nameOf: (item: T) => string) {
  const count = new Map<string, number>();
  for (const item of items)
    count.set(nameOf(item).toLowerCase(), (count.get(nameOf(item).toLowerCase()) ?? 0) + 1);
  return new Map(
    items.map((item) => {
      const name = nameOf(item);
      return [item.path, (count.get(name.toLowerCase()) ?? 0) > 1 ? `${name} (${item.path})` : name];
    }),
  );
}

/**
 * /admin/modules: every module this person may see in the admin area, with where each is used (spec
 * section 2: under a course, a section, or top level). A filter keeps the modules of a course (its
 * sections included), of a section, or of none; it lives in the address, so it survives a reload.
 */
export function ModuleListRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('moduleAdmin.title'));
  const [location, navigate] = useLocation();
  const filter = filterFromSearch(useSearch());
  const modules = useAdminModules(filter);
  const courses = useAdminCourses();
  const sectionLists = useQueries({
    queries: (courses.data ?? []).map((course) => getCourseSectionsQueryOptions(course.path)),
  });
  const loading = modules.isPending || (modules.isError && modules.isFetching);
  const selectId = useId();

  const courseLabels = labelled(courses.data ?? [], (course) => course.name);
  const courseLabel = (path: string, name: string) => courseLabels.get(path) ?? name;
  const sections = sectionLists.flatMap((list) =>
    (list.data ?? []).map((section) => ({
      path: section.path,
      label: t('moduleAdmin.list.sectionIn', {
        section: section.name,
        course: courseLabel(section.parentPath, section.parentPath),
      }),
    })),
  );
  const sectionLabels = labelled(sections, (section) => section.label);
  const labelOfUse = (use: ModuleUse) =>
    use.parentType === 'course'
      ? courseLabel(use.path, use.name)
      : (sectionLabels.get(use.path) ??
        t('moduleAdmin.list.sectionIn', {
          section: use.name,
          course: use.course ? courseLabel(use.course.path, use.course.name) : '',
        }));
  const chosen = optionOf(filter);
  const known =
    chosen === '' ||
    chosen === 'none' ||
    (courses.data ?? []).some((course) => `course:${course.path}` === chosen) ||
    sections.some((section) => `section:${section.path}` === chosen);

  const filterBar = (
    <div className="inline-form">
      <label htmlFor={selectId}>{t('moduleAdmin.filter.label')}</label>
      <div className="inline-form__controls">
        <select
          id={selectId}
          value={chosen}
          onChange={(event) => navigate(`${location}${queryOf(event.target.value)}`, { replace: true })}
        >
          <option value="">{t('moduleAdmin.filter.all')}</option>
          <option value="none">{t('moduleAdmin.filter.none')}</option>
          {!known && filter && filter.kind !== 'none' && <option value={chosen}>{filter.path}</option>}
          {(courses.data ?? []).length > 0 && (
            <optgroup label={t('moduleAdmin.filter.courses')}>
              {(courses.data ?? []).map((course) => (
                <option key={course.path} value={`course:${course.path}`}>
                  {courseLabel(course.path, course.name)}
                </option>
              ))}
            </optgroup>
          )}
          {sections.length > 0 && (
            <optgroup label={t('moduleAdmin.filter.sections')}>
              {sections.map((section) => (
                <option key={section.path} value={`section:${section.path}`}>
                  {sectionLabels.get(section.path)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
    </div>
  );

  const list = () => {
    if (loading) return <Loading />;
    if (modules.isError)
      return (
        <ErrorPanel
          message={t('modules.loadError')}
          onRetry={() => void modules.refetch()}
          error={modules.error}
        />
      );
    if (modules.data.length === 0)
      return (
        <Empty>
          {filter ? (
            <>
              {t('moduleAdmin.filter.empty')}{' '}
              <Link href={location} replace>
                {t('moduleAdmin.filter.clear')}
              </Link>
            </>
          ) : (
            t('moduleAdmin.empty')
          )}
        </Empty>
      );
    return (
      <table className="data-table">
        <caption className="visually-hidden">{t('moduleAdmin.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('moduleAdmin.form.name')}</th>
            <th scope="col">{t('moduleAdmin.form.language')}</th>
            <th scope="col">{t('moduleAdmin.list.kind')}</th>
            <th scope="col">{t('moduleAdmin.list.pages')}</th>
            <th scope="col">{t('moduleAdmin.list.state')}</th>
            <th scope="col">{t('moduleAdmin.list.usedIn')}</th>
          </tr>
        </thead>
        <tbody>
          {modules.data.map((module) => (
            <tr key={module.moduleId}>
              <th scope="row">
                <Link href={`/modules/${module.path}`}>{module.name}</Link>
              </th>
              <td data-label={t('moduleAdmin.form.language')}>{t(`languages.${module.language}`)}</td>
              <td data-label={t('moduleAdmin.list.kind')}>
                {module.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}
              </td>
              <td data-label={t('moduleAdmin.list.pages')}>{module.pageCount}</td>
              <td data-label={t('moduleAdmin.list.state')}>
                <span className={module.published ? 'badge' : 'badge badge--muted'}>
                  {module.published ? t('moduleAdmin.state.published') : t('moduleAdmin.state.unpublished')}
                </span>
              </td>
              <td data-label={t('moduleAdmin.list.usedIn')}>
                {module.usedIn && module.usedIn.length > 0 ? (
                  <span>
                    {module.usedIn.map((use, index) => (
                      <Fragment key={`${use.parentType}:${use.path}`}>
                        {index > 0 && ', '}
                        <Link
                          href={
                            use.parentType === 'course' ? `/courses/${use.path}` : `/sections/${use.path}`
                          }
                        >
                          {labelOfUse(use)}
                        </Link>
                      </Fragment>
                    ))}
                  </span>
                ) : (
                  <span className="muted">{t('moduleAdmin.list.usedNowhere')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <>
      <div className="page-header">
        <h1>{t('moduleAdmin.title')}</h1>
        {hasRule(viewer, 'create') && (
          <div className="page-header__actions">
            <Link href="/modules/new" className="button button--small">
              {t('moduleAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      <p className="page-lead">{t('moduleAdmin.lead')}</p>
      {filterBar}
      <section aria-busy={loading} aria-label={t('moduleAdmin.title')}>
        {list()}
      </section>
    </>
  );
}
