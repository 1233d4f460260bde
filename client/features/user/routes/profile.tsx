import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { DeleteAccount } from '../components/delete-account';
import { DownloadData } from '../components/download-data';
import { ProfileForm } from '../components/profile-form';

/** /user: the signed-in person's own profile. Signed-out visitors are sent to /login first. */
export function ProfileRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  return (
    <SignedInOnly errorMessage={t('profile.loadError')}>
      {(user) => (
        <div className="page-narrow">
          <h1>{t('profile.title')}</h1>
          <p className="page-lead">{t('profile.lead')}</p>
          {/* Keyed by the person: another sign-in in another tab starts a fresh form. */}
          <ProfileForm key={user._id} user={user} />
          <section className="panel" aria-labelledby="sessions-link-title">
            <h2 id="sessions-link-title">{t('sessions.title')}</h2>
            <p>
              <Link href="/user/sessions">{t('sessions.profileLink')}</Link>
            </p>
          </section>
          <DownloadData />
          <DeleteAccount />
        </div>
      )}
    </SignedInOnly>
  );
}
