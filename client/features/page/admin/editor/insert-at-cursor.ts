// No browser globals here: unit tests import it in Node.

/** Puts `insert` into `text` at the cursor, on a line of its own; answers the text and the new cursor. */
export function insertAtCursor(text: string, insert: string, start: number, end = start) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const value = `${before}${lead}${insert}${trail}${after}`;
  return { value, cursor: before.length + lead.length + insert.length };
}
