import type { UploadSize } from '../../events/upload/schema';
import { ApiError, answerOf, NetworkError } from './http';
import { currentLanguage } from './i18n';
import { freshToken } from './session';

/** The answer of POST /api/uploads (server/files/routes.ts). */
export interface UploadedFile {
  id: string;
  /** Where the file is served: /files/<id>/<name>. */
  url: string;
  name: string;
  type: string;
  size: number;
  /** An image: its derivatives are being made (see `fetchDerivatives`). */
  image: boolean;
}

export interface Derivative {
  label: string;
  width: number;
  height: number;
  url: string;
}

export interface UploadRequest {
  file: File;
  /**
   * 'profile': one's own profile picture, which anyone signed in may upload (an image only);
   * anything else needs the create right.
   */
  purpose?: 'profile';
  quality?: number;
  sizes?: UploadSize[];
}

async function authorizedHeaders(): Promise<Record<string, string>> {
  const token = await freshToken();
  return { 'x-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** Sends one file (with an image's quality and extra sizes) as multipart/form-data. */
export async function uploadFile({
  file,
  quality,
  sizes = [],
  purpose,
}: UploadRequest): Promise<UploadedFile> {
  const body = new FormData();
  if (purpose) body.append('purpose', purpose);
  if (quality !== undefined) body.append('quality', String(quality));
  if (sizes.length > 0) body.append('sizes', JSON.stringify(sizes));
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', headers: await authorizedHeaders(), body });
  } catch {
    throw new NetworkError();
  }
  return answerOf<UploadedFile>(response);
}

/** Which derivatives of an image upload exist; `done` once the job has made all of them. */
export async function fetchDerivatives(id: string): Promise<{ done: boolean; derivatives: Derivative[] }> {
  let response: Response;
  try {
    response = await fetch(`/api/uploads/${encodeURIComponent(id)}/derivatives`);
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw new ApiError(response.status, '', undefined, []);
  return (await response.json()) as { done: boolean; derivatives: Derivative[] };
}
