import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { useDocumentTitle } from '../../../ui/use-document-title';

/**
 * The admin area, loaded as its own chunk on the first visit to /admin. Routes here are relative
 * to /admin. Only the welcome page exists yet; the management screens arrive with their features.
 */
export default function AdminRoutes() {
  return (
    <Switch>
      <Route path="/">
        <AdminWelcome />
      </Route>
      <Route>
        <AdminNotFound />
      </Route>
    </Switch>
  );
}

function AdminWelcome() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.admin'));
  return (
    <>
      <h1>{t('nav.admin')}</h1>
      <p>{t('admin.welcome')}</p>
    </>
  );
}

function AdminNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.admin'));
  return <h1>{t('notFound.admin')}</h1>;
}
