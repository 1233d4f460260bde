import '../interactive-video.css';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InteractiveVideo as InteractiveVideoData } from '../../../../events/page/content';
import { DEFAULT_VIDEO_TIME_SECONDS } from '../../../../events/page/video-time';
import { CaptionSelect, CaptionTracks, useCaptions } from './captions';
import { PageTime } from './estimated-time';
import { embedUrl, VideoPlayer } from './video-player';
import { clockTime, dueStop, type Stop, timelineOf, videoSourceOf } from './video-timeline';

export interface InteractiveVideoProps {
  /** The page's `interactiveVideo`; nothing is shown when its `show` is off. */
  video: InteractiveVideoData;
  /** The video's accessible name (the page's name). */
  title: string;
  /** The page's questions with these names, in this order, as the learner answers them. */
  renderQuestions: (names: string[]) => ReactNode;
}

/**
 * An interactive video (docs/guide/modules-and-pages.md): playback pauses at each timestamp, the
 * referenced questions show in a region that takes focus, and 'Continue' plays on to the next
 * timestamp.
 *
 * - A media file (mp4, webm, ogg, wav, any direct address) plays in a <video>, followed through
 *   its `timeupdate` events (about four a second, so it pauses within a quarter second).
 * - YouTube plays through the YouTube IFrame API, loaded on demand; its position is polled. This
 *   path needs the internet and is not covered by the browser tests. When the API cannot load,
 *   the video is embedded as is and the questions are listed under it, as for other embeds.
 * - Other embeds (Vimeo) cannot be paused from here: the questions are listed per timestamp under
 *   the video, with their time.
 *
 * When stops fire, and seeking, are decided in ./video-timeline.ts. Playing on through the
 * player's own controls counts as 'Continue'. A stop shown once does not interrupt again; its
 * questions stay listed under the video with their time, to answer or change later. The expected
 * watch time is `videoTime`, 4 minutes when not set.
 */
export function InteractiveVideo({ video, title, renderQuestions }: InteractiveVideoProps) {
  const { t } = useTranslation();
  const stops = useMemo(() => timelineOf(video.timestamps), [video.timestamps]);
  const source = useMemo(() => videoSourceOf(video.url, embedUrl(video.url)), [video.url]);
  if (!video.show) return null;
  const watchSeconds = video.videoTime > 0 ? video.videoTime : DEFAULT_VIDEO_TIME_SECONDS;
  // A new video or new stops start over (nothing handled yet).
  const key = `${video.url} ${stops.map((stop) => stop.seconds).join(',')}`;
  return (
    <section className="interactive-video" aria-label={t('interactiveVideo.label')}>
      <p className="interactive-video__time">
        {t('interactiveVideo.watchTime')}: <PageTime seconds={watchSeconds} />
      </p>
      {source.kind === 'file' ? (
        <FilePlayer
          key={key}
          url={video.url}
          tracks={video.tracks ?? []}
          title={title}
          stops={stops}
          renderQuestions={renderQuestions}
        />
      ) : source.kind === 'youtube' ? (
        <YouTubePlayer
          key={key}
          id={source.id}
          url={video.url}
          title={title}
          stops={stops}
          renderQuestions={renderQuestions}
        />
      ) : (
        <>
          <VideoPlayer url={video.url} title={title} />
          <StopList stops={stops} title="listTitle" renderQuestions={renderQuestions} />
        </>
      )}
    </section>
  );
}

interface PlayerProps {
  title: string;
  stops: Stop[];
  renderQuestions: (names: string[]) => ReactNode;
}

/** What a player lets the stops do with it. */
interface Controls {
  position(): number;
  ended(): boolean;
  pause(): void;
  play(): void;
  focus(): void;
}

/**
 * The stop now showing, and the ones shown earlier. `check` is called with every position the
 * player reports; it pauses the player at a due stop. A stop counts as handled as soon as it shows.
 */
