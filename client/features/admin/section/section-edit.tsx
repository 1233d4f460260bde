import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { errorCode } from '../../../lib/trpc';
import { DangerZone } from '../../../ui/danger-zone';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { BreakoutCountdown } from '../../classroom/components/countdown';
import { useCourseOwners } from '../course/get-admin-course';
import { LinkedFiles } from '../file/linked-files';
import { LinkedModules } from '../module/linked-modules';
import { useNotice } from '../shared/content-form-helpers';
import { type ContentRights, contentRights } from '../shared/content-rights';
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
 * course's edit and delete rights (a copy is a new section in the course: DESIGN.md, one ownership rule).
 */
export function SectionRoute({ path, view, user }: { path: string; view: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const section = useSection(path);
  const code = section.isError ? errorCode(section.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(section.data?.name ?? (missing ? t('section.notFound') : t('sectionAdmin.title')));
  const views: SectionView[] = ['info', 'files', 'modules'];
  // The owners of the section's course edit and delete it without the general rules.
  const owners = useCourseOwners(section.data?.parentPath ?? '', section.isSuccess);
  const owned = owners.data?.some((owner) => owner.userId === user._id) ?? false;

  if (!views.includes(view as SectionView)) return <h1>{t('notFound.admin')}</h1>;
  if (section.isPending || (section.isError && section.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (section.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('section.notFound')}</h1>
        <p>
          <Link href="/courses">{t('courseAdmin.backToList')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel
        message={t('sectionAdmin.loadOneError')}
        onRetry={() => void section.refetch()}
        error={section.error}
      />
    );
  }

  const rights = contentRights(user, owned);
  const parent = { parentType: 'section', parentPath: section.data.path } as const;
  return (
    <article>
      <p className="back-link">
        <Link href={`/courses/${section.data.parentPath}/sections`}>← {t('sectionAdmin.backToCourse')}</Link>
      </p>
      <div className="page-header">
        <h1>{section.data.name}</h1>
        <p className="badges">
          <span className="badge">{t(`languages.${section.data.language}`)}</span>
          <span className={section.data.published ? 'badge' : 'badge badge--warning'}>
            {section.data.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
          </span>
        </p>
      </div>
      <nav className="tabs" aria-label={t('sectionAdmin.views')}>
        <ul>
          {views.map((item) => (
            <li key={item}>
              <Link
                href={
                  item === 'info'
                    ? `/sections/${section.data.path}`
                    : `/sections/${section.data.path}/${item}`
                }
                className="tabs__tab"
                aria-current={item === view ? 'page' : undefined}
              >
                {t(`sectionAdmin.view.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'info' && <SectionInfoView section={section.data} rights={rights} user={user} />}
      {view === 'files' && <LinkedFiles parent={parent} rights={rights} />}
      {view === 'modules' && <LinkedModules parent={parent} rights={rights} />}
    </article>
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
  const history = useSectionHistory(section.path);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const { setNotice, view: notice } = useNotice();

  const togglePublished = async () => {
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

  const makeCopy = async () => {
    setNotice(null);
    try {
      const copy = await duplicate.mutateAsync(section.path);
      navigate(`/sections/${copy.path}`);
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  return (
    <>
      {(rights.edit || rights.addChildren) && (
        <div className="action-bar">
          {rights.edit && (
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={publish.isPending}
              onClick={() => void togglePublished()}
            >
              {section.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}
            </button>
          )}
          {rights.addChildren && (
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={duplicate.isPending}
              onClick={() => void makeCopy()}
            >
              {t('sectionAdmin.duplicate')}
            </button>
          )}
        </div>
      )}
      {notice}
      {section.classroom && section.classroom.breakoutrooms.length > 0 && (
        <BreakoutCountdown section={section.path} mayRun={rights.edit} />
      )}
      <div className="admin-columns">
        <div className="admin-columns__main">
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
        </div>
        {hasRule(user, 'view') && (
          <aside className="admin-columns__side" aria-labelledby="section-history-title">
            <h2 id="section-history-title">{t('history.title')}</h2>
            <History
              entries={history.data}
              isPending={history.isPending}
              isError={history.isError}
              onRetry={() => void history.refetch()}
              viewer={user}
              onShowAsOf={setAsOf}
            />
            {asOf && <SectionAsOf path={section.path} at={asOf} onClose={() => setAsOf(null)} />}
          </aside>
        )}
      </div>
      {rights.delete && (
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
      )}
    </>
  );
}
