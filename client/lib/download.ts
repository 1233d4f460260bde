import { ApiError, NetworkError } from './http';
import { currentLanguage } from './i18n';
import { freshToken } from './session';

/**
 * The two variants of a CSV download: plain (commas, ISO times, for programs) and spreadsheet
 * (semicolons, local dates, readable headers: for Excel or LibreOffice in Dutch or French).
 */
export type CsvVariant = 'plain' | 'spreadsheet';

/** A CSV route's address for a variant: the spreadsheet one adds `for=spreadsheet`. */
export function csvUrl(url: string, variant: CsvVariant): string {
  if (variant === 'plain') return url;
  return `${url}${url.includes('?') ? '&' : '?'}for=spreadsheet`;
}

/**
 * Fetches a file from an authenticated HTTP route with the session's token and hands it to the
 * browser as a download, named by the server's content-disposition, else by `fallbackName`.
 * Refusals become an ApiError with the server's message.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = await freshToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'x-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? '', undefined, []);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(name, await response.blob());
}

/** Hands text the app already holds (an export it received) to the browser as a file download. */
export function saveTextFile(name: string, type: string, content: string): void {
  saveBlob(name, new Blob([content], { type: `${type};charset=utf-8` }));
}

function saveBlob(name: string, blob: Blob): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
