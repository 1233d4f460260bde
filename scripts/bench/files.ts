/**
 * The files part of `npm run bench` (alone: `npm run bench -- files`): image derivatives through
 * the real job handler against sharp's bare resize of the same image to the same sizes, and a
 * 20 MB upload through the real POST /api/uploads (a server process, local and S3 storage) against
 * the raw write of the same bytes to the same place. Each side of a ratio runs in turns with the
 * other, in the same run, so the machine's load touches both alike.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import S3rver from 's3rver';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { derivativesPayloadSchema, imageDerivativesJob, sizesFor } from '../../jobs/images/derivatives';
import { type S3Settings, s3Storage } from '../../server/file/s3-storage';
import { type FileStorage, localStorage } from '../../server/file/storage';
import { tempDir } from './database';
import { cleanEnv, freePort, startTsx, stop, waitHealthy } from './processes';

export interface PairedResult {
  name: string;
  ceiling: string;
  unit: 'images/s' | 'MB/s';
  rounds: number;
  /** the platform's side and the ceiling's, per second */
  perSecond: number;
  ceilingPerSecond: number;
  /** perSecond / ceilingPerSecond */
  ratio: number;
}

export interface FilesResult {
  image: { width: number; height: number; bytes: number; sizes: number };
  uploadBytes: number;
  results: PairedResult[];
}

type Register = (undo: () => Promise<void>) => void;

const UPLOAD_BYTES = 20 * 1024 * 1024;
const BENCH_ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
/** s3rver's one account; the server child gets it through the standard AWS variables. */
const S3_KEY = 'S3RVER';

/**
 * Runs `platform` and `ceiling` in turns (one of each per round, after one untimed warm-up round)
 * until both together took `seconds` × 2, at least 3 rounds; `after` tidies up outside the timing.
 */
async function paired(
  seconds: number,
  platform: () => Promise<void>,
  ceiling: () => Promise<void>,
  after: () => Promise<void> = async () => {},
) {
  await platform();
  await ceiling();
  await after();
  let own = 0;
  let bare = 0;
  let rounds = 0;
  while (rounds < 3 || (own + bare < seconds * 2000 && rounds < 500)) {
    let started = performance.now();
    await platform();
    own += performance.now() - started;
    started = performance.now();
    await ceiling();
    bare += performance.now() - started;
    await after();
    rounds++;
  }
  return { rounds, ownSeconds: own / 1000, bareSeconds: bare / 1000 };
}

