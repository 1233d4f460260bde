import { describe, expect, it } from 'vitest';
import { embedUrl } from '../../client/features/module/components/video-player';
import {
  clockTime,
  dueStop,
  type Stop,
  timelineOf,
  videoSourceOf,
} from '../../client/features/module/components/video-timeline';
import en from '../../client/locales/en.json' with { type: 'json' };
import fr from '../../client/locales/fr.json' with { type: 'json' };
import nl from '../../client/locales/nl.json' with { type: 'json' };

const at = (timestampInSeconds: number, ...references: string[]) => ({ timestampInSeconds, references });

describe('timelineOf', () => {
  it('orders the stops by time and merges timestamps at the same second', () => {
    expect(timelineOf([at(90, 'b'), at(10, 'a'), at(90, 'c', 'b'), at(45.6, 'd')])).toEqual([
      { seconds: 10, references: ['a'] },
      { seconds: 45, references: ['d'] },
      { seconds: 90, references: ['b', 'c'] },
    ]);
  });

  it('leaves out timestamps that reference no question', () => {
    expect(timelineOf([at(5), at(20, 'q1')])).toEqual([{ seconds: 20, references: ['q1'] }]);
    expect(timelineOf([])).toEqual([]);
  });
});

describe('dueStop', () => {
  const stops: Stop[] = [
    { seconds: 0, references: ['intro'] },
    { seconds: 30, references: ['q1'] },
    { seconds: 60, references: ['q2'] },
    { seconds: 90, references: ['q3'] },
  ];
  const none = new Set<number>();

  it('is the stop the position has just reached', () => {
    expect(dueStop(stops, 0, none)).toBe(0);
    expect(dueStop(stops, 29.9, new Set([0]))).toBeNull();
    expect(dueStop(stops, 30, new Set([0]))).toBe(1);
    expect(dueStop(stops, 30.25, new Set([0]))).toBe(1);
  });

  it('is nothing once the stops reached are handled', () => {
    expect(dueStop(stops, 45, new Set([0, 1]))).toBeNull();
    expect(dueStop(stops, 500, new Set([0, 1, 2, 3]))).toBeNull();
  });

  it('after a seek forward past several stops, is the first unhandled one passed, then the next', () => {
    const handled = new Set([0]);
    expect(dueStop(stops, 75, handled)).toBe(1);
    handled.add(1);
    expect(dueStop(stops, 75, handled)).toBe(2);
    handled.add(2);
    expect(dueStop(stops, 75, handled)).toBeNull();
  });

  it('does not show a handled stop again after seeking back before it', () => {
    const handled = new Set([0, 1, 2]);
    expect(dueStop(stops, 10, handled)).toBeNull();
    expect(dueStop(stops, 60, handled)).toBeNull();
    expect(dueStop(stops, 90, handled)).toBe(3);
  });

  it('seeking back before a stop that was skipped shows it again when it is reached', () => {
    // Stop 1 passed unhandled only if it was never reached; seeking back and playing reaches it.
    expect(dueStop(stops, 20, new Set([0]))).toBeNull();
    expect(dueStop(stops, 31, new Set([0]))).toBe(1);
  });

  it('at the end of the media, every stop left is due, also one after the end', () => {
    const beyond: Stop[] = [...stops, { seconds: 3600, references: ['late'] }];
    expect(dueStop(beyond, 120, new Set([0, 1, 2, 3]), { ended: true })).toBe(4);
    expect(dueStop(beyond, 120, new Set([0, 1, 2, 3]))).toBeNull();
    expect(dueStop(beyond, 120, new Set([0, 1, 2, 3, 4]), { ended: true })).toBeNull();
  });

  it('is nothing while the position is unknown', () => {
    expect(dueStop(stops, Number.NaN, none)).toBeNull();
    expect(dueStop([], 10, none)).toBeNull();
  });
});

describe('clockTime', () => {
  it('shows minutes and seconds, and hours from an hour on', () => {
    expect(clockTime(0)).toBe('00:00');
    expect(clockTime(90)).toBe('01:30');
    expect(clockTime(59.9)).toBe('00:59');
    expect(clockTime(3599)).toBe('59:59');
    expect(clockTime(3723)).toBe('1:02:03');
  });
});

describe('videoSourceOf', () => {
  const source = (url: string) => videoSourceOf(url, embedUrl(url));

  it('recognises the YouTube addresses and their video id', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=30',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(source(url)).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    }
  });

  it('plays Vimeo as an embed and any other address as a media file', () => {
    expect(source('https://vimeo.com/76979871')).toEqual({ kind: 'embed' });
    expect(source('https://player.vimeo.com/video/76979871')).toEqual({ kind: 'embed' });
    for (const url of [
      'https://example.org/clip.mp4',
      'https://example.org/clip.webm',
      'https://example.org/clip.ogg',
      'http://127.0.0.1:3000/files/0190/lecture.wav',
      'https://example.org/stream?id=4',
    ]) {
      expect(source(url)).toEqual({ kind: 'file' });
    }
  });
});

describe('the interactive video texts', () => {
  it('are there in nl, en and fr', () => {
    const keys = ['label', 'watchTime', 'pauses_one', 'pauses_other', 'questionsAt', 'continue'];
    keys.push('listTitle', 'earlierTitle', 'at');
    for (const catalogue of [nl, en, fr]) {
      const texts: Record<string, string> = catalogue.interactiveVideo;
      expect(keys.filter((key) => !texts[key]?.trim())).toEqual([]);
      expect(texts.questionsAt).toContain('{{time}}');
      expect(texts.at).toContain('{{time}}');
    }
  });
});
