import { describe, expect, it } from 'vitest';
import { fileInputSchema } from '../../../events/file/commands';
import { fileDetailsSchema } from '../../../events/file/events';
import { interactiveVideoInputSchema, videoElementSchema } from '../../../events/page/content';
import { breakoutRoomSchema, recordingSchema } from '../../../events/section/events';
import {
  imageInputSchema,
  imageSchema,
  isStorableText,
  isWebUrl,
  optionalText,
  requiredText,
  unstorableTextIn,
  webUrl,
} from '../../../events/shared/fields';
import { imageInsertSchema } from '../../../events/upload/schema';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('storable text', () => {
  it.each([
    ['plain text', 'Week one', true],
    ['accents and other scripts', 'été · Ωμέγα · 日本語', true],
    ['an emoji (a surrogate pair)', 'Hello 🌍', true],
    ['an empty string', '', true],
    ['a NUL byte', 'a\u0000b', false],
    ['a NUL byte at the end', 'end\u0000', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone high surrogate at the end', 'a\ud83c', false],
    ['a lone low surrogate', '\udc00a', false],
    ['two high surrogates', '\ud83c\ud83c\udf0d', false],
    ['a reversed pair', '\udf0d\ud83c', false],
  ])('%s: %s', (_label, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('requiredText and optionalText refuse it with the field message validation.text', () => {
    expect(messagesOf(requiredText(100).safeParse('a\u0000b'))).toEqual(['validation.text']);
    expect(messagesOf(requiredText(100).safeParse('a\ud800b'))).toEqual(['validation.text']);
    expect(messagesOf(optionalText(100).safeParse('\udc00'))).toEqual(['validation.text']);
    expect(requiredText(100).parse('  Week 🌍 one ')).toBe('Week 🌍 one');
    expect(optionalText(100).parse('')).toBe('');
  });

  it('unstorableTextIn names the first string (or key) that cannot be stored, at any depth', () => {
    expect(unstorableTextIn({ name: 'ok', list: [{ a: 'fine' }] })).toBeNull();
    expect(unstorableTextIn({ name: 'ok', list: [{ a: 'fine' }, { a: 'x\u0000' }] })).toBe('list.1.a');
    expect(unstorableTextIn({ image: { alt: '\ud800' } })).toBe('image.alt');
    expect(unstorableTextIn({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(unstorableTextIn(['a', 1, null, true])).toBeNull();
  });
});

describe('web addresses', () => {
  const good = [
    'https://www.youtube.com/watch?v=ScMzIvxBSi4',
    'http://example.org',
    'HTTPS://EXAMPLE.ORG/Video.mp4',
    'https://meet.jit.si/room 1',
    '/files/0192/clip.mp4',
    '/',
    '/path?x=1#top',
  ];
  const bad = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/a',
    'mailto:a@example.org',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example',
    '\\\\evil.example',
    'https://',
    'https:/',
    'example.org/video.mp4',
    'video.mp4',
    '',
    'https://example.org/\u0000',
  ];
  it.each(good)('takes %s', (url) => expect(isWebUrl(url)).toBe(true));
  it.each(bad)('refuses %j', (url) => expect(isWebUrl(url)).toBe(false));

  it('webUrl trims, and answers its message key for empty and refused addresses', () => {
    expect(webUrl().parse('  https://example.org/a ')).toBe('https://example.org/a');
    expect(messagesOf(webUrl().safeParse('javascript:alert(1)'))).toEqual(['validation.url']);
    expect(messagesOf(webUrl().safeParse(''))).toEqual(['validation.url']);
    expect(messagesOf(webUrl().safeParse('javascript:alert(1)'.padEnd(2001, 'x')))).toEqual([
      'validation.tooLong',
      'validation.url',
    ]);
    expect(messagesOf(webUrl('section.jitsiRequired').safeParse('//meet.example'))).toEqual([
      'section.jitsiRequired',
    ]);
    expect(messagesOf(webUrl().safeParse('https://example.org/\ud800'))).toEqual(['validation.url']);
  });

  it('every stored URL field uses it: videos, interactive videos, recordings, breakout rooms, files, inserted images', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/x']) {
      expect(videoElementSchema.safeParse({ type: 'video', name: 'v', url }).success, url).toBe(false);
      expect(interactiveVideoInputSchema.safeParse({ url }).success, url).toBe(false);
      expect(recordingSchema.safeParse({ url, titel: '' }).success, url).toBe(false);
      expect(
        breakoutRoomSchema.safeParse({
          name: 'Room',
          startdate: null,
          jitsi: url,
          roomNumber: 1,
          breakoutroomInteriorInfo: '',
        }).success,
        url,
      ).toBe(false);
      expect(messagesOf(fileInputSchema.safeParse({ name: 'Doc', url })), url).toEqual(['validation.url']);
      expect(fileDetailsSchema.safeParse({ name: 'Doc', url, type: 'link' }).success, url).toBe(false);
      expect(imageInsertSchema.safeParse({ url, alt: '', sizeClass: 'medium' }).success, url).toBe(false);
    }
    expect(imageInsertSchema.parse({ url: '/files/a/photo.png', alt: '', sizeClass: 'medium' }).url).toBe(
      '/files/a/photo.png',
    );
    expect(fileInputSchema.parse({ name: 'Doc', url: '/files/a/doc.pdf' })).toMatchObject({ type: 'pdf' });
    expect(messagesOf(fileInputSchema.safeParse({ name: 'Doc', url: '' }))).toEqual(['validation.required']);
    expect(
      messagesOf(fileInputSchema.safeParse({ name: 'Doc', url: 'https://example.org/a b.pdf' })),
    ).toEqual(['validation.url']);
  });
});

describe('item images', () => {
  it('asks an image set by a form or an integrator for its alternative text', () => {
    const refused = imageInputSchema.safeParse({ name: '/files/a/b.png', alt: '  ' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['alt', 'validation.altRequired'],
    ]);
    expect(imageInputSchema.parse({ name: '/files/a/b.png', alt: ' A river ' }).alt).toBe('A river');
  });

  it('still reads an image stored before that rule, without one', () => {
    expect(imageSchema.safeParse({ name: 'e.jpg', alt: '' }).success).toBe(true);
  });
});
