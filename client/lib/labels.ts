/**
 * The names of items in a list as a chooser shows them: a name alone when it is the only one, with
 * the item's path beside it when another item carries the same name (a copy, a translation kept
 * under its original name), so a select never offers two identical lines.
 */
export function distinctLabels<T extends { name: string; path: string }>(
  items: readonly T[],
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name.trim(), (counts.get(item.name.trim()) ?? 0) + 1);
  return new Map(
    items.map((item) => [
      item.path,
      (counts.get(item.name.trim()) ?? 0) > 1 ? `${item.name} (${item.path})` : item.name,
    ]),
  );
}
