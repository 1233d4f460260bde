import type { Db } from './tables';

export async function isEmptyStore(db: Db): Promise<boolean> {
  const row = await db.selectFrom('events').select('position').limit(1).executeTakeFirst();
  return !row;
}