async function startS3(register: Register) {
  const directory = await tempDir('s3rver');
  register(directory.dispose);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: directory.value });
  const { port } = await server.run();
  register(() => server.close());
  const endpoint = `http://127.0.0.1:${port}`;
  const Bucket = `bench-${randomBytes(4).toString('hex')}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  register(async () => client.destroy());
  await client.send(new CreateBucketCommand({ Bucket }));
  // The platform's driver reads credentials from the standard chain: the same account.
  process.env.AWS_ACCESS_KEY_ID = S3_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = S3_KEY;
  const settings: S3Settings = {
    S3_BUCKET: Bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: true,
  };
  const env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: Bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3_KEY,
    AWS_SECRET_ACCESS_KEY: S3_KEY,
  };
  return { client, Bucket, settings, env };
}

/** A photo-like JPEG (noise compresses as badly as a photograph): 2400 × 1600. */
async function testImage() {
  const width = 2400;
  const height = 1600;
  const bytes = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4a7',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { width, height, bytes };
}

async function benchDerivatives(
  seconds: number,
  store: FileStorage,
  storeName: string,
  image: Buffer,
): Promise<PairedResult> {
  const uploadId = uuidv7();
  await store.put(`${uploadId}/photo.jpg`, image);
  const payload = derivativesPayloadSchema.parse({ uploadId, name: 'photo.jpg' });
  const job = () => imageDerivativesJob.handler(payload, { files: store });
  // What the job does at its core, and nothing else: decode, resize to each size, encode WebP.
  const bare = async () => {
    for (const size of sizesFor(payload)) {
      await sharp(image, { animated: false })
        .rotate()
        .resize(size.width, size.height, {
          fit: size.crop ? 'cover' : 'inside',
          withoutEnlargement: !size.crop,
        })
        .webp({ quality: size.quality ?? payload.quality })
        .toBuffer();
    }
  };
  const run = await paired(seconds, job, bare);
  await store.remove(uploadId);
  const perSecond = run.rounds / run.ownSeconds;
  const ceilingPerSecond = run.rounds / run.bareSeconds;
  return {
    name: `derivatives job, ${storeName} store`,
    ceiling: 'bare sharp resize, same sizes',
    unit: 'images/s',
    rounds: run.rounds,
    perSecond,
    ceilingPerSecond,
    ratio: perSecond / ceilingPerSecond,
  };
}

/** A server process as a user starts it, with this storage; signed in as its administrator. */
async function startServer(register: Register, dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const child = startTsx(
    'server (files)',
    'server/main.ts',
    [],
    cleanEnv({
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      RATE_LIMIT_UPLOADS: '0',
    }),
  );
  register(() => stop(child));
  const origin = `http://127.0.0.1:${port}`;
  await waitHealthy(child, `${origin}/healthz`, 120_000);
  const signIn = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!signIn.ok)
    throw new Error(`Signing in as the bench admin failed: ${signIn.status} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { child, origin, token: idToken };
}

/** The multipart body of one upload, built once: the timing is the server's, not the encoding's. */
function multipartBody(file: Buffer) {
  const boundary = `----bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function benchUpload(
  seconds: number,
  register: Register,
  storageName: 'local' | 's3',
  file: Buffer,
  s3: Awaited<ReturnType<typeof startS3>>,
): Promise<PairedResult> {
  const dataDir = await tempDir(`files-${storageName}`);
  register(dataDir.dispose);
  const server = await startServer(register, dataDir.value, storageName === 's3' ? s3.env : {});
  const store =
    storageName === 's3' ? s3Storage(s3.settings) : localStorage(path.join(dataDir.value, 'files'));
  const { body, contentType } = multipartBody(file);
  const uploaded: string[] = [];
  const viaApi = async () => {
    const response = await fetch(`${server.origin}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Bearer ${server.token}` },
      body,
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST /api/uploads answered ${response.status}: ${text}`);
    uploaded.push((JSON.parse(text) as { id: string }).id);
  };
  // The same bytes to the same place, by the shortest path there is.
  const ceilingFile = path.join(dataDir.value, 'files', 'ceiling.bin');
  await fs.mkdir(path.dirname(ceilingFile), { recursive: true });
  const raw =
    storageName === 's3'
      ? async () => {
          await new Upload({
            client: s3.client,
            params: { Bucket: s3.Bucket, Key: 'ceiling.bin', Body: file },
          }).done();
        }
      : () => fs.writeFile(ceilingFile, file);
  // Disk space: each round's files go before the next (untimed).
  const tidy = async () => {
    for (let id = uploaded.pop(); id; id = uploaded.pop()) await store.remove(id);
  };
  const run = await paired(seconds, viaApi, raw, tidy);
  await stop(server.child);
  const megabytes = file.length / 1024 / 1024;
  const perSecond = (run.rounds * megabytes) / run.ownSeconds;
  const ceilingPerSecond = (run.rounds * megabytes) / run.bareSeconds;
  return {
    name: `upload 20 MB via POST /api/uploads, ${storageName}`,
    ceiling:
      storageName === 's3'
        ? 'bare lib-storage Upload to the same s3rver'
        : 'bare fs.writeFile to the same folder',
    unit: 'MB/s',
    rounds: run.rounds,
    perSecond,
    ceilingPerSecond,
    ratio: perSecond / ceilingPerSecond,
  };
}

export async function benchFiles(seconds: number, register: Register): Promise<FilesResult> {
  const s3 = await startS3(register);
  const image = await testImage();
  const sizes = sizesFor(derivativesPayloadSchema.parse({ uploadId: uuidv7(), name: 'x.jpg' })).length;
  const results: PairedResult[] = [];
  process.stdout.write('files: image derivatives, local store…\n');
  const localDir = await tempDir('derivatives');
  register(localDir.dispose);
  results.push(await benchDerivatives(seconds, localStorage(localDir.value), 'local', image.bytes));
  process.stdout.write('files: image derivatives, S3 store…\n');
  results.push(await benchDerivatives(seconds, s3Storage(s3.settings), 's3', image.bytes));
  const file = randomBytes(UPLOAD_BYTES);
  for (const storage of ['local', 's3'] as const) {
    process.stdout.write(`files: 20 MB uploads, ${storage} storage…\n`);
    results.push(await benchUpload(seconds, register, storage, file, s3));
  }
  return {
    image: { width: image.width, height: image.height, bytes: image.bytes.length, sizes },
    uploadBytes: UPLOAD_BYTES,
    results,
  };
}
