import { type RefObject, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionTrack } from '../../../../events/page/captions';

type Choice = CaptionTrack['language'] | 'off';

/**
 * Which caption track shows (docs/guide/modules-and-pages.md#captions): the one in the interface
 * language at first, else none; then the learner's choice, from the selector or the player's own
 * caption menu.
 */
export function useCaptions(media: RefObject<HTMLVideoElement | null>, tracks: CaptionTrack[]) {
  const { i18n } = useTranslation();
  const [picked, choose] = useState<Choice | null>(null);
  // The resolved language: `language` may be the browser's own tag (nl-BE).
  const chosen =
    picked ?? tracks.find((track) => track.language === i18n.resolvedLanguage)?.language ?? 'off';
  useEffect(() => {
    const video = media.current;
    if (!video) return;
    const elements = () => [...video.querySelectorAll('track')];
    const apply = () => {
      for (const element of elements()) {
        // Not every DOM has text tracks (the tests' jsdom); browsers do.
        if (element.track) element.track.mode = element.srclang === chosen ? 'showing' : 'disabled';
      }
    };
    apply();
    // Browsers offer their own caption menu, each its own way: the selector follows it. More than one
    // track showing is never a learner's choice there (a browser's own pick on top of ours).
    const followPlayer = () => {
      const showing = elements().filter((element) => element.track?.mode === 'showing');
      if (showing.length > 1) apply();
      else choose((showing[0]?.srclang as Choice | undefined) ?? 'off');
    };
    const list = video.textTracks;
    if (typeof list?.addEventListener !== 'function') return;
    list.addEventListener('change', followPlayer);
    return () => list.removeEventListener('change', followPlayer);
  }, [media, chosen]);
  return { chosen, choose };
}

/** The <track> elements of a <video>, one per language; `useCaptions` decides which one shows. */
export function CaptionTracks({ tracks }: { tracks: CaptionTrack[] }) {
  const { t } = useTranslation();
  return tracks.map((track) => (
    <track
      key={track.language}
      kind="subtitles"
      srcLang={track.language}
      label={track.label || t(`languages.${track.language}`)}
      src={track.url}
    />
  ));
}

/**
 * A visible caption choice under the video (Off, then each language), the same in every browser
 * and reachable by keyboard; nothing without tracks.
 */
export function CaptionSelect({
  tracks,
  chosen,
  choose,
}: { tracks: CaptionTrack[] } & ReturnType<typeof useCaptions>) {
  const { t } = useTranslation();
  const id = useId();
  if (tracks.length === 0) return null;
  return (
    <p className="captions">
      <label htmlFor={id}>{t('captions.choose')}</label>
      <select id={id} value={chosen} onChange={(event) => choose(event.target.value as Choice)}>
        <option value="off">{t('captions.off')}</option>
        {tracks.map((track) => (
          <option key={track.language} value={track.language} lang={track.language}>
            {track.label || t(`languages.${track.language}`)}
          </option>
        ))}
      </select>
    </p>
  );
}
