import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';

/**
 * Personal fields in events are encrypted with a key per person (crypto-shredding): destroying the
 * key makes every copy unreadable, the append-only log included, while the rest of each event stays.
 */
export interface PersonalDataSpec {
  /** The field of the event data holding the person's id. */
  subject: string;
  /** The fields encrypted with that person's key. */
  fields: string[];
}

export interface PersonalDataKeysTable {
  subject_id: string;
  key: Buffer;
  created_at: ColumnType<Date, string | undefined, never>;
}

// biome-ignore lint/suspicious/noExplicitAny: works on the db or a transaction of the full schema
type AnyDb = Kysely<any>;
const keys = (db: AnyDb) => db as Kysely<{ personal_data_keys: PersonalDataKeysTable }>;

const PREFIX = 'pd1:';

function encrypt(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function decrypt(key: Buffer, sealed: string): unknown {
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

async function keyOf(db: AnyDb, subject: string): Promise<Buffer | null> {
  const row = await keys(db)
    .selectFrom('personal_data_keys')
    .select('key')
    .where('subject_id', '=', subject)
    .executeTakeFirst();
  return row ? Buffer.from(row.key) : null;
}

async function keyFor(db: AnyDb, subject: string): Promise<Buffer> {
  const existing = await keyOf(db, subject);
  if (existing) return existing;
  const key = randomBytes(32);
  await keys(db).insertInto('personal_data_keys').values({ subject_id: subject, key }).execute();
  return key;
}

/** The keys of many people in one statement (null for the erased), to open a batch of events. */
export async function personalKeysOf(db: AnyDb, subjects: string[]): Promise<Map<string, Buffer | null>> {
  const wanted = [...new Set(subjects)];
  const found = new Map<string, Buffer | null>(wanted.map((subject) => [subject, null]));
  if (wanted.length === 0) return found;
  const rows = await keys(db)
    .selectFrom('personal_data_keys')
    .select(['subject_id', 'key'])
    .where('subject_id', 'in', wanted)
    .execute();
  for (const row of rows) found.set(row.subject_id, Buffer.from(row.key));
  return found;
}

/** Encrypts the personal fields of one event's data before it is stored. */
export async function sealPersonalData(
  db: AnyDb,
  spec: PersonalDataSpec,
  data: Record<string, unknown>,
  cache: Map<string, Buffer> = new Map(),
) {
  const subject = String(data[spec.subject]);
  const key = cache.get(subject) ?? (await keyFor(db, subject));
  cache.set(subject, key);
  const sealed = { ...data };
  for (const field of spec.fields)
    if (sealed[field] !== undefined) sealed[field] = encrypt(key, sealed[field]);
  return sealed;
}

/** Reads sealed personal fields back; after erasure (no key) each reads as null. */
export async function openPersonalData(
  db: AnyDb,
  spec: PersonalDataSpec,
  data: Record<string, unknown>,
  cache: Map<string, Buffer | null>,
) {
  const subject = String(data[spec.subject]);
  if (!cache.has(subject)) cache.set(subject, await keyOf(db, subject));
  const key = cache.get(subject) ?? null;
  const opened = { ...data };
  for (const field of spec.fields) {
    const value = opened[field];
    if (typeof value === 'string' && value.startsWith(PREFIX))
      opened[field] = key ? decrypt(key, value) : null;
  }
  return opened;
}

/** One value sealed whole with the person's key (a folded state that holds their answers). */
export async function sealValue(db: AnyDb, subject: string, value: unknown): Promise<string> {
  return encrypt(await keyFor(db, subject), value);
}

/** A sealed value opened again; null once the person is erased (no key) or when it is not sealed. */
export async function openValue(db: AnyDb, subject: string, sealed: unknown): Promise<unknown | null> {
  if (typeof sealed !== 'string' || !sealed.startsWith(PREFIX)) return null;
  return openValueWith(await keyOf(db, subject), sealed);
}

/** The same with a key already read (null: the person is erased). */
export function openValueWith(key: Buffer | null, sealed: unknown): unknown | null {
  if (typeof sealed !== 'string' || !sealed.startsWith(PREFIX)) return null;
  return key ? decrypt(key, sealed) : null;
}

/** Destroys a person's key: every sealed field of theirs becomes unreadable for good. */
export async function shredPersonalData(db: AnyDb, subject: string): Promise<void> {
  await keys(db).deleteFrom('personal_data_keys').where('subject_id', '=', subject).execute();
}
