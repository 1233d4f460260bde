import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../lib/auth';
import { useModule } from '../../../ui/admin/api/modules';
import { ContentEditBody, ItemHistory } from '../../../ui/admin/content-edit-body';
import { EditScreen } from '../../../ui/admin/edit-screen';
import { LiveDraftEditor } from '../../../ui/admin/live-draft';
import { moduleRights } from '../../../ui/admin/module-rights';
import { ErrorPanel, Loading } from '../../../ui/status';
import { type PageFormValues, pageFormValues } from './editor/elements';
import { PageEditor } from './editor/page-editor';
import { PageAsOf } from './page-as-of';
import { PageDraftPanel, type PagePreviewView } from './page-draft';
import {
  type AdminPage,
  useDeletePage,
  useDuplicatePage,
  usePage,
  usePageDraft,
  usePageHistory,
  useSavePageDraft,
  useUpdatePage,
} from './pages';

/** /admin/pages/{pagePath}: the page editor, with duplicate, history and delete. */
export function PageRoute({
  path,
  viewer,
  preview,
}: {
  path: string;
  viewer: CurrentUser;
  preview: PagePreviewView;
}) {
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
          <PageBody
            page={item}
            viewer={viewer}
            rights={moduleRights(viewer, module.data)}
            preview={preview}
          />
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
  preview,
}: {
  page: AdminPage;
  viewer: CurrentUser;
  rights: ReturnType<typeof moduleRights>;
  preview: PagePreviewView;
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
          {rights.edit ? <EditPage page={page} preview={preview} /> : <PageEditorFor page={page} readOnly />}
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

/** The editor on the live page: for who may only read it, or edits an unpublished page directly. */
function PageEditorFor({ page, readOnly = false }: { page: AdminPage; readOnly?: boolean }) {
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

/**
 * The editor for who may edit the page. A page learners see (its module is published) is saved as
 * a draft beside it, with its preview, its changes, publish and discard
 * (docs/adr/0019-drafts-of-live-content.md); an unpublished page without a draft is edited directly.
 */
function EditPage({ page, preview }: { page: AdminPage; preview: PagePreviewView }) {
  const { t } = useTranslation();
  const state = usePageDraft(page.path);
  const saveDraft = useSavePageDraft();
  return (
    <LiveDraftEditor
      texts="pageAdmin"
      state={state}
      direct={() => <PageEditorFor page={page} />}
      panel={(draft, onDone) => (
        <PageDraftPanel page={page} draft={draft} preview={preview} onDone={onDone} />
      )}
      saveDraft={(values: PageFormValues) => saveDraft.mutateAsync({ path: page.path, page: values })}
      form={(draft, save) => (
        <PageEditor
          // A new draft, a publication or a discard starts the form again from what is now kept.
          key={`${page.pageId}:${draft ? 'draft' : page.updatedAt}`}
          defaultValues={pageFormValues(draft ?? page)}
          submitLabel={t('pageAdmin.draft.save')}
          save={save}
        />
      )}
    />
  );
}
