import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../lib/auth';
import { useModule } from '../../../ui/admin/api/modules';
import { ContentEditBody, ItemHistory } from '../../../ui/admin/content-edit-body';
import { EditScreen } from '../../../ui/admin/edit-screen';
import { moduleRights } from '../../../ui/admin/module-rights';
import { ErrorPanel, Loading } from '../../../ui/status';
import { pageFormValues } from './editor/elements';
import { PageEditor } from './editor/page-editor';
import { PageAsOf } from './page-as-of';
import {
  type AdminPage,
  useDeletePage,
  useDuplicatePage,
  usePage,
  usePageHistory,
  useUpdatePage,
} from './pages';

/** /admin/pages/{pagePath}: the page editor, with duplicate, history and delete. */
export function PageRoute({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const page = usePage(path);
  const module = useModule(page.data?.parentPath ?? '', Boolean(page.data));
  return (
    <EditScreen
      query={page}
      name={(item) => item.name}
      texts={{
        title: t('pageAdmin.title'),
        notFound: t('page.notFound'),
        loadError: t('pages.loadError'),
        listHref: '/modules',
        listLabel: t('moduleAdmin.backToList'),
      }}
      back={(item) => ({
        href: `/modules/${item.parentPath}/pages`,
        label: module.data?.name ?? item.parentPath,
      })}
      arrivals={{
        pageCreated: t('pageAdmin.notices.pageCreated'),
        pageDuplicated: t('pageAdmin.notices.pageDuplicated'),
      }}
      className="page-editor-route"
    >
      {(item) =>
        module.isPending ? (
          <div aria-busy="true">
            <Loading />
          </div>
        ) : module.isError ? (
          <ErrorPanel
            message={t('modules.loadOneError')}
            onRetry={() => void module.refetch()}
            error={module.error}
          />
        ) : (
          <PageBody page={item} viewer={viewer} rights={moduleRights(viewer, module.data)} />
        )
      }
    </EditScreen>
  );
}

/** The editor with the page's actions (duplicate, view as participant), history and delete. */
function PageBody({
  page,
  viewer,
  rights,
}: {
  page: AdminPage;
  viewer: CurrentUser;
  rights: ReturnType<typeof moduleRights>;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const duplicate = useDuplicatePage();
  const remove = useDeletePage();
  const backHref = `/modules/${page.parentPath}/pages`;
  return (
    <ContentEditBody
      item={page}
      duplicate={
        rights.addPages && {
          mutation: duplicate,
          label: t('pageAdmin.duplicate'),
          open: (copy) => navigate(`/pages/${copy}`, { state: { notice: 'pageDuplicated' } }),
        }
      }
      actions={[
        // The learner's own screen, as a participant meets it (outside the admin area).
        <Link
          key="view"
          href={`~/module/${page.parentPath}/page/${page.path}`}
          className="button button--small button--ghost"
        >
          {t('pageAdmin.viewAsParticipant')}
        </Link>,
      ]}
      main={
        <>
          {!rights.edit && <p className="muted">{t('pageAdmin.readOnly')}</p>}
          <EditPage page={page} readOnly={!rights.edit} />
        </>
      }
      historyId="page-history-title"
      // A page's history is its module's readers': who may not read it gets no panel.
      history={rights.history && <PageHistory path={page.path} viewer={viewer} />}
      remove={
        rights.delete && {
          mutation: remove,
          texts: {
            id: 'delete-page-title',
            title: t('pageAdmin.delete.title'),
            text: t('pageAdmin.delete.text'),
            button: t('pageAdmin.delete.button'),
            confirm: t('pageAdmin.delete.confirm'),
          },
          onDone: () => navigate(backHref, { replace: true }),
        }
      }
    />
  );
}

function PageHistory({ path, viewer }: { path: string; viewer: CurrentUser }) {
  return <ItemHistory query={usePageHistory(path)} viewer={viewer} path={path} asOf={PageAsOf} />;
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
