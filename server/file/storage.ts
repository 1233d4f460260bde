import { createReadStream, createWriteStream, rmdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type S3Settings, s3Storage } from './s3-storage';

/**
 * Where uploaded files live. Keys are `<upload id>/<file name>` (and `<upload id>/sizes/<label>.webp`
 * for image derivatives); every segment is checked by `isSafeKey`, so no key leaves the store.
 */
export interface FileStorage {
  put(key: string, body: Readable | Buffer): Promise<number>;
  /**
   * A readable stream and the file's size, or null when there is no such file. With `range`, the
   * stream holds only bytes `start` to `end` (inclusive); `size` stays the whole file's.
   */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  read(key: string): Promise<Buffer>;
  /** The names directly under a folder key (files only), or an empty list. */
  list(folder: string): Promise<string[]>;
  remove(folder: string): Promise<void>;
  /**
   * Every finished file of the store (its key), in no promised order: what a backup copies.
   * Unfinished writes (`.part`) and anything that is not a store key are left out.
   */
  keys(): AsyncIterable<string>;
  /**
   * Removes unfinished writes (`.part` files) last touched before `before`, and the upload folders
   * they leave empty; answers how many files went.
   */
  sweepPartial(before: Date): Promise<number>;
  /**
   * Where browsers fetch a stored file themselves (S3_PUBLIC_URL, a CDN in front of the bucket):
   * the file routes then redirect there. Absent: the file routes stream the file.
   */
  publicUrl?(key: string): string;
}

/** The `.part` files this process is writing now. */
const writing = new Set<string>();

/**
 * Removes the `.part` files this process is still writing, and their upload folders when that
 * leaves them empty (S3's multipart uploads: `abortUnfinishedUploads` in s3-storage.ts). Synchronous, for a process about to exit with uploads in flight (a shutdown
 * that ran out of time).
 */
export function removeUnfinishedWrites(): void {
  for (const partial of writing) {
    rmSync(partial, { force: true });
    removeEmptyFolders(partial);
  }
  writing.clear();
}

/** The folders of a removed file's key (`<upload id>/` and `sizes/`), those left empty. */
function removeEmptyFolders(file: string): void {
  for (const folder of [path.dirname(file), path.dirname(path.dirname(file))]) {
    if (folder.endsWith(`${path.sep}sizes`) || isUploadId(path.basename(folder))) {
      try {
        rmdirSync(folder); // refuses a folder that is not empty
      } catch {
        return;
      }
    }
  }
}

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The part of a file of `size` bytes a Range header asks for (one range, RFC 9110 section 14.1.2):
 * null to answer the whole file (no header, or one this server does not handle, as several
 * ranges), 'unsatisfiable' when it starts past the end. Media elements need this to seek.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,149}$/;

export const isUploadId = (id: string) => uploadIdPattern.test(id);

/** A key the store accepts: an upload id, then one or two plain names (no dots-only, no slashes). */
export function isSafeKey(key: string): boolean {
  const [id, ...rest] = key.split('/');
  if (!id || !isUploadId(id) || rest.length > 2) return false;
  return rest.every((segment) => segmentPattern.test(segment) && !segment.includes('..'));
}

/** A file name that is safe on every file system and in a URL; keeps the extension. */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '')
    .replace(/-+/g, '-');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot).toLowerCase().slice(0, 10) : '';
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 100).replace(/[._-]+$/, '');
  return `${stem || 'file'}${extension}`;
}

/** The local driver: files under one folder (DATA_DIR/files by default). */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key.replace(/\/$/, ''))) throw new Error(`unsafe storage key: ${key}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.part`;
      writing.add(partial);
      try {
        if (Buffer.isBuffer(body)) await fs.writeFile(partial, body);
        else await pipeline(body, createWriteStream(partial));
        await fs.rename(partial, full);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      } finally {
        writing.delete(partial);
      }
      return (await fs.stat(full)).size;
    },
    async open(key, range) {
      if (!isSafeKey(key)) return null;
      const full = resolve(key);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(full, range), size: stat.size };
    },
    async size(key) {
      if (!isSafeKey(key)) return null;
      const stat = await fs.stat(resolve(key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    read: (key) => fs.readFile(resolve(key)),
    async list(folder) {
      const entries = await fs.readdir(resolve(folder), { withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => entry.name);
    },
    remove: (folder) => fs.rm(resolve(folder), { recursive: true, force: true }),
    async *keys() {
      // Keys are `<upload id>/<name>` or `<upload id>/sizes/<name>`: at most three levels deep.
      async function* walk(folder: string, prefix: string, depth: number): AsyncGenerator<string> {
        const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          const key = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory() && depth < 2) yield* walk(path.join(folder, entry.name), key, depth + 1);
          else if (entry.isFile() && !entry.name.endsWith('.part') && isSafeKey(key)) yield key;
        }
      }
      yield* walk(path.resolve(root), '', 0);
    },
    async sweepPartial(before) {
      const removed: string[] = [];
      // Keys are `<upload id>/<name>` or `<upload id>/sizes/<name>`: two levels under each upload.
      const sweep = async (folder: string, depth: number): Promise<void> => {
        const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory() && depth < 2) await sweep(full, depth + 1);
          else if (entry.isFile() && entry.name.endsWith('.part') && !writing.has(full)) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat && stat.mtimeMs < before.getTime()) {
              await fs.rm(full, { force: true });
              removed.push(full);
            }
          }
        }
      };
      await sweep(path.resolve(root), 0);
      for (const partial of removed) removeEmptyFolders(partial);
      return removed.length;
    },
  };
}

const stores = new WeakMap<object, FileStorage>();

/**
 * The configured store (STORAGE_DRIVER in server/config.ts): `local` under DATA_DIR/files, or `s3`.
 * One per configuration, so every part of a platform shares one S3 client.
 */
export function fileStorage(
  config: { dataDir: string; STORAGE_DRIVER: 'local' | 's3' } & S3Settings,
): FileStorage {
  let store = stores.get(config);
  if (!store) {
    store =
      config.STORAGE_DRIVER === 's3' ? s3Storage(config) : localStorage(path.join(config.dataDir, 'files'));
    stores.set(config, store);
  }
  return store;
}

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  vtt: 'text/vtt; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  zip: 'application/zip',
};

export function contentTypeOf(name: string): string {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return contentTypes[extension] ?? 'application/octet-stream';
}