function useStops(stops: Stop[], controls: Controls) {
  const handled = useRef(new Set<number>());
  const showing = useRef<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [passed, setPassed] = useState<number[]>([]);
  // Read through refs, so the callbacks below never change (a player may hold on to them).
  const controlsRef = useRef(controls);
  controlsRef.current = controls;
  const stopsRef = useRef(stops);
  stopsRef.current = stops;

  const show = useCallback((position: number, ended: boolean): boolean => {
    const due = dueStop(stopsRef.current, position, handled.current, { ended });
    if (due === null) return false;
    handled.current.add(due);
    showing.current = due;
    setOpen(due);
    setPassed([...handled.current].sort((a, b) => a - b));
    return true;
  }, []);

  const check = useCallback(
    (position: number, ended = false) => {
      if (showing.current !== null) return;
      if (show(position, ended)) controlsRef.current.pause();
    },
    [show],
  );

  /** The player plays again (its own controls): the stop showing is done. */
  const played = useCallback(() => {
    showing.current = null;
    setOpen(null);
  }, []);

  /** 'Continue': the next stop if one is due already (after a seek past several), else play. */
  const proceed = useCallback(() => {
    const player = controlsRef.current;
    showing.current = null;
    setOpen(null);
    if (show(player.position(), player.ended())) return;
    if (!player.ended()) player.play();
    player.focus();
  }, [show]);

  /** The stops shown before, not the one showing: their questions stay at hand under the video. */
  const earlier = passed.filter((index) => index !== open).map((index) => stops[index]!);
  return { open, earlier, check, played, proceed };
}

/** Says how often a player that pauses will stop. */
function PausesNote({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return <p className="interactive-video__time">{t('interactiveVideo.pauses', { count })}</p>;
}

function StopPanel({
  stop,
  onContinue,
  renderQuestions,
}: {
  stop: Stop;
  onContinue: () => void;
  renderQuestions: (names: string[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);
  return (
    <section
      ref={region}
      className="interactive-video__stop"
      aria-labelledby={heading}
      tabIndex={-1}
      data-seconds={stop.seconds}
    >
      <h2 id={heading} className="interactive-video__heading">
        {t('interactiveVideo.questionsAt', { time: clockTime(stop.seconds) })}
      </h2>
      {renderQuestions(stop.references)}
      <p className="interactive-video__actions">
        <button type="button" className="button" onClick={onContinue}>
          {t('interactiveVideo.continue')} ▶
        </button>
      </p>
    </section>
  );
}

/**
 * Questions per stop with their time: every stop for players this page cannot pause, and the stops
 * already shown for the others (so a question passed unanswered can still be answered).
 */
function StopList({
  stops,
  title,
  renderQuestions,
}: Omit<PlayerProps, 'title'> & { title: 'listTitle' | 'earlierTitle' }) {
  const { t } = useTranslation();
  const heading = useId();
  if (stops.length === 0) return null;
  return (
    <section className="interactive-video__list" aria-labelledby={heading}>
      <h2 id={heading} className="interactive-video__heading">
        {t(`interactiveVideo.${title}`)}
      </h2>
      <ol className="interactive-video__stops">
        {stops.map((stop) => (
          <li key={stop.seconds} className="interactive-video__stop-item">
            <h3 className="interactive-video__at">
              {t('interactiveVideo.at', { time: clockTime(stop.seconds) })}
            </h3>
            {renderQuestions(stop.references)}
          </li>
        ))}
      </ol>
    </section>
  );
}

function FilePlayer({
  url,
  tracks,
  title,
  stops,
  renderQuestions,
}: PlayerProps & { url: string; tracks: InteractiveVideoData['tracks'] }) {
  const { t } = useTranslation();
  const media = useRef<HTMLVideoElement>(null);
  const captions = useCaptions(media, tracks);
  const { open, earlier, check, played, proceed } = useStops(stops, {
    position: () => media.current?.currentTime ?? Number.NaN,
    ended: () => media.current?.ended ?? false,
    pause: () => media.current?.pause(),
    // A refused play (no user gesture yet) leaves the native play control to the learner.
    play: () => void media.current?.play().catch(() => {}),
    focus: () => media.current?.focus(),
  });
  const stop = open === null ? undefined : stops[open];
  return (
    <>
      <PausesNote count={stops.length} />
      <div className="video">
        {/* biome-ignore lint/a11y/useMediaCaption: the page's caption tracks, when it has them */}
        <video
          ref={media}
          src={url}
          controls
          preload="metadata"
          title={title}
          onTimeUpdate={(event) => check(event.currentTarget.currentTime)}
          onEnded={(event) => check(event.currentTarget.currentTime, true)}
          onPlay={played}
        >
          <CaptionTracks tracks={tracks} />
          <a href={url}>{t('pages.openVideo')}</a>
        </video>
      </div>
      <CaptionSelect tracks={tracks} {...captions} />
      {stop && <StopPanel key={open} stop={stop} onContinue={proceed} renderQuestions={renderQuestions} />}
      <StopList stops={earlier} title="earlierTitle" renderQuestions={renderQuestions} />
    </>
  );
}

// ---- YouTube (IFrame API; needs the internet, so the browser tests do not reach it) ----

interface YouTubePlayerApi {
  getCurrentTime(): number;
  getPlayerState(): number;
  pauseVideo(): void;
  playVideo(): void;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}
interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      host?: string;
      playerVars?: Record<string, string | number>;
      events?: { onReady?: () => void; onStateChange?: (event: { data: number }) => void };
    },
  ) => YouTubePlayerApi;
}
declare global {
  interface Window {
    YT?: Partial<YouTubeNamespace>;
    onYouTubeIframeAPIReady?: () => void;
  }
}
const YT_ENDED = 0;
const YT_PLAYING = 1;

