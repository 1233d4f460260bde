import { postJson } from '../../../lib/http';

/** Mails a new verification code when the account still needs one (the same answer either way). */
export const resendCode = (input: { email: string }) => postJson('/auth/resend', input);
