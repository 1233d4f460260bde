import { postJson } from '../../../lib/http';
import { completeSignIn, type TokenAnswer } from '../../../lib/session';

/**
 * Sets the first password with the invitation link's token and signs in. Answers false when the
 * account asks for a second factor: the person then signs in on /login.
 */
export async function acceptInvitation(input: { token: string; password: string }): Promise<boolean> {
  const answer = await postJson<TokenAnswer | { message: string }>('/auth/invitation', input, {
    'x-session': 'cookie',
  });
  if (!('idToken' in answer)) return false;
  await completeSignIn(answer);
  return true;
}

/** Mails a new invitation link when the account still waits for its first password; same answer either way. */
export const resendInvitation = (input: { email: string }) => postJson('/auth/invitation/resend', input);
