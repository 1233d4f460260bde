import { forbidden, notFound, type TextKey, unauthenticated } from '../events/errors';

/**
 * What opening an item answers this actor (the one visibility rule:
 * docs/development/architecture.md#the-read-side): `open`; `signIn` when it exists and is visible
 * to every registered user but the visitor is anonymous (module and page content is for registered
 * users); `blocked` when only its unpublishing keeps a participant out (its pages say so); `hidden`
 * when it is missing or not visible to them, which reads exactly as 'does not exist'. Every list
 * keeps an item exactly when its access is `open`, so no card leads anywhere else.
 */
export type ItemAccess = 'open' | 'signIn' | 'blocked' | 'hidden';

/** The refusal of an access other than `open`; `blocked` reads as `notFoundKey` unless `blockedKey` is given. */
export function refusalOf(
  access: Exclude<ItemAccess, 'open'>,
  notFoundKey: TextKey,
  blockedKey?: TextKey,
): Error {
  if (access === 'signIn') return unauthenticated();
  if (access === 'blocked' && blockedKey) return forbidden(blockedKey);
  return notFound(notFoundKey);
}

/** Keeps the items whose access (decided one by one, over look-ups the caller batches) is `open`. */
export async function keepOpen<T>(items: readonly T[], accessOf: (item: T) => Promise<ItemAccess>) {
  const verdicts = await Promise.all(items.map(accessOf));
  return items.filter((_item, index) => verdicts[index] === 'open');
}
