import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { errorCode } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';
import { DangerZone } from '../../../ui/danger-zone';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { moduleRights } from '../module/module-edit';
import { PageHistoryPanel } from '../module/module-history';
import { useModule } from '../module/modules';
import { pageFormValues } from './editor/elements';
import { PageEditor } from './editor/page-editor';
import { type AdminPage, useDeletePage, useDuplicatePage, usePage, useUpdatePage } from './pages';

/** /admin/pages/{pagePath}: the page editor, with duplicate, history and delete. */
export function PageRoute({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const page = usePage(path);
  const module = useModule(page.data?.parentPath ?? '', Boolean(page.data));
  const code = page.isError ? errorCode(page.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(page.data?.name ?? (missing ? t('page.notFound') : t('pageAdmin.title')));

  if (page.isPending || (page.isError && page.isFetching) || (page.isSuccess && module.isPending)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (page.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('page.notFound')}</h1>
        <p>
          <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel message={t('pages.loadError')} onRetry={() => void page.refetch()} error={page.error} />
    );
  }
  if (module.isError) {
    return (
      <ErrorPanel
        message={t('modules.loadOneError')}
        onRetry={() => void module.refetch()}
        error={module.error}
      />
    );
  }

  const data = page.data;
  const rights = moduleRights(viewer, module.data ?? { owners: [] });
  const backHref = `/modules/${data.parentPath}/pages`;

  return (
    <article className="page-editor-route">
      <p className="back-link">
        <Link href={backHref}>← {module.data?.name ?? data.parentPath}</Link>
      </p>
      <h1>{data.name}</h1>
      <PageActions page={data} mayDuplicate={rights.addPages} />
      <CreatedNotice />
      <div className="admin-columns">
        <div className="admin-columns__main">
          {!rights.edit && <p className="muted">{t('pageAdmin.readOnly')}</p>}
          <EditPage page={data} readOnly={!rights.edit} />
        </div>
        <aside className="admin-columns__side" aria-labelledby="page-history-title">
          <h2 id="page-history-title">{t('history.title')}</h2>
          <PageHistoryPanel path={data.path} viewer={viewer} />
        </aside>
      </div>
      {rights.delete && <DeletePage path={data.path} backHref={backHref} />}
    </article>
  );
}

function EditPage({ page, readOnly }: { page: AdminPage; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdatePage();
  return (
    <PageEditor
      key={page.pageId}
      defaultValues={pageFormValues(page)}
      readOnly={readOnly}
      submitLabel={t('pageAdmin.save')}
      save={async (values) => {
        await update.mutateAsync({ path: page.path, page: values });
        return t('pageAdmin.saved');
      }}
    />
  );
}

const notices = ['pageCreated', 'pageDuplicated'] as const;

function CreatedNotice() {
  const { t } = useTranslation();
  const [notice] = useState(() => {
    const value = (window.history.state as { notice?: unknown } | null)?.notice;
    return notices.find((item) => item === value) ?? null;
  });
  if (!notice) return null;
  return (
    <Alert tone="success">
      <p>{t(`pageAdmin.notices.${notice}`)}</p>
    </Alert>
  );
}

/** The action bar, as on every edit screen: duplicate (who may add pages) and view as participant. */
function PageActions({
  page,
  mayDuplicate,
}: {
  page: { path: string; parentPath: string };
  mayDuplicate: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const duplicate = useDuplicatePage();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <div className="action-bar">
        {mayDuplicate && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={duplicate.isPending}
            onClick={async () => {
              setProblem(null);
              try {
                const copy = await duplicate.mutateAsync(page.path);
                navigate(`/pages/${copy.path}`, { state: { notice: 'pageDuplicated' } });
              } catch (error) {
                setProblem(problemOf(error).message ?? t('form.unreachable'));
              }
            }}
          >
            {t('pageAdmin.duplicate')}
          </button>
        )}
        {/* The learner's own screen, as a participant meets it (outside the admin area). */}
        <Link
          href={`~/module/${page.parentPath}/page/${page.path}`}
          className="button button--small button--ghost"
        >
          {t('pageAdmin.viewAsParticipant')}
        </Link>
      </div>
      {problem && (
        <Alert tone="danger">
          <p>{problem}</p>
        </Alert>
      )}
    </>
  );
}

function DeletePage({ path, backHref }: { path: string; backHref: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeletePage();
  return (
    <DangerZone
      id="delete-page-title"
      title={t('pageAdmin.delete.title')}
      text={t('pageAdmin.delete.text')}
      buttonLabel={t('pageAdmin.delete.button')}
      confirmMessage={t('pageAdmin.delete.confirm')}
      confirmLabel={t('pageAdmin.delete.button')}
      removal={remove}
      run={() => remove.mutateAsync(path)}
      onDone={() => navigate(backHref, { replace: true })}
    />
  );
}
