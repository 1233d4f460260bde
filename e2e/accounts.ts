/** Fixed accounts and ports of the e2e run, shared by playwright.config.ts and the journeys. */

/** The verified administrator the demo server ensures at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const admin = {
  // Not the demo seed's admin@example.org: the seed gives that one a random password of its own.
  email: 'e2e-admin@example.org',
  password: 'e2e-admin-password-4301',
  name: 'Administrator',
};

/** The SMTP sink the demo server mails to, and where the tests read what it received. */
export const mailSink = {
  smtpPort: 4325,
  httpPort: 4326,
};
