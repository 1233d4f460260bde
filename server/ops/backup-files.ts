import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { type FileStorage, isSafeKey } from '../file/storage';
import { BackupError } from './backup';

/**
 * The uploads of a backup (`export --with-files <file>`): a folder `<file>.files/` beside the
 * NDJSON, holding every key of the store as a path (`<upload id>/<name>`,
 * `<upload id>/sizes/<label>.webp`), and `files.sha256` listing each key's SHA-256 in the format
 * of coreutils' sha256sum (`<hex>  <key>`), so `cd <file>.files && sha256sum -c files.sha256`
 * checks a copy without the platform. Plain files and a text list: nothing to unpack, no native
 * dependency, and rsync or any object-store tool copies it as it is.
 */
export const filesFolder = (file: string) => `${file}.files`;
export const checksumsName = 'files.sha256';

export interface FilesSummary {
  files: number;
  bytes: number;
}

export interface FileEntry {
  key: string;
  sha256: string;
}

const checksumLine = z
  .string()
  .regex(/^[0-9a-f]{64} {2}\S+$/)
  .transform((line) => ({ sha256: line.slice(0, 64), key: line.slice(66) }))
  .refine((entry) => isSafeKey(entry.key), 'not a store key');

/** A key's place in the folder: its segments as sub-folders (a safe key cannot leave the folder). */
const pathOf = (folder: string, key: string) => path.join(folder, ...key.split('/'));

/** Passes bytes through unchanged while hashing and counting them. */
function hashing() {
  const digest = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: digest.digest('hex'), size }) };
}

/**
 * Copies every file of the store into `folder` (created; expected not to exist yet) and writes
 * `files.sha256` last, so a folder without it is an export that did not finish.
 */
export async function exportFiles(store: FileStorage, folder: string): Promise<FilesSummary> {
  await fs.mkdir(folder, { recursive: true });
  const lines: string[] = [];
  let bytes = 0;
  for await (const key of store.keys()) {
    const opened = await store.open(key);
    // Listed, then gone before it was read (removed meanwhile): not part of this backup.
    if (!opened) continue;
    const target = pathOf(folder, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const hash = hashing();
    await pipeline(opened.stream, hash.stream, createWriteStream(target));
    const { sha256, size } = hash.result();
    lines.push(`${sha256}  ${key}`);
    bytes += size;
  }
  lines.sort();
  await fs.writeFile(path.join(folder, checksumsName), lines.length ? `${lines.join('\n')}\n` : '');
  return { files: lines.length, bytes };
}

/**
 * Reads `files.sha256` and checks every file it lists against its checksum; a BackupError naming
 * the first key that is missing or differs. Called before anything is written, so a damaged
 * backup changes nothing.
 */
export async function verifyFiles(folder: string): Promise<FileEntry[]> {
  const list = await fs.readFile(path.join(folder, checksumsName), 'utf8').catch(() => null);
  if (list === null) {
    throw new BackupError(
      `${folder} has no ${checksumsName}: the export of the files did not finish. Nothing was imported.`,
    );
  }
  const entries: FileEntry[] = [];
  const seen = new Set<string>();
  for (const [index, line] of list.split('\n').entries()) {
    if (line === '') continue;
    const parsed = checksumLine.safeParse(line);
    if (!parsed.success) {
      throw new BackupError(
        `${checksumsName} line ${index + 1} is not "<sha256>  <upload id>/<name>". Nothing was imported.`,
      );
    }
    if (seen.has(parsed.data.key))
      throw new BackupError(`${checksumsName} lists ${parsed.data.key} twice. Nothing was imported.`);
    seen.add(parsed.data.key);
    entries.push(parsed.data);
  }
  for (const entry of entries) {
    const hash = hashing();
    try {
      await pipeline(
        createReadStream(pathOf(folder, entry.key)),
        hash.stream,
        async (source: AsyncIterable<Buffer>) => {
          for await (const _ of source); // the hash sees every byte; nothing is kept
        },
      );
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'EISDIR'
      )
        throw new BackupError(
          `The backup lacks the file ${entry.key} that ${checksumsName} lists. Nothing was imported.`,
        );
      throw error;
    }
    if (hash.result().sha256 !== entry.sha256) {
      throw new BackupError(
        `The file ${entry.key} in the backup is damaged: its checksum differs from ${checksumsName}. Nothing was imported.`,
      );
    }
  }
  return entries;
}

/** Writes verified files into the store, under the same keys (an existing one is overwritten). */
export async function restoreFiles(
  store: FileStorage,
  folder: string,
  entries: FileEntry[],
): Promise<FilesSummary> {
  let bytes = 0;
  for (const entry of entries)
    bytes += await store.put(entry.key, createReadStream(pathOf(folder, entry.key)));
  return { files: entries.length, bytes };
}