let youTubeApi: Promise<YouTubeNamespace> | null = null;

/** Loads https://www.youtube.com/iframe_api once; fails after 15 seconds or on a load error. */
function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT as YouTubeNamespace);
  youTubeApi ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const fail = () => {
      youTubeApi = null;
      reject(new Error('The YouTube player could not be loaded.'));
    };
    const timer = window.setTimeout(fail, 15_000);
    const before = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      before?.();
      window.clearTimeout(timer);
      resolve(window.YT as YouTubeNamespace);
    };
    const script = document.createElement('script');
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      fail();
    };
    document.head.append(script);
  });
  return youTubeApi;
}

function YouTubePlayer({
  id,
  url,
  title,
  stops,
  renderQuestions,
}: PlayerProps & { id: string; url: string }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayerApi | null>(null);
  const [failed, setFailed] = useState(false);
  const titleRef = useRef(title);
  titleRef.current = title;
  const { open, earlier, check, played, proceed } = useStops(stops, {
    position: () => player.current?.getCurrentTime() ?? Number.NaN,
    ended: () => player.current?.getPlayerState() === YT_ENDED,
    pause: () => player.current?.pauseVideo(),
    play: () => player.current?.playVideo(),
    focus: () => player.current?.getIframe().focus(),
  });

  useEffect(() => {
    let cancelled = false;
    let poll = 0;
    // The API replaces this element with its iframe; React only owns `host`.
    const frame = host.current;
    const target = document.createElement('div');
    frame?.append(target);
    loadYouTubeApi().then(
      (YT) => {
        if (cancelled) return;
        const created = new YT.Player(target, {
          videoId: id,
          host: 'https://www.youtube-nocookie.com',
          playerVars: { rel: 0, playsinline: 1, origin: window.location.origin },
          events: {
            onReady: () => {
              created.getIframe().title = titleRef.current;
            },
            onStateChange: ({ data }) => {
              if (data === YT_PLAYING) played();
              if (data === YT_ENDED) check(created.getCurrentTime(), true);
            },
          },
        });
        player.current = created;
        poll = window.setInterval(() => {
          if (created.getPlayerState?.() === YT_PLAYING) check(created.getCurrentTime());
        }, 250);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      window.clearInterval(poll);
      player.current?.destroy();
      player.current = null;
      frame?.replaceChildren();
    };
  }, [id, check, played]);

  if (failed) {
    return (
      <>
        <VideoPlayer url={url} title={title} />
        <StopList stops={stops} title="listTitle" renderQuestions={renderQuestions} />
      </>
    );
  }
  const stop = open === null ? undefined : stops[open];
  return (
    <>
      <PausesNote count={stops.length} />
      <div className="video" ref={host} />
      {stop && <StopPanel key={open} stop={stop} onContinue={proceed} renderQuestions={renderQuestions} />}
      <StopList stops={earlier} title="earlierTitle" renderQuestions={renderQuestions} />
    </>
  );
}
