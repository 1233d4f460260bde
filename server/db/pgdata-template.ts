import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * The empty data folder the server bundle carries (scripts/pgdata-template.mjs), when this module
 * runs from the bundle: `dist/server/pgdata-template` beside `main.mjs`. Run from the sources (tsx,
 * tests) or as the single executable there is none, and PGlite runs initdb as before.
 */
export function bundledPgdataTemplate(entryUrl: string): string | undefined {
  if (!entryUrl.startsWith('file:')) return undefined;
  const template = path.join(path.dirname(fileURLToPath(entryUrl)), 'pgdata-template');
  return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : undefined;
}

/**
 * A fresh data folder starts as a copy of the template: copied beside, then renamed into place, so
 * a start cut short leaves either no folder or a whole one. A failed copy is only a slower start:
 * PGlite then runs initdb itself.
 */
export function copyPgdataTemplate(template: string, pgdata: string): Promise<boolean> {
  return placeBeside(pgdata, (temporary) => fs.promises.cp(template, temporary, { recursive: true }));
}

/**
 * The same from the single executable's empty database, a gzipped tarball (PGlite's
 * `dumpDataDir`): unpacked to disk here, as the bundle's folder is copied, rather than handed to
 * PGlite, which unpacks it inside its WebAssembly memory (about 150 MB more at every first start).
 */
export function unpackPgdataTemplate(tarGz: Uint8Array, pgdata: string): Promise<boolean> {
  return placeBeside(pgdata, async (temporary) => {
    fs.mkdirSync(temporary, { recursive: true, mode: 0o700 });
    for (const entry of tarEntries(gunzipSync(tarGz))) {
      const target = path.join(temporary, entry.name);
      if (entry.kind === 'folder') fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        fs.writeFileSync(target, entry.data, { mode: 0o600 });
      }
    }
  });
}

async function placeBeside(pgdata: string, fill: (temporary: string) => Promise<void>): Promise<boolean> {
  // Only into a folder that is not there at all: a partial one is left to PGlite as before.
  if (fs.existsSync(pgdata)) return false;
  const temporary = `${pgdata}.copying`;
  try {
    await fs.promises.rm(temporary, { recursive: true, force: true });
    await fill(temporary);
    await fs.promises.rename(temporary, pgdata);
    return true;
  } catch {
    await fs.promises.rm(temporary, { recursive: true, force: true }).catch(() => {});
    return false;
  }
}

type TarEntry = { kind: 'folder'; name: string } | { kind: 'file'; name: string; data: Uint8Array };

/**
 * The folders and files of a ustar archive, as PGlite writes them. Anything else (links, long-name
 * extensions, a name leaving the folder) is refused: the caller then falls back to initdb.
 */
function* tarEntries(tar: Uint8Array): Generator<TarEntry> {
  const text = (from: number, length: number) =>
    Buffer.from(tar.subarray(from, from + length))
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const name = [text(offset + 345, 155), text(offset, 100)].filter(Boolean).join('/');
    if (name === '') return; // the two empty blocks that end the archive
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const relative = path.posix.normalize(name.replace(/^\/+/, ''));
    if (!Number.isFinite(size) || relative.startsWith('..') || path.posix.isAbsolute(relative))
      throw new Error(`unexpected entry in the empty database: ${name}`);
    const dataStart = offset + 512;
    if (type === '5') yield { kind: 'folder', name: relative };
    else if (type === '0' || type === '')
      yield { kind: 'file', name: relative, data: tar.subarray(dataStart, dataStart + size) };
    else throw new Error(`unexpected entry type '${type}' in the empty database: ${name}`);
    offset = dataStart + Math.ceil(size / 512) * 512;
  }
}
