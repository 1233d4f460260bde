import { describe, expect, it } from 'vitest';
import { pageDetailsSchema } from '../../../events/page/events';

/** Pages stored before videos had caption tracks read with none; new ones keep one per language. */
describe('caption tracks of a page', () => {
  const before = {
    name: 'Old page',
    type: 'interactive',
    content: [{ type: 'video', name: 'clip', url: '/files/clip.mp4' }],
    interactiveVideo: { show: true, url: '/files/clip.mp4', videoTime: 240, timestamps: [] },
    estimatedTime: 0,
  };

  it('reads a page stored without tracks as having none', () => {
    const page = pageDetailsSchema.parse(before);
    expect(page.content[0]).toMatchObject({ tracks: [] });
    expect(page.interactiveVideo?.tracks).toEqual([]);
  });

  it('keeps tracks, one per language, each a .vtt file; a label is optional', () => {
    const tracks = [
      { language: 'nl', url: '/files/0190-a/nl.vtt' },
      { language: 'en', url: 'https://cdn.example.org/en.vtt?v=2', label: 'English' },
    ];
    const page = pageDetailsSchema.parse({ ...before, content: [{ ...before.content[0], tracks }] });
    expect(page.content[0]).toMatchObject({
      tracks: [
        { language: 'nl', url: '/files/0190-a/nl.vtt', label: '' },
        { language: 'en', url: 'https://cdn.example.org/en.vtt?v=2', label: 'English' },
      ],
    });
    const refused = (tracks: object[]) =>
      pageDetailsSchema
        .safeParse({ ...before, content: [{ ...before.content[0], tracks }] })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(refused([tracks[0]!, { language: 'nl', url: '/files/0190-b/nl2.vtt' }])).toEqual([
      ['content.0.tracks.1.language', 'pageErrors.captionLanguageTwice'],
    ]);
    expect(refused([{ language: 'nl', url: '/files/0190-a/nl.srt' }])).toEqual([
      ['content.0.tracks.0.url', 'pageErrors.captionFile'],
    ]);
    expect(refused([{ language: 'nl', url: 'javascript:alert(1)//.vtt' }])).toEqual([
      ['content.0.tracks.0.url', 'pageErrors.captionFile'],
    ]);
    expect(refused([{ language: 'de', url: '/files/0190-a/de.vtt' }])?.[0]?.[0]).toBe(
      'content.0.tracks.0.language',
    );
  });
});
