import { PassThrough, type Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { ConfigError } from '../config';
import { contentTypeOf, type FileStorage, isSafeKey } from './storage';

/** What the S3 driver reads from the configuration (STORAGE_DRIVER=s3). */
export interface S3Settings {
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PUBLIC_URL?: string;
}

/** Every stored object: cached for a year by browsers and CDNs (a key never changes its content). */
const objectCacheControl = 'public, max-age=31536000, immutable';

/** The SDK, loaded on first use: a platform on local storage never loads it. */
let sdk: Promise<[typeof import('@aws-sdk/client-s3'), typeof import('@aws-sdk/lib-storage')]> | null = null;
const loadSdk = () => (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

/** Multipart uploads this process is sending now; aborted when the process must exit with them. */
const sending = new Set<Upload>();

/**
 * Aborts the multipart uploads still in flight (a shutdown that ran out of time), so the bucket
 * keeps no parts of them; settles when every abort is answered. A process killed outright leaves
 * its parts: a bucket lifecycle rule (AbortIncompleteMultipartUpload) removes those.
 */
export async function abortUnfinishedUploads(): Promise<void> {
  const uploads = [...sending];
  sending.clear();
  await Promise.allSettled(uploads.map((upload) => upload.abort()));
}

function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.S3_REGION,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Credentials: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE,
    // web identity, container or instance roles).
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  };
}

/** Where an object can be fetched without signing: S3_PUBLIC_URL (a CDN), else the bucket's address. */
export function publicObjectUrl(settings: S3Settings, key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (settings.S3_PUBLIC_URL) return `${settings.S3_PUBLIC_URL.replace(/\/+$/, '')}/${path}`;
  const bucket = settings.S3_BUCKET!;
  if (settings.S3_ENDPOINT) {
    const endpoint = new URL(settings.S3_ENDPOINT);
    const base = endpoint.toString().replace(/\/+$/, '');
    if (settings.S3_FORCE_PATH_STYLE) return `${base}/${bucket}/${path}`;
    endpoint.hostname = `${bucket}.${endpoint.hostname}`;
    return `${endpoint.toString().replace(/\/+$/, '')}/${path}`;
  }
  return `https://${bucket}.s3.${settings.S3_REGION}.amazonaws.com/${path}`;
}

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';
const httpStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  ['NoSuchKey', 'NotFound', 'NoSuchBucket'].includes(errorName(error)) || httpStatus(error) === 404;

