import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../../../lib/download';
import { api } from '../../../lib/trpc';

export type CredentialFormat = 'jwt' | 'json';

/**
 * A certificate as an Open Badges 3.0 credential: the signed VC-JWT a wallet imports (`.jwt`), or
 * the readable credential it carries (`.json`, without a signature of its own).
 */
async function downloadCredential({ code, format }: { code: string; format: CredentialFormat }) {
  const { jwt, credential } = await api.badge.credential.query({ code });
  if (format === 'jwt') saveTextFile(`certificate-${code}.jwt`, 'application/vc+jwt', jwt);
  else
    saveTextFile(`certificate-${code}.json`, 'application/json', `${JSON.stringify(credential, null, 2)}\n`);
}

export const useDownloadCredential = () => useMutation({ mutationFn: downloadCredential });
