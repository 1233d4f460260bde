import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { fieldProblem } from '../../events/errors';
import { can } from '../../events/permissions';
import { imageMimeTypes, imageOptionsSchema, type UploadSize } from '../../events/upload/schema';
import {
  type Derivative,
  imageDerivativesJob,
  inspectImage,
  manifestKey,
} from '../../jobs/images/derivatives';
import { noInput } from '../http/schemas';
import { requestLanguage, translator } from '../i18n';
import { loadSharp } from '../ops/native-sharp';
import type { Platform } from '../platform';
import {
  byteRange,
  contentTypeOf,
  type FileStorage,
  fileStorage,
  isSafeKey,
  isUploadId,
  safeFileName,
} from './storage';
import { admitUpload, inMegabytes } from './upload-ledger';
import { captionLimitBytes, type WebVttProblem, webVttProblem } from './webvtt';

/** The largest upload accepted (25 MB). */
const uploadLimitBytes = 25 * 1024 * 1024;

export interface UploadAnswer {
  id: string;
  url: string;
  name: string;
  type: string;
  size: number;
  /** True when derivatives are being made (an image); poll /api/uploads/<id>/derivatives. */
  image: boolean;
}

/** A caption file, by its content type or by its name (the type it is served with). */
const isCaption = (upload: { type: string; name: string }) =>
  upload.type === 'text/vtt' || contentTypeOf(upload.name).startsWith('text/vtt');

/** The answer refusing a caption file: too large 413, otherwise 422, naming the line where it can. */
function captionRefusal(t: ReturnType<typeof translator>, problem: WebVttProblem) {
  const key = `captionAdmin.errors.${problem.reason}` as const;
  const message =
    problem.reason === 'timing'
      ? t(key, { line: problem.line })
      : t(key, { megabytes: captionLimitBytes / 1024 / 1024 });
  return { status: problem.reason === 'tooLarge' ? 413 : 422, body: { key, message } };
}

/** A sized copy of an image upload (`<id>/sizes/<label>.webp`); the manifest is not one. */
const derivativePattern = /^[^/]+\/sizes\/(?!manifest\.json$)[^/]+\.webp$/;

const fileHeaders = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // An uploaded SVG or HTML file never runs script on this origin.
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
};

/**
 * A body the multipart parser could not read (no boundary, cut off, broken part headers): busboy
 * and @fastify/multipart throw plain errors or `FST_` codes, while the file store's own failures
 * (a full disk, say) are system errors with an errno and stay 500s.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  if (typeof code === 'string') return code.startsWith('FST_');
  return errno === undefined;
}

function fieldProblems(
  t: ReturnType<typeof translator>,
  issues: { path: PropertyKey[]; message: string; code: string }[],
) {
  return issues.map((issue) => fieldProblem(issue, t));
}

/** Thrown when the first file part arrives from someone its fields do not allow to upload. */
class UploadNotAllowed extends Error {}

/**
 * Anyone signed in may upload their own profile picture (field `purpose=profile`, before the file):
 * an image only, with the standard sizes. Everything else needs the create right.
 */
const isProfileUpload = (fields: Record<string, string>) => fields.purpose === 'profile';

async function readUpload(
  request: FastifyRequest,
  storage: FileStorage,
  allowed: (fields: Record<string, string>) => boolean,
): Promise<
  { id: string; name: string; type: string; size: number; fields: Record<string, string> } | 'none'
> {
  const fields: Record<string, string> = {};
  let stored: { id: string; name: string; type: string; size: number } | null = null;
  let started: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (started) {
        part.file.resume();
        continue;
      }
      if (!allowed(fields)) {
        part.file.resume();
        throw new UploadNotAllowed();
      }
      started = uuidv7();
      const name = safeFileName(part.filename || 'file');
      const size = await storage.put(`${started}/${name}`, part.file);
      if (part.file.truncated)
        throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      stored = { id: started, name, type: part.mimetype, size };
    }
  } catch (error) {
    // Nothing of a refused or broken upload stays behind.
    if (started) await storage.remove(started).catch(() => {});
    throw error;
  }
  return stored ? { ...stored, fields } : 'none';
}

/** An upload's id in an address; any other text answers 404 (below), as an unknown id does. */
const uploadParams = z.strictObject({ id: z.string() });
/** A stored file's key after `/files/`: its upload's id, then its name (checked by isSafeKey). */
const fileParams = z.strictObject({ '*': z.string() });

/**
 * POST /api/uploads (multipart, one file; fields `quality` and `sizes` for images) and
 * GET /files/<id>/<name> (the stored files, cached for a year). See docs/operations/storage.md.
 */
