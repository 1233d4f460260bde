import { useMutation } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { freshToken } from '../../../lib/session';

/** Fetches every user as CSV with the session's token and hands it to the browser as users.csv. */
async function downloadUsersCsv(): Promise<void> {
  const token = await freshToken();
  let response: Response;
  try {
    response = await fetch('/api/users.csv', {
      headers: { 'x-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? '', undefined, []);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'users.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadUsersCsv = () => useMutation({ mutationFn: downloadUsersCsv });
