import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';

/**
 * Caption files (docs/guide/modules-and-pages.md#captions): uploaded like a video, checked as
 * WebVTT before anything is kept, served as text/vtt with the video's rights (an unguessable
 * address, like every upload); a page's videos carry them per language.
 */
const kinds = databaseKinds.flatMap((database) =>
  storageKinds.map((storage) => [database, storage] as const),
);

const vtt = 'WEBVTT\n\n00:00.500 --> 00:02.000\nWelkom.\n';

describe.each(kinds)('captions on %s with %s storage', (kind, storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let editor: string;
  let reader: string;

  const upload = (
    value: string | Buffer,
    filename: string,
    token?: string,
    language = 'en',
    type = 'text/vtt',
  ) => {
    const body = multipart([{ name: 'file', value, filename, type }]);
    return app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-language': language,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  };
  const trpc = (procedure: string, input: object, token: string) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: input,
      headers: { authorization: `Bearer ${token}`, 'x-language': 'nl' },
    });
  const read = async (procedure: string, input: object, token: string) =>
    (
      await app.inject({
        url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().result.data;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'captions-test-'));
    storage = await startTestStorage(storageKind, dataDir);
    platform = await startTestPlatform(kind, { env: storage.env });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    editor = (await addTestUser(platform, { roles: ['admin'] })).token;
    reader = (await addTestUser(platform, { roles: [] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a WebVTT file and serves it as text/vtt in UTF-8, to anyone with its address as a video is', async () => {
    const response = await upload(vtt, 'Les één.vtt', editor);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ name: 'Les-een.vtt', type: 'text/vtt; charset=utf-8', image: false });
    const served = await app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(vtt);
    // A .vtt sent as plain text is checked and served the same way: the name decides the type.
    const plain = await upload(vtt, 'nl.vtt', editor, 'en', 'text/plain');
    expect(plain.statusCode).toBe(201);
    const video = await upload(Buffer.from('RIFF'), 'clip.mp4', editor, 'en', 'video/mp4');
    const servedVideo = await app.inject({ method: 'GET', url: video.json().url });
    expect(servedVideo.statusCode).toBe(200);
  });

  it("refuses an invalid caption file in the uploader's language and keeps nothing of it", async () => {
    const before = await storage.uploadFolders();
    const cases = [
      [
        '00:00.500 --> 00:02.000\nGeen kop.\n',
        422,
        'captionAdmin.errors.header',
        'de eerste regel moet WEBVTT zijn',
      ],
      [
        'WEBVTT\n\n00:00,500 --> 00:02,000\nKomma.\n',
        422,
        'captionAdmin.errors.timing',
        'Regel 3 heeft geen geldige tijdcode',
      ],
      [
        Buffer.from([...Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nCaf'), 0xe9]),
        422,
        'captionAdmin.errors.encoding',
        'UTF-8',
      ],
      ['WEBVTT\n', 422, 'captionAdmin.errors.noCues', 'geen ondertitels'],
      [
        `WEBVTT\n\n${'00:01.000 --> 00:02.000\nHallo\n\n'.repeat(40_000)}`,
        413,
        'captionAdmin.errors.tooLarge',
        'maximaal 1 MB',
      ],
    ] as const;
    for (const [body, status, key, message] of cases) {
      const response = await upload(body, 'ondertitels.vtt', editor, 'nl');
      expect(response.statusCode, key).toBe(status);
      expect(response.json().key).toBe(key);
      expect(response.json().message).toContain(message);
    }
    const french = await upload('Pas de WEBVTT', 'sous-titres.vtt', editor, 'fr');
    expect(french.json().message).toBe(
      "Ce n'est pas un fichier WebVTT : sa première ligne doit être WEBVTT.",
    );
    expect(await storage.uploadFolders()).toEqual(before);
  });

  it('lets only who may create content upload a caption file', async () => {
    const before = await storage.uploadFolders();
    expect((await upload(vtt, 'nl.vtt')).statusCode).toBe(401);
    expect((await upload(vtt, 'nl.vtt', reader)).statusCode).toBe(403);
    // Not as a profile picture either.
    const body = multipart([
      { name: 'purpose', value: 'profile' },
      { name: 'file', value: vtt, filename: 'nl.vtt', type: 'text/vtt' },
    ]);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${reader}` },
    });
    expect(profile.statusCode).toBe(415);
    expect(await storage.uploadFolders()).toEqual(before);
  });

  it("keeps a video's and an interactive video's tracks, one per language, and gives them to learners", async () => {
    const nl = (await upload(vtt, 'nl.vtt', editor)).json().url as string;
    const en = (await upload(vtt.replace('Welkom', 'Welcome'), 'en.vtt', editor)).json().url as string;
    const modulePath = `captions-${kind}-${storageKind}`;
    expect(
      (
        await trpc(
          'module.create',
          { path: modulePath, module: { name: 'Captions', language: 'nl' } },
          editor,
        )
      ).statusCode,
    ).toBe(200);
    const tracks = [
      { language: 'nl', url: nl },
      { language: 'en', url: en, label: 'English (CC)' },
    ];
    const stored = [
      { language: 'nl', url: nl, label: '' },
      { language: 'en', url: en, label: 'English (CC)' },
    ];
    const create = (page: object) =>
      trpc('page.create', { parentType: 'module', parentPath: modulePath, page }, editor);
    const video = await create({
      name: 'Met ondertitels',
      type: 'video',
      content: [
        { type: 'video', name: 'clip', url: 'https://video.example.org/clip.mp4', tracks },
        { type: 'video', name: 'old', url: 'https://video.example.org/old.mp4' },
      ],
    });
    expect(video.statusCode).toBe(200);
    const interactive = await create({
      name: 'Interactief met ondertitels',
      type: 'interactive',
      content: [{ type: 'textarea', questionType: 'open', name: 'why', label: 'Waarom?', schema: {} }],
      interactiveVideo: {
        url: '/files/clip.mp4',
        timestamps: [{ hh: 0, mm: 0, ss: 1, references: ['why'] }],
        tracks,
      },
    });
    expect(interactive.statusCode).toBe(200);

    const page = await read('page.byPath', { path: video.json().result.data.path }, reader);
    expect(page.content.map((element: { tracks: unknown }) => element.tracks)).toEqual([stored, []]);
    const watched = await read('page.byPath', { path: interactive.json().result.data.path }, reader);
    expect(watched.interactiveVideo.tracks).toEqual(stored);

    // Two tracks in one language, or a file that is not WebVTT, are refused at their field.
    const twice = await create({
      name: 'Twee keer Nederlands',
      type: 'video',
      content: [
        {
          type: 'video',
          name: 'clip',
          url: 'https://video.example.org/clip.mp4',
          tracks: [tracks[0], { language: 'nl', url: en }],
        },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('content.0.tracks.1.language');
    const notVtt = await create({
      name: 'Geen vtt',
      type: 'interactive',
      content: [],
      interactiveVideo: { url: '/files/clip.mp4', tracks: [{ language: 'fr', url: '/files/x/notes.srt' }] },
    });
    expect(notVtt.statusCode).toBe(400);
    expect(JSON.stringify(notVtt.json())).toContain('interactiveVideo.tracks.0.url');
  });
});
