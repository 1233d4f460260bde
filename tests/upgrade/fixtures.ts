import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';

/**
 * The upgrade fixtures: one folder per earlier release, made by scripts/make-upgrade-fixture.sh
 * with that release's own code and committed (fixture.json, data.tar.br, events.ndjson.gz and, when
 * made with a PostgreSQL server at hand, postgres.sql.gz).
 */
const fixturesRoot = path.join(import.meta.dirname, '..', 'fixtures', 'upgrade');

const account = z.object({ email: z.string(), password: z.string() });
const fixtureSchema = z.object({
  admin: account,
  participant: account.extend({ name: z.string() }),
  paths: z.object({ course: z.string(), section: z.string(), module: z.string(), page: z.string() }),
  /** The participant's last answer to each question of the page (the options are 'right' and 'wrong'). */
  answers: z.record(z.string(), z.enum(['right', 'wrong'])),
  certificateCode: z.string(),
});
export type UpgradeFixture = z.infer<typeof fixtureSchema> & {
  release: string;
  folder: string;
  /** The release's `export` of its database, gzipped. */
  events: string;
  /** That export imported by the release into PostgreSQL and dumped as plain SQL, when made. */
  postgresDump: string | null;
};

/** Every fixture folder, in the order of their names. */
export function upgradeFixtures(): UpgradeFixture[] {
  if (!fs.existsSync(fixturesRoot)) return [];
  return fs
    .readdirSync(fixturesRoot)
    .filter((release) => fs.existsSync(path.join(fixturesRoot, release, 'fixture.json')))
    .sort()
    .map((release) => {
      const folder = path.join(fixturesRoot, release);
      const dump = path.join(folder, 'postgres.sql.gz');
      return {
        ...fixtureSchema.parse(JSON.parse(fs.readFileSync(path.join(folder, 'fixture.json'), 'utf8'))),
        release,
        folder,
        events: path.join(folder, 'events.ndjson.gz'),
        postgresDump: fs.existsSync(dump) ? dump : null,
      };
    });
}

/**
 * Unpacks the release's data folder (a ustar archive, Brotli-compressed) into `target`, which then
 * holds `data/` as the release left it. Read here rather than by a tar program: the archive holds
 * only plain files and folders with short names, and CI needs nothing outside the repository.
 */
export function unpackDataFolder(fixture: UpgradeFixture, target: string): string {
  const tar = zlib.brotliDecompressSync(fs.readFileSync(path.join(fixture.folder, 'data.tar.br')));
  const text = (from: number, length: number) =>
    tar
      .subarray(from, from + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const name = text(offset, 100);
    if (name === '') break; // the two empty blocks that end an archive
    const prefix = text(offset + 345, 155);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[offset + 156]!);
    const relative = prefix ? `${prefix}/${name}` : name;
    const destination = path.resolve(target, relative);
    if (!destination.startsWith(path.resolve(target) + path.sep))
      throw new Error(`archive entry outside its folder: ${relative}`);
    if (type === '5') fs.mkdirSync(destination, { recursive: true });
    else if (type === '0' || type === '\0') {
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.writeFileSync(destination, tar.subarray(offset + 512, offset + 512 + size));
    } else
      throw new Error(`archive entry of type ${type} (${relative}): only files and folders are expected`);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return path.join(target, 'data');
}

/** The release's export as the file `import` reads, written into `target`. */
export function exportFile(fixture: UpgradeFixture, target: string): string {
  const file = path.join(target, `${fixture.release}.ndjson`);
  fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(fixture.events)));
  return file;
}

/** The release's PostgreSQL dump as one script of plain statements. */
export function postgresDumpOf(fixture: UpgradeFixture): string {
  if (!fixture.postgresDump) throw new Error(`release ${fixture.release} has no PostgreSQL dump`);
  return zlib.gunzipSync(fs.readFileSync(fixture.postgresDump)).toString('utf8');
}
