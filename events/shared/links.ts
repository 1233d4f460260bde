/** An item (module or file) linked to a course or section, as the parent's state keeps it. */
export interface LinkedItem {
  id: string;
  path: string;
}

export interface LinkedItems {
  modules: LinkedItem[];
  files: LinkedItem[];
}

export const noLinks = (): LinkedItems => ({ modules: [], files: [] });

export const isLinked = (items: LinkedItem[], id: string) => items.some((item) => item.id === id);

export const withLink = (items: LinkedItem[], item: LinkedItem) =>
  isLinked(items, item.id) ? items : [...items, item];

export const withoutLink = (items: LinkedItem[], id: string) => items.filter((item) => item.id !== id);

/** The linked items put in the order of `paths`; items the list does not name keep their place at the end. */
export const inOrder = (items: LinkedItem[], paths: string[]) => [
  ...paths.flatMap((path) => items.filter((item) => item.path === path)),
  ...items.filter((item) => !paths.includes(item.path)),
];
