import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * The storage drivers every upload, derivative and serve test runs on: the local folder and S3,
 * the latter against a real S3-compatible server (s3rver) the tests start on loopback.
 */
export const storageKinds = ['local', 's3'] as const;
export type StorageKind = (typeof storageKinds)[number];

/** s3rver's one account: the tests use it through the SDK's standard credential chain (env). */
const accessKey = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  client: S3Client;
  /** Every request the server received (`METHOD /path?query`), oldest first. */
  requests: string[];
  /** The x-amz-acl header of each write (PUT or POST) by its path, the last one kept. */
  acls: Map<string, string | undefined>;
  /** A fresh, empty bucket and the environment that points a platform at it. */
  bucket(): Promise<{ name: string; env: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  process.env.AWS_ACCESS_KEY_ID = accessKey;
  process.env.AWS_SECRET_ACCESS_KEY = accessKey;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const requests: string[] = [];
  const acls = new Map<string, string | undefined>();
  (server as unknown as { httpServer: import('node:http').Server }).httpServer.on('request', (request) => {
    requests.push(`${request.method} ${request.url}`);
    const acl = request.headers['x-amz-acl'];
    if (request.method === 'PUT' || request.method === 'POST') {
      const target = (request.url ?? '').split('?')[0]!;
      if (!acls.has(target) || acl) acls.set(target, typeof acl === 'string' ? acl : undefined);
    }
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKey, secretAccessKey: accessKey },
  });
  let count = 0;
  return {
    endpoint,
    client,
    requests,
    acls,
    async bucket() {
      const name = `test-${process.pid}-${++count}-${Math.random().toString(36).slice(2, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return {
        name,
        env: {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: name,
          S3_REGION: 'us-east-1',
          S3_ENDPOINT: endpoint,
          S3_FORCE_PATH_STYLE: 'true',
        },
      };
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A test's storage: the environment for the platform and the upload folders it holds (to check
 * that a refused upload leaves nothing behind), on either driver.
 */
export interface TestStorage {
  env: Record<string, string>;
  uploadFolders(): Promise<string[]>;
  dispose(): Promise<void>;
}

export async function startTestStorage(kind: StorageKind, dataDir: string): Promise<TestStorage> {
  if (kind === 'local') {
    const root = path.join(dataDir, 'files');
    return {
      env: { DATA_DIR: dataDir },
      uploadFolders: async () => (fs.existsSync(root) ? fs.readdirSync(root) : []),
      dispose: async () => {},
    };
  }
  const server = await startS3Server();
  const bucket = await server.bucket();
  return {
    env: { DATA_DIR: dataDir, ...bucket.env },
    async uploadFolders() {
      const listed = await server.client.send(
        new ListObjectsV2Command({ Bucket: bucket.name, Delimiter: '/' }),
      );
      return (listed.CommonPrefixes ?? []).map((prefix) => prefix.Prefix!.replace(/\/$/, ''));
    },
    dispose: () => server.close(),
  };
}
