import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../../lib/auth';
import { trackSeen } from '../../../lib/tracking/use-track-seen';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { type Parent, useLinkedFiles, useLinkedModules } from '../api/get-parent-content';
import { ModuleCard } from './module-card';
import { OverallPagesDone, PagesDoneBar, usePagesDone } from './module-progress';
import { SignInForModules, useSignedOut } from './sign-in-for-modules';

/**
 * The modules of a course or section this visitor may open, in their editors' order; links stay
 * under the course, each with the learner's pages done, and all of them together above. A
 * signed-out visitor is offered to sign in instead.
 */
export function LinkedModules({ parent, base }: { parent: Parent; base: string }) {
  const { t } = useTranslation();
  const modules = useLinkedModules(parent);
  const signedOut = useSignedOut();
  // Only once signed in: a visitor, or a session still being checked, has no progress to read.
  const signedIn = useSessionState().status === 'signed-in';
  const done = usePagesDone(signedIn ? (modules.data ?? []).map((module) => module.path) : []);
  if (modules.isPending) return <Loading />;
  if (modules.isError) {
    return (
      <ErrorPanel
        message={t('modules.loadError')}
        onRetry={() => void modules.refetch()}
        error={modules.error}
      />
    );
  }
  return (
    <section className="linked-modules" aria-labelledby={`modules-${parent.parentPath}`}>
      <h2 id={`modules-${parent.parentPath}`}>{t('modules.title')}</h2>
      {signedOut ? (
        <SignInForModules />
      ) : modules.data.length === 0 ? (
        <Empty>{t('modules.empty')}</Empty>
      ) : (
        <>
          <OverallPagesDone progress={done} />
          <ol className="card-grid">
            {modules.data.map((module) => {
              const progress = done.get(module.path);
              return (
                <li key={module.path}>
                  <ModuleCard
                    module={module}
                    base={base}
                    footer={
                      progress && (
                        <PagesDoneBar
                          progress={progress}
                          label={t('progress.module', { name: module.name })}
                        />
                      )
                    }
                  />
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** The documents of a course or section; nothing at all when there are none. */
export function LinkedFiles({ parent }: { parent: Parent }) {
  const { t } = useTranslation();
  const files = useLinkedFiles(parent);
  if (files.isPending) return <Loading />;
  if (files.isError)
    return (
      <ErrorPanel message={t('files.loadError')} onRetry={() => void files.refetch()} error={files.error} />
    );
  if (files.data.length === 0) return null;
  return (
    <section className="linked-files" aria-labelledby={`files-${parent.parentPath}`}>
      <h2 id={`files-${parent.parentPath}`}>{t('files.title')}</h2>
      <ul className="file-list">
        {files.data.map((file) => (
          <li key={file.path}>
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => trackSeen('files', file.path)}
            >
              {file.name}
            </a>{' '}
            <span className="badge badge--muted">{t(`files.type.${file.type}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
