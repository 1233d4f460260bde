import { postJson } from '../../../lib/http';

/** Verifies the account with the mailed code. */
export const verifyAccount = (input: { email: string; code: string }) => postJson('/auth/verify', input);
