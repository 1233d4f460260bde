import { describe, expect, it } from 'vitest';
import { createFileSchema, type FileCommand, fileInputSchema } from '../../../events/file/commands';
import { fileDecider } from '../../../events/file/decider';
import type { FileEvent } from '../../../events/file/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(fileDecider);
const fileId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0200';
const ref = { fileId, path: 'contraception-leaflet' };
const details = fileInputSchema.parse({
  name: 'Contraception leaflet',
  url: 'https://example.org/leaflet.pdf',
});
const created: FileEvent = { type: 'FileCreated', data: { ...ref, ...details } };
const deleted: FileEvent = { type: 'FileDeleted', data: { ...ref, name: 'Contraception leaflet' } };
const changed = {
  ...details,
  name: 'Leaflet (2027)',
  url: '/files/leaflet-2027.docx',
  type: 'document' as const,
};

describe('file decider', () => {
  const table: {
    name: string;
    given: FileEvent[];
    when: FileCommand;
    thenEvents?: FileEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'creates a file',
      given: [],
      when: { type: 'CreateFile', data: { ...ref, details } },
      thenEvents: [created],
    },
    {
      name: 'refuses to create a file twice',
      given: [created],
      when: { type: 'CreateFile', data: { ...ref, details } },
      throws: ['CONFLICT', 'file.alreadyExists'],
    },
    {
      name: 'updates every field at once',
      given: [created],
      when: { type: 'UpdateFile', data: { details: changed } },
      thenEvents: [{ type: 'FileUpdated', data: { ...ref, ...changed } }],
    },
    {
      name: 'deletes, keeping the name for the history',
      given: [created],
      when: { type: 'DeleteFile' },
      thenEvents: [deleted],
    },
    {
      name: 'a missing file cannot change',
      given: [],
      when: { type: 'UpdateFile', data: { details } },
      throws: ['NOT_FOUND', 'file.notFound'],
    },
    {
      name: 'a deleted file cannot change',
      given: [created, deleted],
      when: { type: 'UpdateFile', data: { details: changed } },
      throws: ['NOT_FOUND', 'file.notFound'],
    },
    {
      name: 'a deleted file cannot be deleted again',
      given: [created, deleted],
      when: { type: 'DeleteFile' },
      throws: ['NOT_FOUND', 'file.notFound'],
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }

  it('folds updates into the state', () => {
    const state = [created, { type: 'FileUpdated', data: { ...ref, ...changed } } as FileEvent].reduce(
      fileDecider.evolve,
      fileDecider.initialState(),
    );
    expect(state).toEqual({ status: 'active', ...ref, details: changed });
  });
});

describe('file form schema (spec section 5)', () => {
  const issues = (file: object) =>
    fileInputSchema.safeParse(file).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
  it('requires a name and a url', () => {
    expect(issues({ name: '', url: '' })).toEqual(
      expect.arrayContaining([
        ['name', 'validation.required'],
        ['url', 'validation.required'],
      ]),
    );
  });
  it('refuses a url that is neither http(s) nor a path on the platform', () => {
    expect(issues({ name: 'Leaflet', url: 'javascript:alert(1)' })).toEqual([['url', 'validation.url']]);
    expect(issues({ name: 'Leaflet', url: 'https://example.org/a b.pdf' })).toEqual([
      ['url', 'validation.url'],
    ]);
  });
  it('guesses the type from the url unless chosen', () => {
    expect(fileInputSchema.parse({ name: 'A', url: 'https://x.org/a.PDF?v=2' }).type).toBe('pdf');
    expect(fileInputSchema.parse({ name: 'A', url: '/files/photo.jpg' }).type).toBe('image');
    expect(fileInputSchema.parse({ name: 'A', url: 'https://x.org/page' }).type).toBe('link');
    expect(fileInputSchema.parse({ name: 'A', url: 'https://x.org/a.pdf', type: 'other' }).type).toBe(
      'other',
    );
  });
  it('creates without a parent unless given one', () => {
    expect(createFileSchema.parse({ file: { name: 'A', url: '/files/a.pdf' } }).parent).toBeNull();
  });
});
