import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/status';
import { useScripts } from './use-script';

interface JitsiApi {
  dispose(): void;
}
type JitsiConstructor = new (
  domain: string,
  options: {
    roomName: string;
    parentNode: HTMLElement;
    width: string | number;
    height: number;
    userInfo: { displayName: string };
    lang?: string;
  },
) => JitsiApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiConstructor;
  }
}

/** The Jitsi frame is 1100 × 500 (docs/guide/live-classrooms.md); below 1100 px it takes the width it has. */
const frameHeight = 500;

/**
 * A Jitsi room embedded through the external API script of `scriptDomain` (JITSI_DOMAIN), joined
 * under the person's display name. When the script does not load the spec's alert says so.
 */
export function JitsiRoom({
  scriptDomain,
  domain,
  roomName,
  displayName,
  title,
}: {
  scriptDomain: string;
  domain: string;
  roomName: string;
  displayName: string;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const script = useScripts([`https://${scriptDomain}/external_api.js`]);
  const parent = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const node = parent.current;
    if (script !== 'ready' || !node) return;
    const Api = window.JitsiMeetExternalAPI;
    if (!Api) {
      setFailed(true);
      return;
    }
    let meeting: JitsiApi | null = null;
    try {
      meeting = new Api(domain, {
        roomName,
        parentNode: node,
        width: '100%',
        height: frameHeight,
        userInfo: { displayName },
        lang: i18n.language,
      });
      node.querySelector('iframe')?.setAttribute('title', title);
    } catch {
      setFailed(true);
    }
    return () => meeting?.dispose();
  }, [script, domain, roomName, displayName, title, i18n.language]);

  if (script === 'failed' || failed) {
    return (
      <Alert tone="danger">
        <strong>{t('classroom.jitsiMissing')}</strong> {t('classroom.jitsiMissingHelp')}
      </Alert>
    );
  }
  return (
    <div className="live-frame" style={{ minHeight: frameHeight }}>
      {script === 'loading' && <Loading />}
      <div ref={parent} className="live-frame__room" />
    </div>
  );
}
