import { useTranslation } from 'react-i18next';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useModules } from '../api/get-modules';
import { ModuleCard } from '../components/module-card';
import { SignInForModules, useSignedOut } from '../components/sign-in-for-modules';

/** /module: every module this visitor may open; a signed-out visitor is offered to sign in. */
export function ModulesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('modules.title'));
  const modules = useModules();
  const signedOut = useSignedOut();
  return (
    <>
      <h1 id="page-title">{t('modules.title')}</h1>
      {signedOut ? (
        <SignInForModules />
      ) : modules.isPending ? (
        <Loading />
      ) : modules.isError ? (
        <ErrorPanel
          message={t('modules.loadError')}
          onRetry={() => void modules.refetch()}
          error={modules.error}
        />
      ) : modules.data.length === 0 ? (
        <Empty>{t('modules.empty')}</Empty>
      ) : (
        <ul className="card-grid" aria-labelledby="page-title">
          {modules.data.map((module) => (
            <li key={module.path}>
              <ModuleCard module={module} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
