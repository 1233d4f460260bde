import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { trpc } from '../../../lib/trpc-query';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CalendarFeed } from '../components/calendar-feed';
import { DeleteAccount } from '../components/delete-account';
import { DownloadData } from '../components/download-data';
import { ProfileForm } from '../components/profile-form';
import { TwoFactor } from '../components/two-factor';

/**
 * /user: the signed-in person's own profile. Signed-out visitors are sent to /login first. Who must
 * set up two-step sign-in before anything else (their role asks for it) finds only that here.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(t('profile.title'));
  return (
    <SignedInOnly errorMessage={t('profile.loadError')}>
      {(user) =>
        user.mustEnrolSecondFactor ? (
          <div className="page-narrow">
            <h1>{t('secondFactor.requiredTitle')}</h1>
            <p className="page-lead">{t('secondFactor.requiredLead')}</p>
            {/* Enrolled: who they are is read again, and with it their roles and the way on. */}
            <TwoFactor onEnrolled={() => void queryClient.invalidateQueries(trpc.user.me.pathFilter())} />
          </div>
        ) : (
          <div className="page-narrow">
            <h1>{t('profile.title')}</h1>
            <p className="page-lead">{t('profile.lead')}</p>
            {/* Keyed by the person: another sign-in in another tab starts a fresh form. */}
            <ProfileForm key={user._id} user={user} />
            <TwoFactor />
            <section className="panel" aria-labelledby="sessions-link-title">
              <h2 id="sessions-link-title">{t('sessions.title')}</h2>
              <p>
                <Link href="/user/sessions">{t('sessions.profileLink')}</Link>
              </p>
            </section>
            <CalendarFeed />
            <DownloadData />
            <DeleteAccount />
          </div>
        )
      }
    </SignedInOnly>
  );
}
