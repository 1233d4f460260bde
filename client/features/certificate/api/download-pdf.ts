import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** A certificate's PDF, for its holder, admins and the item's teachers. */
const downloadCertificatePdf = (code: string) =>
  downloadFile(`/api/certificates/${encodeURIComponent(code)}.pdf`, `certificate-${code}.pdf`);

export const useDownloadCertificatePdf = () => useMutation({ mutationFn: downloadCertificatePdf });
