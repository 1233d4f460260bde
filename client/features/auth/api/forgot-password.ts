import { postJson } from '../../../lib/http';

/** Mails a code to choose a new password; never tells whether the address is known. */
export const forgotPassword = (input: { email: string }) => postJson('/auth/forgot', input);
