import { useTranslation } from 'react-i18next';

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

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const embed = embedUrl(url);
  return (
    <div className="video">
      {embed ? (
        <iframe
          src={embed}
          title={title}
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: captions come with the uploaded video, when it has them
        <video src={url} controls preload="metadata" title={title}>
          <a href={url}>{t('pages.openVideo')}</a>
        </video>
      )}
    </div>
  );
}
