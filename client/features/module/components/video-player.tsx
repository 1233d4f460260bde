import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptionTrack } from '../../../../events/page/captions';
import { CaptionSelect, CaptionTracks, useCaptions } from './captions';

/** YouTube and Vimeo addresses become their embed players; anything else plays in a <video>. */
export function embedUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${parsed.pathname.slice(1)}`;
    if (host === 'youtube.com' || host === 'm.youtube.com') {
      const id = parsed.searchParams.get('v') ?? parsed.pathname.split('/embed/')[1];
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    }
    if (host === 'vimeo.com') return `https://player.vimeo.com/video/${parsed.pathname.slice(1)}`;
    if (host === 'player.vimeo.com' || host === 'youtube-nocookie.com') return url;
  } catch {
    return null;
  }
  return null;
}

/** A video by its address; an embedded player (YouTube, Vimeo) brings its own captions, a file the page's. */
export function VideoPlayer({
  url,
  title,
  tracks = [],
}: {
  url: string;
  title: string;
  tracks?: CaptionTrack[];
}) {
  const embed = embedUrl(url);
  return embed ? (
    <div className="video">
      <iframe
        src={embed}
        title={title}
        loading="lazy"
        allow="fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  ) : (
    <FileVideo url={url} title={title} tracks={tracks} />
  );
}

function FileVideo({ url, title, tracks }: { url: string; title: string; tracks: CaptionTrack[] }) {
  const { t } = useTranslation();
  const media = useRef<HTMLVideoElement>(null);
  const captions = useCaptions(media, tracks);
  return (
    <div>
      <div className="video">
        {/* biome-ignore lint/a11y/useMediaCaption: the page's caption tracks, when it has them */}
        <video ref={media} src={url} controls preload="metadata" title={title}>
          <CaptionTracks tracks={tracks} />
          <a href={url}>{t('pages.openVideo')}</a>
        </video>
      </div>
      <CaptionSelect tracks={tracks} {...captions} />
    </div>
  );
}