/**
 * The S3 driver: one object per key (`<upload id>/<file name>`, `<upload id>/sizes/<label>.webp`)
 * in S3_BUCKET, public-read, with a year of caching. Large bodies go up in parts (lib-storage), and a
 * multipart upload that fails is aborted, so nothing of it stays in the bucket.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const Bucket = settings.S3_BUCKET!;
  let client: Promise<S3Client> | null = null;
  const s3 = () => (client ??= loadSdk().then(([{ S3Client }]) => new S3Client(s3ClientConfig(settings))));
  const checked = (key: string) => {
    if (!isSafeKey(key.replace(/\/$/, ''))) throw new Error(`unsafe storage key: ${key}`);
    return key;
  };
  /** Every key under a folder (`<folder>/…`), whatever its depth. */
  const keysUnder = async (folder: string, delimiter?: string): Promise<string[]> => {
    const [{ ListObjectsV2Command }] = await loadSdk();
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await (await s3()).send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: `${folder.replace(/\/$/, '')}/`,
          Delimiter: delimiter,
          ContinuationToken,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  };
  return {
    async put(key, body) {
      const [, { Upload }] = await loadSdk();
      let size = 0;
      let source: Readable | Buffer = body;
      if (Buffer.isBuffer(body)) size = body.length;
      else {
        // Counted on the way through: the stream's length is not known before it ends.
        const counter = new PassThrough();
        body.on('error', (error) => counter.destroy(error));
        counter.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        source = body.pipe(counter);
      }
      const upload = new Upload({
        client: await s3(),
        params: {
          Bucket,
          Key: checked(key),
          Body: source,
          ACL: 'public-read',
          CacheControl: objectCacheControl,
          ContentType: contentTypeOf(key),
        },
        // The default: a failed multipart upload is aborted, its parts removed.
        leavePartsOnError: false,
      });
      sending.add(upload);
      try {
        await upload.done();
      } finally {
        sending.delete(upload);
      }
      return size;
    },
    async open(key, range) {
      if (!isSafeKey(key)) return null;
      const [{ GetObjectCommand }] = await loadSdk();
      try {
        const answer = await (await s3()).send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : answer.ContentLength;
        return { stream: answer.Body as Readable, size: total ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      if (!isSafeKey(key)) return null;
      const [{ HeadObjectCommand }] = await loadSdk();
      try {
        const head = await (await s3()).send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const [{ GetObjectCommand }] = await loadSdk();
      const answer = await (await s3()).send(new GetObjectCommand({ Bucket, Key: checked(key) }));
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      // A body cut short (a connection dropped mid-answer) must fail the read, not pass as a smaller file.
      if (answer.ContentLength !== undefined && bytes.length !== answer.ContentLength) {
        throw new Error(`s3 read of ${key}: ${bytes.length} of ${answer.ContentLength} bytes`);
      }
      return bytes;
    },
    async list(folder) {
      const prefix = `${checked(folder).replace(/\/$/, '')}/`;
      return (await keysUnder(folder, '/')).map((key) => key.slice(prefix.length));
    },
    async remove(folder) {
      const [{ DeleteObjectsCommand }] = await loadSdk();
      const keys = await keysUnder(checked(folder));
      for (let start = 0; start < keys.length; start += 1000) {
        await (await s3()).send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    async *keys() {
      // The whole bucket, a page (up to 1000 keys) at a time; objects that are no store key (other
      // things kept in the same bucket) are not the platform's and stay out of its backups.
      const [{ ListObjectsV2Command }] = await loadSdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await (await s3()).send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isSafeKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // A multipart upload cut short is aborted by lib-storage (or by abortUnfinishedUploads); a single
    // PUT cut short never becomes an object. Nothing partial is visible in the bucket to sweep.
    sweepPartial: async () => 0,
    // With a CDN in front, the file routes send browsers there (302) instead of streaming.
    ...(settings.S3_PUBLIC_URL ? { publicUrl: (key: string) => publicObjectUrl(settings, key) } : {}),
  };
}

/**
 * Checks at start that the bucket is there and reachable with the credentials at hand; a
 * ConfigError naming the problem and the variables to look at otherwise.
 */
export async function checkBucket(settings: S3Settings): Promise<void> {
  const [{ S3Client, HeadBucketCommand }] = await loadSdk();
  const client = new S3Client({ ...s3ClientConfig(settings), maxAttempts: 2 });
  const where = settings.S3_ENDPOINT
    ? `at S3_ENDPOINT ${settings.S3_ENDPOINT}`
    : `in S3_REGION ${settings.S3_REGION}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.S3_BUCKET! }));
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${bucketProblem(error, settings, where)}`);
  } finally {
    client.destroy();
  }
}

function bucketProblem(error: unknown, settings: S3Settings, where: string): string {
  const name = errorName(error);
  const status = httpStatus(error);
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? String(error);
  if (name === 'CredentialsProviderError' || (/credential/i.test(message) && status === undefined)) {
    return `S3_BUCKET: no AWS credentials found for bucket "${settings.S3_BUCKET}": set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or run with an instance or container role).`;
  }
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
    return `S3_BUCKET: no bucket "${settings.S3_BUCKET}" ${where}: create it or correct S3_BUCKET.`;
  }
  if (status === 403 || status === 401 || name === 'Forbidden' || name === 'InvalidAccessKeyId') {
    return `S3_BUCKET: access to bucket "${settings.S3_BUCKET}" ${where} denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the role) and that they may list, read and write the bucket.`;
  }
  if (status === 301 || name === 'PermanentRedirect') {
    return `S3_REGION: bucket "${settings.S3_BUCKET}" is not in region ${settings.S3_REGION}: correct S3_REGION.`;
  }
  if (
    status === undefined &&
    (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH/.test(`${code} ${message}`) ||
      name === 'TimeoutError')
  ) {
    const endpoint = settings.S3_ENDPOINT
      ? `S3_ENDPOINT ${settings.S3_ENDPOINT}`
      : `S3 in S3_REGION ${settings.S3_REGION}`;
    return `${settings.S3_ENDPOINT ? 'S3_ENDPOINT' : 'S3_REGION'}: cannot reach ${endpoint} (${code || name}): check the address and the network.`;
  }
  return `S3_BUCKET: cannot use bucket "${settings.S3_BUCKET}" ${where}: ${name || 'error'}${status ? ` (HTTP ${status})` : ''}: ${message}`;
}
