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
import { ModuleResultsView } from '../result/module-results';
import { NotAllowedHere } from '../shared/not-allowed';
import { ModuleForm } from './module-form';
import { moduleFormValues } from './module-form-values';
import { ModuleHistoryPanel } from './module-history';
import { ModulePagesView } from './module-pages';
import { ModuleTeachersView } from './module-teachers';
import { ModuleUsersView } from './module-users';
import {
  type ModuleDetail,
  useDeleteModule,
  useDuplicateModule,
  useModule,
  usePublishModule,
  useUpdateModule,
} from './modules';

export type ModuleView = 'form' | 'pages' | 'link-teachers' | 'users' | 'results' | 'certificate-config';
export const moduleViews: ModuleView[] = [
  'form',
  'pages',
  'link-teachers',
  'users',
  'results',
  'certificate-config',
];

/** What the viewer may do with this module (spec section 6): by rule, or as one of its owners. */
export function moduleRights(viewer: CurrentUser, module: { owners: string[]; courseTeacher?: boolean }) {
  const owned = module.owners.includes(viewer._id);
  const edit = hasRule(viewer, 'edit') || owned;
  return {
    /** Duplicate and translate: the create rule, on a module the viewer could open. */
    create: hasRule(viewer, 'create'),
    edit,
    /** New and duplicated pages: the module's edit right or owning it, never the create rule alone. */
    addPages: edit,
    delete: hasRule(viewer, 'delete') || owned,
    assignOwners: hasRule(viewer, 'assign_owners'),
    assignParticipants: hasRule(viewer, 'assign_participants'),
    /**
     * Results, scoring and certificates: the view or edit right, an owner (who also sees the answer
     * key), or an owner of a course that lists the module (its teacher there).
     */
    results: hasRule(viewer, 'view') || hasRule(viewer, 'edit') || owned || Boolean(module.courseTeacher),
  };
}

/**
 * /admin/modules/{modulePath} and its views: the module form (with publish, duplicate, translate,
 * history and delete), its pages, its teachers (assign_owners) and its participants
 * (assign_participants). Certificates and results come with a later change.
 */
