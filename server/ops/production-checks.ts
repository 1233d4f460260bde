import type { Config } from '../config';

/** A setting production cannot do without (the start stops) or should not (the start warns). */
export interface StartProblem {
  level: 'refuse' | 'warn';
  variable: string;
  message: string;
}

/**
 * What a production start (NODE_ENV=production) lacks, before anything is opened. Without
 * PUBLIC_URL it refuses: every link in a mail and every certificate with its QR code would point at
 * localhost, and certificates cannot be recalled. Without SMTP_URL it warns: no mail leaves (sign-up
 * and reset codes wait in the mail_outbox table), which a platform whose accounts an administrator
 * creates, or one still being set up, may accept.
 */
export function configurationProblems(config: Config): StartProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: StartProblem[] = [];
  if (!config.PUBLIC_URL) {
    problems.push({
      level: 'refuse',
      variable: 'PUBLIC_URL',
      message:
        `PUBLIC_URL is not set: links in mails and on certificates (their QR codes too) would point at ` +
        `http://localhost:${config.PORT}. Set it to the address people reach the platform at ` +
        `(PUBLIC_URL=https://learn.example.org).`,
    });
  }
  if (!config.SMTP_URL) {
    problems.push({
      level: 'warn',
      variable: 'SMTP_URL',
      message:
        'SMTP_URL is not set: no mail leaves the platform. Nobody receives a sign-up or password reset ' +
        'code; the mails wait in the mail_outbox table. Set SMTP_URL=smtp://user:password@host:587.',
    });
  }
  return problems;
}

/**
 * Whether anyone can administer the platform once it runs: an account with the admin role in the
 * database, ADMIN_EMAIL (created or restored at every start) or the demo content about to be seeded
 * (its administrator). OIDC does not count: accounts from an external pool start as participants.
 * On an empty database nobody ever could, so the start refuses; on a database with content the
 * participants keep being served and the start warns.
 */
export function administratorProblems(
  config: Config,
  database: { empty: boolean; seeding: boolean; administrators: number },
): StartProblem[] {
  if (config.NODE_ENV !== 'production') return [];
  if (config.ADMIN_EMAIL || database.seeding || database.administrators > 0) return [];
  const remedy =
    'Set ADMIN_EMAIL and ADMIN_PASSWORD: every start creates that account with the admin role, or gives ' +
    'it back its role and password.';
  return [
    database.empty
      ? {
          level: 'refuse',
          variable: 'ADMIN_EMAIL',
          message: `No administrator: the database is empty, SEED_DEMO is false and ADMIN_EMAIL is not set, so nobody could ever create a course or an account. ${remedy}`,
        }
      : {
          level: 'warn',
          variable: 'ADMIN_EMAIL',
          message: `No administrator: no account has the admin role and ADMIN_EMAIL is not set, so nobody can manage courses, users or roles. ${remedy}`,
        },
  ];
}
