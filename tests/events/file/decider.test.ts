import { describe, expect, it } from 'vitest';
import { createFileSchema, type FileCommand, fileInputSchema } from '../../../events/file/commands';
import { fileDecider } from '../../../events/file/decider';
import { FileDeleted, type FileEvent } from '../../../events/file/events';
import { uploadIdOf } from '../../../events/file/uploads';
import { applyUpcasters } from '../../../events/registry';
import { REMOVE_UPLOAD_JOB } from '../../../jobs/file/remove-upload';
import { followUpsOf } from '../../../reactions/registry';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(fileDecider);
const fileId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0200';
const ref = { fileId, path: 'contraception-leaflet' };
const details = fileInputSchema.parse({
  name: 'Contraception leaflet',
  url: 'https://example.org/leaflet.pdf',
});
const created: FileEvent = { type: 'FileCreated', data: { ...ref, ...details } };
const deleted: FileEvent = {
  type: 'FileDeleted',
  data: { ...ref, name: 'Contraception leaflet', url: 'https://example.org/leaflet.pdf' },
};
const changed = {
  ...details,
  name: 'Leaflet (2027)',
  url: '/files/leaflet-2027.docx',
  type: 'document' as const,
};

const uploadId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0299';
const uploaded = { name: 'Poster', url: `/files/${uploadId}/poster.png`, type: 'image' as const };

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
      name: 'deletes with the url as it was last, so the upload it pointed at can be freed',
      given: [created, { type: 'FileUpdated', data: { ...ref, ...uploaded } }],
      when: { type: 'DeleteFile' },
      thenEvents: [{ type: 'FileDeleted', data: { ...ref, name: uploaded.name, url: uploaded.url } }],
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

describe('file form schema', () => {
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

describe('FileDeleted versions', () => {
  it('version 2 carries the url; a version 1 deletion reads with url null (its url is in the stream)', () => {
    expect(FileDeleted.schemaVersion).toBe(2);
    const v1 = { ...ref, name: 'Contraception leaflet' };
    const upcast = applyUpcasters(FileDeleted, 1, v1);
    expect(upcast).toEqual({ ...v1, url: null });
    expect(FileDeleted.schema.parse(upcast)).toEqual(upcast);
    expect(applyUpcasters(FileDeleted, 2, deleted.data)).toEqual(deleted.data);
    // An old deletion still folds: the file reads as deleted.
    const state = [created, { type: 'FileDeleted', data: upcast } as FileEvent].reduce(
      fileDecider.evolve,
      fileDecider.initialState(),
    );
    expect(state.status).toBe('deleted');
  });
});

describe('deleting a file that points at an upload (follow-up job)', () => {
  const settings = { publicUrl: 'https://learn.example.org' };
  const stored = (data: object) =>
    ({
      position: 7,
      stream: `file-${fileId}`,
      version: 2,
      type: 'FileDeleted',
      data,
      meta: { actorId: null, at: '2026-11-24T10:00:00.000Z' },
      recordedAt: new Date(),
    }) as never;

  it('asks the removal job for the upload, once per upload (singleton key)', () => {
    const followUps = followUpsOf(stored({ ...ref, name: 'Poster', url: uploaded.url }), settings);
    expect(followUps).toEqual([
      { job: REMOVE_UPLOAD_JOB, payload: { uploadId }, singletonKey: `upload-remove-${uploadId}` },
    ]);
    // A derivative's url and the platform's own absolute address name the same upload.
    for (const url of [
      `/files/${uploadId}/sizes/main.webp`,
      `https://learn.example.org/files/${uploadId}/poster.png`,
    ]) {
      expect(followUpsOf(stored({ ...ref, name: 'Poster', url }), settings)[0]?.payload).toEqual({
        uploadId,
      });
    }
  });

  it('asks nothing for a link elsewhere, another site’s /files/, an old deletion or a non-upload path', () => {
    for (const url of [
      'https://example.org/leaflet.pdf',
      `https://elsewhere.example.org/files/${uploadId}/poster.png`,
      '/files/leaflet-2027.docx',
      '/files/not-an-id/poster.png',
      `/files/${uploadId}/`,
      null,
    ]) {
      expect(followUpsOf(stored({ ...ref, name: 'Poster', url }), settings), String(url)).toEqual([]);
    }
  });

  it('uploadIdOf reads the id of /files/<id>/<name> only', () => {
    expect(uploadIdOf(uploaded.url)).toBe(uploadId);
    expect(uploadIdOf(`https://learn.example.org/files/${uploadId}/a.pdf`)).toBeNull();
    expect(
      uploadIdOf(`https://learn.example.org/files/${uploadId}/a.pdf`, 'https://learn.example.org/'),
    ).toBe(uploadId);
  });
});