export function ModuleRoute({ path, view, viewer }: { path: string; view: ModuleView; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const module = useModule(path);
  const code = module.isError ? errorCode(module.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(module.data?.name ?? (missing ? t('module.notFound') : t('moduleAdmin.title')));

  if (module.isPending || (module.isError && module.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (module.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('module.notFound')}</h1>
        <p>
          <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel
        message={t('modules.loadOneError')}
        onRetry={() => void module.refetch()}
        error={module.error}
      />
    );
  }

  const data = module.data;
  const rights = moduleRights(viewer, data);
  const body = () => {
    switch (view) {
      case 'pages':
        return <ModulePagesView module={data} canEdit={rights.edit} canCreate={rights.addPages} />;
      case 'link-teachers':
        return rights.assignOwners ? <ModuleTeachersView module={data} /> : <NotAllowedHere />;
      case 'users':
        return rights.assignParticipants ? <ModuleUsersView module={data} /> : <NotAllowedHere />;
      case 'results':
        return rights.results ? <ModuleResultsView module={data} /> : <NotAllowedHere />;
      case 'certificate-config':
        return rights.edit ? <CertificateConfigRoute kind="module" path={data.path} /> : <NotAllowedHere />;
      default:
        return <ModuleFormView module={data} viewer={viewer} rights={rights} />;
    }
  };

  return (
    <article>
      <p className="back-link">
        <Link href="/modules">← {t('moduleAdmin.backToList')}</Link>
      </p>
      <div className="page-header page-header--start">
        <h1>{data.name}</h1>
        <p className="badges">
          <span className={data.published ? 'badge' : 'badge badge--muted'}>
            {data.published ? t('moduleAdmin.state.published') : t('moduleAdmin.state.unpublished')}
          </span>
          <span className="badge badge--muted">
            {data.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}
          </span>
          <span className="badge badge--muted">{t(`languages.${data.language}`)}</span>
        </p>
      </div>
      <ModuleTabs path={data.path} view={view} rights={rights} />
      <CreatedNotice />
      {body()}
    </article>
  );
}

function ModuleTabs({
  path,
  view,
  rights,
}: {
  path: string;
  view: ModuleView;
  rights: ReturnType<typeof moduleRights>;
}) {
  const { t } = useTranslation();
  const tabs: { view: ModuleView; href: string; label: string }[] = [
    { view: 'form', href: `/modules/${path}`, label: t('moduleAdmin.tabs.form') },
    { view: 'pages', href: `/modules/${path}/pages`, label: t('moduleAdmin.tabs.pages') },
    // The certificate's settings are the module's: only who edits it changes them.
    ...(rights.edit
      ? [
          {
            view: 'certificate-config' as const,
            href: `/modules/${path}/certificate-config`,
            label: t('certificates.config.tab'),
          },
        ]
      : []),
    ...(rights.assignOwners
      ? [
          {
            view: 'link-teachers' as const,
            href: `/modules/${path}/link-teachers`,
            label: t('moduleAdmin.tabs.teachers'),
          },
        ]
      : []),
    ...(rights.assignParticipants
      ? [{ view: 'users' as const, href: `/modules/${path}/users`, label: t('moduleAdmin.tabs.users') }]
      : []),
    ...(rights.results
      ? [{ view: 'results' as const, href: `/modules/${path}/results`, label: t('moduleAdmin.tabs.results') }]
      : []),
  ];
  return (
    <nav className="tabs" aria-label={t('moduleAdmin.tabs.label')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.view}>
            <Link href={tab.href} className="tabs__tab" aria-current={tab.view === view ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const notices = ['moduleCreated', 'moduleTranslated', 'moduleDuplicated'] as const;

function CreatedNotice() {
  const { t } = useTranslation();
  const [notice] = useState(() => {
    const value = (window.history.state as { notice?: unknown } | null)?.notice;
    return notices.find((item) => item === value) ?? null;
  });
  if (!notice) return null;
  return (
    <Alert tone="success">
      <p>{t(`moduleAdmin.notices.${notice}`)}</p>
    </Alert>
  );
}

function ModuleFormView({
  module,
  viewer,
  rights,
}: {
  module: ModuleDetail;
  viewer: CurrentUser;
  rights: ReturnType<typeof moduleRights>;
}) {
  const { t } = useTranslation();
  const update = useUpdateModule();
  return (
    <>
      <ModuleActions module={module} rights={rights} />
      <div className="admin-columns">
        <div className="admin-columns__main">
          {!rights.edit && <p className="muted">{t('moduleAdmin.readOnly')}</p>}
          <ModuleForm
            key={module.moduleId}
            defaultValues={moduleFormValues(module)}
            readOnly={!rights.edit}
            submitLabel={t('moduleAdmin.save')}
            save={async (values) => {
              await update.mutateAsync({ path: module.path, module: values });
              return t('moduleAdmin.saved');
            }}
          />
        </div>
        <aside className="admin-columns__side" aria-labelledby="module-history-title">
          <h2 id="module-history-title">{t('history.title')}</h2>
          <ModuleHistoryPanel path={module.path} viewer={viewer} />
        </aside>
      </div>
      {rights.delete && <DeleteModule path={module.path} />}
    </>
  );
}

/** The action bar: publish or unpublish, duplicate, translate, view as participant; each answer shows in an alert. */
function ModuleActions({
  module,
  rights,
}: {
  module: ModuleDetail;
  rights: ReturnType<typeof moduleRights>;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const publish = usePublishModule();
  const duplicate = useDuplicateModule();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const failed = (error: unknown) =>
    setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });

  return (
    <>
      <div className="action-bar">
        {rights.edit && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={publish.isPending}
            onClick={async () => {
              setNotice(null);
              try {
                await publish.mutateAsync({ path: module.path, published: !module.published });
                setNotice({
                  tone: 'success',
                  text: module.published
                    ? t('moduleAdmin.actions.unpublished')
                    : t('moduleAdmin.actions.published'),
                });
              } catch (error) {
                failed(error);
              }
            }}
          >
            {module.published ? t('moduleAdmin.actions.unpublish') : t('moduleAdmin.actions.publish')}
          </button>
        )}
        {rights.create && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={duplicate.isPending}
            onClick={async () => {
              setNotice(null);
              try {
                const copy = await duplicate.mutateAsync(module.path);
                navigate(`/modules/${copy.path}`, { state: { notice: 'moduleDuplicated' } });
              } catch (error) {
                failed(error);
              }
            }}
          >
            {t('moduleAdmin.actions.duplicate')}
          </button>
        )}
        {rights.create && (
          <Link
            href={`/modules/new?translate=${encodeURIComponent(module.path)}`}
            className="button button--small button--ghost"
          >
            {t('moduleAdmin.actions.translate')}
          </Link>
        )}
        {/* The learner's own screen, as a participant meets it (outside the admin area). */}
        <Link href={`~/module/${module.path}`} className="button button--small button--ghost">
          {t('moduleAdmin.actions.viewAsParticipant')}
        </Link>
      </div>
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
    </>
  );
}

function DeleteModule({ path }: { path: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteModule();
  return (
    <DangerZone
      id="delete-module-title"
      title={t('moduleAdmin.delete.title')}
      text={t('moduleAdmin.delete.text')}
      buttonLabel={t('moduleAdmin.delete.button')}
      confirmMessage={t('moduleAdmin.delete.confirm')}
      confirmLabel={t('moduleAdmin.delete.button')}
      removal={remove}
      run={() => remove.mutateAsync(path)}
      onDone={() => navigate('/modules', { replace: true })}
    />
  );
}
