/**
 * A url of an upload on this platform: `/files/<upload id>/<name>` (or a derivative under
 * `<upload id>/sizes/`). Upload ids are UUID v7, as the file store checks (server/files/storage.ts).
 */
const uploadUrlPattern =
  /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\/[^/?#]/;

/**
 * The id of the upload a url points at, or null for any other url (another site, a path elsewhere).
 * With `publicUrl`, the same path under the platform's public address counts too. Pure: the client
 * uses it to say that deleting a file removes its upload.
 */
export function uploadIdOf(url: string, publicUrl?: string): string | null {
  let path = url;
  const base = publicUrl?.replace(/\/+$/, '');
  if (base && url.startsWith(`${base}/`)) path = url.slice(base.length);
  return uploadUrlPattern.exec(path)?.[1] ?? null;
}
