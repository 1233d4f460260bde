/** Fixed accounts and ports of the e2e run, shared by playwright.config.ts and the journeys. */

/** The verified administrator the demo server ensures at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const admin = {
  // Not the demo seed's admin@example.org: the seed gives that one a random password of its own.
  email: 'e2e-admin@example.org',
  password: 'e2e-admin-password-4301',
  name: 'Administrator',
};

/** The SMTP sink the demo server mails to, and where the tests read what it received. */
// E2E_PORT_OFFSET lets two runs share one machine (each helper or checkout its own ports).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const mailSink = {
  smtpPort: 4325 + offset,
  httpPort: 4326 + offset,
};
export const serverPorts = {
  demo: 4301 + offset,
  empty: 4302 + offset,
  analytics: 4303 + offset,
  // Started and stopped by e2e/offline-restart.spec.ts itself: one per parallel worker (slots 0-9),
  // so two copies of that journey (--repeat-each) never share a port or a data folder.
  restart: (slot: number) => 4310 + offset + slot,
  // Started by e2e/sessions.spec.ts with a short session lifetime, one per parallel worker.
  sessions: (slot: number) => 4330 + offset + slot,
};

/** Where the analytics server's tenant measures (a stand-in the journey serves through page.route). */
export const analyticsHost = 'https://stats.example.org';
