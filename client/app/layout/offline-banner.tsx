import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/**
 * Says so while the browser is offline: what shows then was saved on this device (client/sw/), and
 * answers wait to be sent. The live region is always there, so a screen reader hears the change.
 * Not role="status": the answer form's save status is the page's status.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className={online ? undefined : 'offline-banner'} aria-live="polite">
      {online ? null : <p className="container offline-banner__text">{t('offline.banner')}</p>}
    </div>
  );
}
