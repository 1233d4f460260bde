import type { SignUpInput } from '../../../../events/user/commands';
import { postJson } from '../../../lib/http';

/** Creates an unverified account and mails a 6-digit code; the same answer for a known address. */
export const signUp = (input: SignUpInput) => postJson('/auth/sign-up', input);
