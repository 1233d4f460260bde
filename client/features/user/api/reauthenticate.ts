import { postJson } from '../../../lib/http';
import { freshToken } from '../../../lib/session';

export interface ReauthInput {
  password: string;
  code?: string;
  recoveryCode?: string;
}

/**
 * Signs in again inside the session (password, and the second factor when enrolled): answers the
 * proof a sensitive change of one's own account asks for, good for a few minutes. Throws ApiError
 * (400 wrong password or code missing, 401 wrong code, 429 too many tries).
 */
export async function reauthenticate(input: ReauthInput): Promise<string> {
  const token = await freshToken();
  const answer = await postJson<{ reauth: string }>(
    '/auth/reauth',
    input,
    token ? { authorization: `Bearer ${token}` } : {},
  );
  return answer.reauth;
}
