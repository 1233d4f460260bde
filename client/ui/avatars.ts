/** An avatar list shows 10 people, then '+N' for the rest. */
export const avatarLimit = 10;

/** The people shown in an avatar list and how many more there are. */
export function splitAvatars<P>(people: readonly P[], limit = avatarLimit): { shown: P[]; more: number } {
  const shown = people.slice(0, Math.max(0, limit));
  return { shown, more: people.length - shown.length };
}

/** Up to two initials of a name ("An Peeters" → "AP", "grace" → "G"); '?' for an empty name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join('');
}
