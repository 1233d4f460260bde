import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../lib/auth';
import {
  type ModuleDetail,
  useDeleteModule,
  useDuplicateModule,
  useModule,
  useModuleHistory,
  usePublishModule,
} from '../../../ui/admin/api/modules';
import { ContentEditBody, ItemHistory } from '../../../ui/admin/content-edit-body';
import { EditScreen, StateBadge, ViewTabs } from '../../../ui/admin/edit-screen';
import { type ModuleRights, moduleRights } from '../../../ui/admin/module-rights';
import { NotAllowedHere } from '../../../ui/admin/not-allowed';
import { ModuleAsOf } from './module-as-of';
import { ModuleSettingsEditor } from './module-draft';
import { ModuleForm } from './module-form';
import { moduleFormValues } from './module-form-values';
import { ModuleTeachersView } from './module-teachers';
import { ModuleUsersView } from './module-users';

export type ModuleView = 'form' | 'pages' | 'link-teachers' | 'users' | 'results' | 'certificate-config';
export const moduleViews: ModuleView[] = [
  'form',
  'pages',
  'link-teachers',
  'users',
  'results',
  'certificate-config',
];

/** The module's views that other features draw (its pages, its results, its certificate). */
export interface ModuleEmbeds {
  pages: (module: ModuleDetail, rights: ModuleRights) => ReactNode;
  results: (module: ModuleDetail, rights: ModuleRights) => ReactNode;
  certificateConfig: (modulePath: string) => ReactNode;
}

/**
 * /admin/modules/{modulePath} and its views: the module form (with publish, duplicate, translate,
 * history and delete), its pages, its certificate settings, its teachers (assign_owners), its
 * participants (assign_participants) and its results: each view shown only to who the module's
 * rights allow it.
 */
export function ModuleRoute({
  path,
  view,
  viewer,
  embeds,
}: {
  path: string;
  view: ModuleView;
  viewer: CurrentUser;
  embeds: ModuleEmbeds;
}) {
  const { t } = useTranslation();
  return (
    <EditScreen
      query={useModule(path)}
      name={(module) => module.name}
      texts={{
        title: t('moduleAdmin.title'),
        notFound: t('module.notFound'),
        loadError: t('modules.loadOneError'),
        listHref: '/modules',
        listLabel: t('moduleAdmin.backToList'),
      }}
      badges={(module) => (
        <>
          <span className="badge">{t(`languages.${module.language}`)}</span>
          <StateBadge
            published={module.published}
            texts={[t('moduleAdmin.state.published'), t('moduleAdmin.state.unpublished')]}
          />
          <span className="badge badge--muted">
            {module.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}
          </span>
        </>
      )}
      arrivals={{
        moduleCreated: t('moduleAdmin.notices.moduleCreated'),
        moduleTranslated: t('moduleAdmin.notices.moduleTranslated'),
        moduleDuplicated: t('moduleAdmin.notices.moduleDuplicated'),
      }}
      tabs={(module) => <ModuleTabs path={module.path} view={view} rights={moduleRights(viewer, module)} />}
    >
      {(module) => {
        const rights = moduleRights(viewer, module);
        switch (view) {
          case 'pages':
            return embeds.pages(module, rights);
          case 'link-teachers':
            return rights.assignOwners ? (
              <ModuleTeachersView module={module} viewer={viewer} />
            ) : (
              <NotAllowedHere />
            );
          case 'users':
            return rights.assignParticipants ? <ModuleUsersView module={module} /> : <NotAllowedHere />;
          case 'results':
            return rights.results ? embeds.results(module, rights) : <NotAllowedHere />;
          case 'certificate-config':
            return rights.edit ? embeds.certificateConfig(module.path) : <NotAllowedHere />;
          default:
            return <ModuleFormView module={module} viewer={viewer} rights={rights} />;
        }
      }}
    </EditScreen>
  );
}

function ModuleTabs({ path, view, rights }: { path: string; view: ModuleView; rights: ModuleRights }) {
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
  return <ViewTabs label={t('moduleAdmin.tabs.label')} current={view} items={tabs} />;
}

/** The form with its actions (publish, duplicate, translate, view as participant), history and delete. */
function ModuleFormView({
  module,
  viewer,
  rights,
}: {
  module: ModuleDetail;
  viewer: CurrentUser;
  rights: ModuleRights;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const publish = usePublishModule();
  const duplicate = useDuplicateModule();
  const remove = useDeleteModule();
  return (
    <ContentEditBody
      item={module}
      publish={
        rights.edit && {
          mutation: publish,
          labels: {
            publish: t('moduleAdmin.actions.publish'),
            unpublish: t('moduleAdmin.actions.unpublish'),
          },
          done: {
            published: t('moduleAdmin.actions.published'),
            unpublished: t('moduleAdmin.actions.unpublished'),
          },
        }
      }
      duplicate={
        rights.create && {
          mutation: duplicate,
          label: t('moduleAdmin.actions.duplicate'),
          open: (copy) => navigate(`/modules/${copy}`, { state: { notice: 'moduleDuplicated' } }),
        }
      }
      actions={[
        rights.create && (
          <Link
            href={`/modules/new?translate=${encodeURIComponent(module.path)}`}
            className="button button--small button--ghost"
          >
            {t('moduleAdmin.actions.translate')}
          </Link>
        ),
        // The learner's own screen, as a participant meets it (outside the admin area).
        <Link key="view" href={`~/module/${module.path}`} className="button button--small button--ghost">
          {t('moduleAdmin.actions.viewAsParticipant')}
        </Link>,
      ]}
      main={
        <>
          {!rights.edit && (
            <p className="muted">
              {t(rights.courseTeacher ? 'moduleAdmin.readOnlyCourseTeacher' : 'moduleAdmin.readOnly')}
            </p>
          )}
          {rights.edit ? (
            <ModuleSettingsEditor module={module} />
          ) : (
            <ModuleForm
              key={module.moduleId}
              defaultValues={moduleFormValues(module)}
              readOnly
              submitLabel={t('moduleAdmin.save')}
              save={async () => null}
            />
          )}
        </>
      }
      historyId="module-history-title"
      // Who may not read the history (a course's teacher) gets no panel rather than a refusal.
      history={rights.history && <ModuleHistory path={module.path} viewer={viewer} />}
      remove={
        rights.delete && {
          mutation: remove,
          texts: {
            id: 'delete-module-title',
            title: t('moduleAdmin.delete.title'),
            text: t('moduleAdmin.delete.text'),
            button: t('moduleAdmin.delete.button'),
            confirm: t('moduleAdmin.delete.confirm'),
          },
          onDone: () => navigate('/modules', { replace: true }),
        }
      }
    />
  );
}

function ModuleHistory({ path, viewer }: { path: string; viewer: CurrentUser }) {
  return <ItemHistory query={useModuleHistory(path)} viewer={viewer} path={path} asOf={ModuleAsOf} />;
}