export const uploadRoutes = fp(
  async (parent: FastifyInstance, { platform }: { platform: Platform }) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const storage = fileStorage(platform.config);

    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: uploadLimitBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
      });

      // The body is a multipart stream, read part by part (readUpload) so a file is never held in
      // memory; its fields are checked there (imageOptionsSchema), its size by the multipart limits.
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/uploads',
          { schema: noInput, config: { apiScope: 'content:write' } },
          async (request, reply) => {
            const t = translator(requestLanguage(request.headers));
            const actor = await request.actor;
            if (!actor) return reply.code(401).send({ message: t('errors.unauthenticated') });
            const mayCreate = can(actor, 'create');
            const forbidden = () => reply.code(403).send({ message: t('errors.forbidden') });
            if (!request.isMultipart()) {
              if (!mayCreate) return forbidden();
              return reply
                .code(400)
                .send({ key: 'uploads.fileRequired', message: t('uploads.fileRequired') });
            }
            let upload: Awaited<ReturnType<typeof readUpload>>;
            try {
              upload = await readUpload(request, storage, (fields) => mayCreate || isProfileUpload(fields));
            } catch (error) {
              if (error instanceof UploadNotAllowed) return forbidden();
              const code = (error as { code?: string }).code;
              if (code === 'FST_REQ_FILE_TOO_LARGE') {
                return reply.code(413).send({
                  key: 'uploads.tooLarge',
                  message: t('uploads.tooLarge', { megabytes: uploadLimitBytes / 1024 / 1024 }),
                });
              }
              if (isMalformedMultipart(error)) {
                return reply.code(400).send({ key: 'uploads.badRequest', message: t('uploads.badRequest') });
              }
              throw error;
            }
            if (upload === 'none') {
              if (!mayCreate) return forbidden();
              return reply
                .code(400)
                .send({ key: 'uploads.fileRequired', message: t('uploads.fileRequired') });
            }
            // An image by its content type or by its name (the type it is served with) must decode to
            // png, jpeg, webp or gif within the pixel limit before anything else happens to it.
            const image = [upload.type, contentTypeOf(upload.name)].some((type) =>
              (imageMimeTypes as readonly string[]).includes(type),
            );
            const profileOnly = !mayCreate;
            if (!profileOnly && isCaption(upload)) {
              // Checked before it is booked: a refused caption file leaves nothing behind.
              const problem =
                upload.size > captionLimitBytes
                  ? ({ reason: 'tooLarge' } as const)
                  : webVttProblem(await storage.read(`${upload.id}/${upload.name}`));
              if (problem) {
                await storage.remove(upload.id);
                const refusal = captionRefusal(t, problem);
                return reply.code(refusal.status).send(refusal.body);
              }
            }
            let derivatives: { quality: number; sizes: UploadSize[] } | null = null;
            if (profileOnly && !image) {
              await storage.remove(upload.id);
              return reply.code(415).send({ key: 'uploads.notImage', message: t('uploads.notImage') });
            }
            if (image) {
              const maxPixels = platform.config.IMAGE_MAX_MEGAPIXELS * 1_000_000;
              const inspection = await inspectImage(
                await loadSharp(),
                await storage.read(`${upload.id}/${upload.name}`),
                maxPixels,
              );
              if (!inspection.ok) {
                await storage.remove(upload.id);
                if (inspection.reason === 'format') {
                  return reply.code(415).send({ key: 'uploads.notImage', message: t('uploads.notImage') });
                }
                const { width, height } = inspection;
                return reply.code(413).send({
                  key: 'uploads.tooManyPixels',
                  message: t('uploads.tooManyPixels', {
                    width,
                    height,
                    megapixels: platform.config.IMAGE_MAX_MEGAPIXELS,
                  }),
                });
              }
              let sizes: unknown = [];
              try {
                sizes = upload.fields.sizes ? JSON.parse(upload.fields.sizes) : [];
              } catch {
                sizes = 'not json';
              }
              const options = imageOptionsSchema.safeParse({
                quality: upload.fields.quality,
                sizes: profileOnly ? [] : sizes,
              });
              if (!options.success) {
                await storage.remove(upload.id);
                return reply.code(400).send({
                  key: 'errors.invalidInput',
                  message: t('errors.invalidInput'),
                  fields: fieldProblems(t, options.error.issues),
                });
              }
              derivatives = { quality: options.data.quality, sizes: options.data.sizes };
            }
            // Booked to its owner only now that it is accepted: the quota, and a profile picture replacing
            // an unused earlier one (upload-ledger.ts).
            const admission = await admitUpload(platform, actor, {
              id: upload.id,
              bytes: upload.size,
              purpose: isProfileUpload(upload.fields) ? 'profile' : 'content',
            });
            if (!admission.admitted) {
              await storage.remove(upload.id);
              return reply.code(413).send({
                key: 'uploads.quotaExceeded',
                message: t('uploads.quotaExceeded', {
                  megabytes: inMegabytes(admission.quotaBytes),
                  used: inMegabytes(admission.usedBytes),
                }),
              });
            }
            if (derivatives) {
              // Outside any transaction: the upload is on disk already; the job makes the sizes.
              await platform.jobs.boss.send(imageDerivativesJob.name, {
                uploadId: upload.id,
                name: upload.name,
                ...derivatives,
              });
            }
            const answer: UploadAnswer = {
              id: upload.id,
              url: `/files/${upload.id}/${upload.name}`,
              name: upload.name,
              type: contentTypeOf(upload.name),
              size: upload.size,
              image,
            };
            return reply.code(201).send(answer);
          },
        );
    });

    /** Which derivatives of an image upload exist; `done` once all of them are made. */
    app.get(
      '/api/uploads/:id/derivatives',
      { schema: { params: uploadParams, ...noInput }, config: { apiScope: 'content:write' } },
      async (request, reply) => {
        const { id } = request.params;
        if (!isUploadId(id)) return reply.code(404).send({ message: 'Not found' });
        const manifest = await storage.open(manifestKey(id));
        if (!manifest) return { done: false, derivatives: [] as Derivative[] };
        const chunks: Buffer[] = [];
        for await (const chunk of manifest.stream) chunks.push(chunk as Buffer);
        return {
          done: true,
          derivatives: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Derivative[],
        };
      },
    );

    /**
     * A sized copy the derivatives job has not made yet: the upload itself stands in, uncached, so an
     * image shows from the moment it is saved and its copy is fetched once it exists. Null for any
     * other missing key.
     */
    const standIn = async (key: string, reply: FastifyReply) => {
      if (!derivativePattern.test(key)) return null;
      const uploadId = key.split('/')[0]!;
      const [original] = await storage.list(uploadId);
      if (!original) return null;
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/files/${uploadId}/${encodeURIComponent(original)}`, 307);
    };
    const notFound = async (key: string, reply: FastifyReply) =>
      (await standIn(key, reply)) ?? reply.code(404).send({ message: 'Not found' });

    const serve = async (
      request: FastifyRequest<{ Params: z.output<typeof fileParams> }>,
      reply: FastifyReply,
    ) => {
      let key: string;
      try {
        key = decodeURIComponent(request.params['*'] ?? '');
      } catch {
        return reply.code(404).send({ message: 'Not found' });
      }
      if (!isSafeKey(key) || key.split('/').length < 2) return reply.code(404).send({ message: 'Not found' });
      // S3 behind a CDN (S3_PUBLIC_URL): the browser fetches the object there; keys never change content.
      // Caption files stay on this origin: a <track> from another origin needs CORS the CDN may not
      // send, and they are small.
      if (storage.publicUrl && !key.toLowerCase().endsWith('.vtt')) {
        if (derivativePattern.test(key) && (await storage.size(key)) === null) return notFound(key, reply);
        return reply
          .header('cache-control', fileHeaders['cache-control'])
          .redirect(storage.publicUrl(key), 302);
      }
      const name = key.split('/').pop()!;
      const headers = () =>
        reply.headers(fileHeaders).header('accept-ranges', 'bytes').type(contentTypeOf(name));
      if (!request.headers.range) {
        const found = await storage.open(key);
        if (!found) return notFound(key, reply);
        return headers().header('content-length', found.size).send(found.stream);
      }
      // A part of the file (a video or audio player seeking): its size first, then only those bytes.
      const size = await storage.size(key);
      if (size === null) return notFound(key, reply);
      const range = byteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return headers().code(416).header('content-range', `bytes */${size}`).send();
      }
      const part = await storage.open(key, range ?? undefined);
      if (!part) return reply.code(404).send({ message: 'Not found' });
      if (range === null) return headers().header('content-length', size).send(part.stream);
      return headers()
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(part.stream);
    };
    // A file's address carries no query of its own; a cache buster or a signed CDN's parameters pass.
    app.get(
      '/files/*',
      { schema: { params: fileParams, ...noInput }, config: { apiScope: 'content:read' } },
      serve,
    );
  },
  {
    name: 'files',
    fastify: '5.x',
    encapsulate: true,
    // Upload limits count the request before it is read; files are never compressed (compression.ts).
    dependencies: ['request-actor', 'request-limits', 'compression', 'error-handler'],
  },
);
