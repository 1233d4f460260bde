import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart, type Part } from '../support/multipart';
import { hugePng } from '../support/png';
import { addTestUser } from '../users';

/**
 * Input (ASVS V5; docs/security.md#input): text that cannot be stored, malformed multipart bodies
 * and GraphQL GET parameters, URLs of other schemes, and images too large or not images answer 4xx
 * with a message, never 500, and nothing of them is stored.
 */
describe.each(databaseKinds)('input hardening on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'input-test-'));
    platform = await startTestPlatform(kind, { env: { DATA_DIR: dataDir } });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    const { token } = await addTestUser(platform, { roles: ['admin'] });
    admin = { authorization: `Bearer ${token}`, 'x-language': 'en' };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mutate = (procedure: string, input: object, language = 'en') =>
    app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: input,
      headers: { ...admin, 'x-language': language },
    });
  const graphql = (query: string, variables: object, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, variables },
      headers: { ...admin, 'x-language': language },
    });
  const eventCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from events`.execute(platform.database.db)).rows[0]!
      .n;
  const storedUploads = () =>
    fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')).length : 0;

  it('a query that takes no input ignores unreadable input, as before the text guard', async () => {
    const me = await app.inject({ url: '/trpc/user.me?input=undefined', headers: admin });
    expect(me.statusCode, me.body).toBe(200);
    const search = await app.inject({ url: '/trpc/user.list?input=undefined', headers: admin });
    expect(search.statusCode).toBe(400);
  });

  const unstorable = {
    nul: 'Week\u0000one',
    'lone high surrogate': 'Week \ud800one',
    'lone low surrogate': '\udc00',
  };

  describe('text that cannot be stored', () => {
    for (const [label, name] of Object.entries(unstorable)) {
      it(`tRPC: a course name with a ${label} answers 400 with the field message and stores nothing`, async () => {
        const before = await eventCount();
        const response = await mutate('course.create', { course: { name, language: 'en' } }, 'nl');
        expect(response.statusCode).toBe(400);
        const error = response.json().error;
        expect(error.data.code).toBe('BAD_REQUEST');
        expect(error.data.fields).toEqual([
          {
            path: 'course.name',
            key: 'validation.text',
            message:
              'Deze tekst bevat een teken dat niet bewaard kan worden (een NUL-teken of een gebroken Unicode-teken).',
          },
        ]);
        expect(await eventCount()).toBe(before);
      });

      it(`GraphQL: createCourse with a ${label} answers success false with the message and stores nothing`, async () => {
        const before = await eventCount();
        const response = await graphql(
          'mutation ($doc: JSON!) { createCourse(doc: $doc) { success message } }',
          { doc: { name, language: 'en' } },
        );
        expect(response.statusCode).toBe(200);
        expect(response.json().data.createCourse).toEqual({
          success: false,
          message:
            'This text contains a character that cannot be stored (a NUL byte or a broken Unicode character).',
        });
        expect(await eventCount()).toBe(before);
      });
    }

    it('a field outside the shared text schemas (an image alt) is refused too: tRPC before the procedure, GraphQL before the append', async () => {
      const before = await eventCount();
      const course = { name: 'Alt text', language: 'en', image: { name: 'a.png', alt: 'a\u0000b' } };
      const response = await mutate('course.create', { course });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.data.fields).toEqual([
        expect.objectContaining({ path: 'course.image.alt', key: 'validation.text' }),
      ]);
      const viaGraphql = await graphql(
        'mutation ($doc: JSON!) { createCourse(doc: $doc) { success message } }',
        {
          doc: course,
        },
      );
      expect(viaGraphql.statusCode).toBe(200);
      expect(viaGraphql.json().data.createCourse).toEqual({
        success: false,
        message:
          'This text contains a character that cannot be stored (a NUL byte or a broken Unicode character).',
      });
      expect(await eventCount()).toBe(before);
    });

    it('a search (a read, no schema of the shared text ones) with a NUL or a lone surrogate answers 400, not 500', async () => {
      for (const search of ['a\u0000', '\ud800']) {
        const response = await app.inject({
          url: `/trpc/user.list?input=${encodeURIComponent(JSON.stringify({ search }))}`,
          headers: admin,
        });
        expect(response.statusCode, JSON.stringify(search)).toBe(400);
        expect(response.json().error.data.fields).toEqual([
          expect.objectContaining({ path: 'search', key: 'validation.text' }),
        ]);
      }
    });

    it('a well-formed pair (an emoji) is stored as before', async () => {
      const response = await mutate('course.create', { course: { name: 'Week 🌍 one', language: 'en' } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('malformed requests', () => {
    const upload = (contentType: string, payload: string | Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...admin, 'content-type': contentType },
        payload,
      });

    it('a multipart body without a boundary, cut off, or cut inside a file answers 400 and keeps nothing', async () => {
      const before = storedUploads();
      const cases: [string, string][] = [
        ['multipart/form-data', 'garbage'],
        ['multipart/form-data; boundary=x', 'garbage'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="quality"\r\n\r\n60',
        ],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc',
        ],
      ];
      for (const [contentType, body] of cases) {
        const response = await upload(contentType, body);
        expect(response.statusCode, `${contentType} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json()).toEqual({
          key: 'uploads.badRequest',
          message: 'This upload could not be read. Send one file.',
        });
      }
      expect(storedUploads()).toBe(before);
    });

    it('GraphQL GET with variables or extensions that are not JSON answers 400 with a message', async () => {
      for (const url of [
        '/graphql?query=%7B__typename%7D&variables=notjson',
        '/graphql?query=%7B__typename%7D&variables=%7B',
        '/graphql?query=%7B__typename%7D&extensions=%7B%22a%22',
      ]) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json', 'x-language': 'fr' },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors[0]).toEqual({
          message: "Cette requête n'a pas pu être lue. Vérifiez son format.",
          extensions: { code: 'BAD_REQUEST' },
        });
      }
      const fine = await app.inject({
        method: 'GET',
        url: '/graphql?query=%7B__typename%7D&variables=%7B%7D',
        headers: { accept: 'application/json' },
      });
      expect(fine.statusCode).toBe(200);
      expect(fine.json()).toEqual({ data: { __typename: 'Query' } });
    });
  });

  describe('only http(s) and site-relative URLs are stored', () => {
    const badUrls = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://example.org/video.mp4',
      '//evil.example/video.mp4',
      '/\\evil.example/video.mp4',
      'https://',
    ];
    let course: string;
    let module: string;

    beforeAll(async () => {
      course = (await mutate('course.create', { course: { name: 'Urls', language: 'en' } })).json().result
        .data.path;
      module = (await mutate('module.create', { module: { name: 'Urls module', language: 'en' } })).json()
        .result.data.path;
    });

    const refusedEverywhere = async (
      what: string,
      send: (
        url: string,
      ) => Promise<{ statusCode: number; json: () => { error: { data: { fields: unknown[] } } } }>,
      field: string,
      key = 'validation.url',
    ) => {
      for (const url of badUrls) {
        const before = await eventCount();
        const response = await send(url);
        expect(response.statusCode, `${what}: ${url}`).toBe(400);
        expect(response.json().error.data.fields, `${what}: ${url}`).toContainEqual(
          expect.objectContaining({ path: field, key }),
        );
        expect(await eventCount(), `${what}: ${url}`).toBe(before);
      }
    };

    it('a video element of a page', async () => {
      await refusedEverywhere(
        'video',
        (url) =>
          mutate('page.create', {
            parentType: 'module',
            parentPath: module,
            page: { name: 'Video', type: 'video', content: [{ type: 'video', name: 'clip', url }] },
          }),
        'page.content.0.url',
      );
      const fine = await mutate('page.create', {
        parentType: 'module',
        parentPath: module,
        page: {
          name: 'Video',
          type: 'video',
          content: [
            { type: 'video', name: 'clip', url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4' },
            { type: 'video', name: 'local', url: '/files/clip.mp4' },
          ],
        },
      });
      expect(fine.statusCode).toBe(200);
    });

    it('an interactive video', async () => {
      await refusedEverywhere(
        'interactive video',
        (url) =>
          mutate('page.create', {
            parentType: 'module',
            parentPath: module,
            page: { name: 'Interactive', type: 'interactive', interactiveVideo: { url } },
          }),
        'page.interactiveVideo.url',
      );
    });

    it('a recording and a breakout room of a classroom', async () => {
      const section = (classroom: object) =>
        mutate('section.create', {
          parentType: 'course',
          parentPath: course,
          section: { name: 'Live', language: 'en', classroom: { name: 'Live', type: 'jitsi', ...classroom } },
        });
      await refusedEverywhere(
        'recording',
        (url) => section({ recordings: [{ url, titel: 'Kick-off' }] }),
        'section.classroom.recordings.0.url',
      );
      await refusedEverywhere(
        'breakout room',
        (jitsi) =>
          section({
            breakoutrooms: [
              { name: 'Room 1', startdate: null, jitsi, roomNumber: 1, breakoutroomInteriorInfo: '' },
            ],
          }),
        'section.classroom.breakoutrooms.0.jitsi',
        'section.jitsiRequired',
      );
      const fine = await section({
        recordings: [{ url: 'https://example.org/recordings/kick-off.mp4', titel: '' }],
        breakoutrooms: [
          {
            name: 'Room 1',
            startdate: null,
            jitsi: 'https://meet.jit.si/room-1',
            roomNumber: 1,
            breakoutroomInteriorInfo: '',
          },
        ],
      });
      expect(fine.statusCode).toBe(200);
    });

    it('a file', async () => {
      await refusedEverywhere(
        'file',
        (url) => mutate('file.create', { file: { name: 'Doc', url } }),
        'file.url',
      );
      const fine = await mutate('file.create', { file: { name: 'Doc', url: '/files/doc.pdf' } });
      expect(fine.statusCode).toBe(200);
    });

    it('GraphQL refuses them too (createFile)', async () => {
      const before = await eventCount();
      const response = await graphql('mutation ($doc: JSON!) { createFile(doc: $doc) { success message } }', {
        doc: { name: 'Doc', url: '//evil.example/doc.pdf' },
      });
      expect(response.json().data.createFile).toEqual({
        success: false,
        message: 'Enter a valid web address.',
      });
      expect(await eventCount()).toBe(before);
    });
  });

  describe('images', () => {
    const send = (parts: Part[], language = 'en') => {
      const body = multipart(parts);
      return app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body.payload,
        headers: { ...admin, 'content-type': body.contentType, 'x-language': language },
      });
    };
    const jobs = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pgboss.job where name = 'image.derivatives'`.execute(
          platform.database.db,
        )
      ).rows[0]!.n;

    it('refuses a 16,000 × 16,000 px PNG (a small file) with 413 and a message, stores nothing, queues no job', async () => {
      const png = hugePng(16_000, 16_000);
      expect(png.length).toBeLessThan(200_000);
      expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width: 16_000,
        height: 16_000,
      });
      const [files, queued] = [storedUploads(), await jobs()];
      const response = await send(
        [{ name: 'file', value: png, filename: 'huge.png', type: 'image/png' }],
        'nl',
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        key: 'uploads.tooManyPixels',
        message: 'Deze afbeelding is te groot: 16000 × 16000 pixels (maximaal 50 megapixels).',
      });
      expect(storedUploads()).toBe(files);
      expect(await jobs()).toBe(queued);
    });

    it('refuses SVG bytes named .png (or sent as image/png), and bytes that are no image at all, with 415', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="red"/></svg>',
      );
      const [files, queued] = [storedUploads(), await jobs()];
      for (const part of [
        { name: 'file', value: svg, filename: 'drawing.png', type: 'image/png' },
        { name: 'file', value: svg, filename: 'drawing.png', type: 'application/octet-stream' },
        { name: 'file', value: svg, filename: 'drawing.svg', type: 'image/png' },
        { name: 'file', value: 'not an image', filename: 'photo.jpg', type: 'image/jpeg' },
      ]) {
        const response = await send([part]);
        expect(response.statusCode, part.filename).toBe(415);
        expect(response.json()).toEqual({
          key: 'uploads.notImage',
          message: 'Choose an image (PNG, JPEG, WebP or GIF).',
        });
      }
      expect(storedUploads()).toBe(files);
      expect(await jobs()).toBe(queued);
    });

    it('still takes png, jpeg, webp and gif images within the limit, and an SVG as a plain file', async () => {
      const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a6' } });
      for (const [format, type] of [
        ['png', 'image/png'],
        ['jpeg', 'image/jpeg'],
        ['webp', 'image/webp'],
        ['gif', 'image/gif'],
      ] as const) {
        const image = await base.clone().toFormat(format).toBuffer();
        const response = await send([{ name: 'file', value: image, filename: `picture.${format}`, type }]);
        expect(response.statusCode, format).toBe(201);
        expect(response.json().image, format).toBe(true);
      }
      const svg = await send([
        {
          name: 'file',
          value: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          filename: 'logo.svg',
          type: 'image/svg+xml',
        },
      ]);
      expect(svg.statusCode).toBe(201);
      expect(svg.json().image).toBe(false);
    });
  });
});

describe('IMAGE_MAX_MEGAPIXELS', () => {
  it('sets the limit: a 2000 × 1000 image is refused under a 1-megapixel limit', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'input-limit-test-'));
    const platform = await startTestPlatform('pglite', {
      env: { DATA_DIR: dataDir, IMAGE_MAX_MEGAPIXELS: '1' },
    });
    const app = await buildApp(platform, { clientRoot: '/nonexistent' });
    try {
      const { token } = await addTestUser(platform, { roles: ['admin'] });
      const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const body = multipart([{ name: 'file', value: png, filename: 'wide.png', type: 'image/png' }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body.payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(
        'This image is too large: 2000 × 1000 pixels (at most 1 megapixels).',
      );
    } finally {
      await app.close();
      await platform.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
