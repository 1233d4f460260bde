import { postJson } from '../../../lib/http';
import { completeSignIn, type TokenAnswer } from '../../../lib/session';

/**
 * Sign-in's second step: the first step's challenge with the app's code or a recovery code. On
 * success the session starts here and in every other tab; throws ApiError (401 wrong or spent code,
 * or a challenge too old; 429 too many codes tried).
 */
export async function signInSecondFactor(
  challenge: string,
  factor: { code: string } | { recoveryCode: string },
): Promise<void> {
  const answer = await postJson<TokenAnswer>(
    '/auth/sign-in/second-factor',
    { challenge, ...factor },
    { 'x-session': 'cookie' },
  );
  await completeSignIn(answer);
}
