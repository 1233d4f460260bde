import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/status';
import type { ClassroomView } from '../api/classroom';
import { type ZoomJoin, zoomAppHref, zoomBrowserHref } from '../utils/zoom-links';
import { useScripts } from './use-script';

/** The Meeting SDK's component view, from Zoom's CDN (its React and Redux come with it). */
const zoomVersion = '3.13.2';
const zoomScripts = [
  ...['react', 'react-dom', 'redux', 'redux-thunk', 'lodash'].map(
    (name) => `https://source.zoom.us/${zoomVersion}/lib/vendor/${name}.min.js`,
  ),
  `https://source.zoom.us/${zoomVersion}/zoom-meeting-embedded-${zoomVersion}.min.js`,
];

interface ZoomClient {
  init(options: { zoomAppRoot: HTMLElement; language: string }): Promise<unknown>;
  join(options: {
    signature: string;
    sdkKey: string;
    meetingNumber: string;
    password: string;
    userName: string;
  }): Promise<unknown>;
  leaveMeeting?(): Promise<unknown>;
}

declare global {
  interface Window {
    ZoomMtgEmbedded?: { createClient(): ZoomClient };
  }
}

/** The Zoom web client is embedded for Firefox only (docs/guide/live-classrooms.md). */
const isFirefox = () => /firefox\//i.test(navigator.userAgent);

const zoomLanguages: Record<string, string> = { nl: 'nl-NL', fr: 'fr-FR', en: 'en-US' };

/**
 * A Zoom classroom: in Firefox the Meeting SDK joins with the signature the server made (its role
 * decided there); elsewhere 'Not supported.', a contract text kept verbatim
 * (docs/adr/0009-contract-texts-stay-verbatim.md), with a word on why. Everywhere, Zoom's own app
 * and web client are offered too: outside Firefox as the way in, in Firefox as a fallback.
 */
export function ZoomRoom({ zoom, zoomJoin }: Pick<ClassroomView, 'zoom' | 'zoomJoin'>) {
  const { t } = useTranslation();
  const supported = isFirefox();
  if (!supported) {
    return (
      <>
        <Alert tone="info">
          <strong>{t('classroom.notSupported')}</strong> {t('classroom.zoomFirefoxOnly')}
        </Alert>
        {zoomJoin && <ZoomLinks join={zoomJoin} intro={t('classroom.zoomElsewhere')} />}
      </>
    );
  }
  return (
    <>
      {zoom ? <ZoomMeeting zoom={zoom} /> : <Alert tone="danger">{t('classroom.loadError')}</Alert>}
      {zoomJoin && <ZoomLinks join={zoomJoin} intro={t('classroom.zoomFallback')} />}
    </>
  );
}

/** The two ways into the meeting without the embedded client. */
function ZoomLinks({ join, intro }: { join: ZoomJoin; intro: string }) {
  const { t } = useTranslation();
  return (
    <div className="zoom-links">
      <p>{intro}</p>
      <ul className="zoom-links__list">
        <li>
          <a className="button" href={zoomAppHref(join)}>
            {t('classroom.zoomApp')}
          </a>
        </li>
        <li>
          <a
            className="button button--ghost"
            href={zoomBrowserHref(join)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('classroom.zoomBrowser')}
          </a>
        </li>
      </ul>
    </div>
  );
}

function ZoomMeeting({ zoom }: { zoom: NonNullable<ClassroomView['zoom']> }) {
  const { t, i18n } = useTranslation();
  const scripts = useScripts(zoomScripts);
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const node = root.current;
    if (scripts !== 'ready' || !node) return;
    const sdk = window.ZoomMtgEmbedded;
    if (!sdk) {
      setFailed(true);
      return;
    }
    const client = sdk.createClient();
    client
      .init({ zoomAppRoot: node, language: zoomLanguages[i18n.language] ?? 'en-US' })
      .then(() =>
        client.join({
          signature: zoom.signature,
          sdkKey: zoom.sdkKey,
          meetingNumber: zoom.meetingNumber,
          password: zoom.password,
          userName: zoom.userName,
        }),
      )
      .catch(() => setFailed(true));
    return () => void client.leaveMeeting?.().catch(() => {});
  }, [scripts, zoom, i18n.language]);

  if (scripts === 'failed' || failed) return <Alert tone="danger">{t('classroom.loadError')}</Alert>;
  return (
    <div className="live-frame">
      {scripts === 'loading' && <Loading />}
      <div ref={root} className="live-frame__room" />
    </div>
  );
}
