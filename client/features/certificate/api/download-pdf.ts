import { useMutation } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { freshToken } from '../../../lib/session';

/** Fetches a certificate's PDF with the session's token and hands it to the browser as a download. */
async function downloadCertificatePdf(code: string): Promise<void> {
  const token = await freshToken();
  let response: Response;
  try {
    response = await fetch(`/api/certificates/${encodeURIComponent(code)}.pdf`, {
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
  link.download = `certificate-${code}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadCertificatePdf = () => useMutation({ mutationFn: downloadCertificatePdf });
