import { describe, expect, it } from 'vitest';
import { insertAtCursor } from '../../client/features/page/admin/editor/insert-at-cursor';
import en from '../../client/locales/en.json' with { type: 'json' };
import fr from '../../client/locales/fr.json' with { type: 'json' };
import nl from '../../client/locales/nl.json' with { type: 'json' };
import {
  imageInsertSchema,
  imageMarkdown,
  imageOptionsSchema,
  uploadSizeSchema,
} from '../../events/upload/schema';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('upload sizes (label, width and height required)', () => {
  it('names each missing field with its own key', () => {
    expect(messages(uploadSizeSchema.safeParse({ label: '', width: '', height: '' }))).toEqual([
      ['label', 'uploads.labelRequired'],
      ['width', 'uploads.widthRequired'],
      ['height', 'uploads.heightRequired'],
    ]);
    expect(messages(uploadSizeSchema.safeParse({}))).toEqual([
      ['label', 'uploads.labelRequired'],
      ['width', 'uploads.widthRequired'],
      ['height', 'uploads.heightRequired'],
    ]);
  });

  it('reads numbers from form text and refuses out-of-range, fractional or clashing sizes', () => {
    expect(uploadSizeSchema.parse({ label: 'hero', width: '800', height: ' 400 ' })).toEqual({
      label: 'hero',
      width: 800,
      height: 400,
    });
    expect(messages(uploadSizeSchema.safeParse({ label: 'Hero!', width: 0, height: 1.5 }))).toEqual([
      ['label', 'uploads.labelFormat'],
      ['width', 'uploads.dimensionRange'],
      ['height', 'validation.wholeNumber'],
    ]);
    expect(
      messages(
        imageOptionsSchema.safeParse({
          sizes: [
            { label: 'main', width: 1, height: 1 },
            { label: 'x', width: 1, height: 1 },
            { label: 'x', width: 2, height: 2 },
          ],
        }),
      ),
    ).toEqual([
      ['sizes.0.label', 'uploads.labelTaken'],
      ['sizes.2.label', 'uploads.labelTaken'],
    ]);
  });

  it('defaults the quality to 60 and accepts only the spec choices', () => {
    expect(imageOptionsSchema.parse({})).toEqual({ quality: 60, sizes: [] });
    for (const quality of [40, 50, 60, 75, 90, 100]) {
      expect(imageOptionsSchema.parse({ quality: String(quality) }).quality).toBe(quality);
    }
    expect(messages(imageOptionsSchema.safeParse({ quality: '55' }))).toEqual([
      ['quality', 'uploads.qualityInvalid'],
    ]);
  });
});

describe('image insert (image required)', () => {
  it('asks for an image and writes markdown with the size class as title', () => {
    expect(messages(imageInsertSchema.safeParse({ url: ' ', alt: '', sizeClass: 'small' }))).toEqual([
      ['url', 'uploads.imageRequired'],
    ]);
    expect(imageMarkdown({ url: '/files/a b/x(1).png', alt: 'A [map]', sizeClass: 'banner' })).toBe(
      '![A \\[map\\]](/files/a%20b/x%281%29.png "banner")',
    );
  });

  it('inserts on a line of its own at the cursor, replacing a selection', () => {
    expect(insertAtCursor('ab', 'X', 1)).toEqual({ value: 'a\nX\nb', cursor: 3 });
    expect(insertAtCursor('', 'X', 0)).toEqual({ value: 'X', cursor: 1 });
    expect(insertAtCursor('a\n\nb', 'X', 2)).toEqual({ value: 'a\nX\nb', cursor: 3 });
    expect(insertAtCursor('one two', 'X', 4, 7)).toEqual({ value: 'one \nX', cursor: 6 });
  });

  it('has every uploads text in nl, en and fr, with the spec wording in Dutch', () => {
    const keys = keysOf(en.uploads);
    expect(keysOf(nl.uploads)).toEqual(keys);
    expect(keysOf(fr.uploads)).toEqual(keys);
    expect(nl.uploads.imageRequired).toBe('Kies een afbeelding.');
  });
});
