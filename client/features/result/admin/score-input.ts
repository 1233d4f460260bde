/**
 * A score as a teacher typed it: a whole number between 0 and the maximum once rounded (the server
 * rounds too); null with the error's key otherwise, so the error shows at the field before
 * anything is sent. An empty field is no score and no error.
 */
export function parseScore(
  text: string,
  max: number,
): { score: number | null; error: 'grading.scoreRange' | null } {
  if (text.trim() === '') return { score: null, error: null };
  const value = Number(text.replace(',', '.'));
  if (!Number.isFinite(value) || Math.round(value) < 0 || Math.round(value) > max)
    return { score: null, error: 'grading.scoreRange' };
  return { score: value, error: null };
}
