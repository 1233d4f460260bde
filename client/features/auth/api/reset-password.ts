import { postJson } from '../../../lib/http';

/** Sets a new password with the mailed code (also how an invited person chooses their first one). */
export const resetPassword = (input: { email: string; code: string; password: string }) =>
  postJson('/auth/reset', input);
