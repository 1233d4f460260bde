import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { administratorProblems, configurationProblems } from '../../server/ops/production-checks';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://learn.example.org',
  SMTP_URL: 'smtp://mail.example.org:587',
};
const levels = (problems: { level: string; variable: string }[]) =>
  problems.map(({ level, variable }) => `${level} ${variable}`);

describe('a production start', () => {
  it('refuses without PUBLIC_URL: certificates and their QR codes would point at localhost', () => {
    const problems = configurationProblems(loadConfig({ ...production, PUBLIC_URL: '' }));
    expect(levels(problems)).toEqual(['refuse PUBLIC_URL']);
    expect(problems[0]!.message).toMatch(/QR codes .* http:\/\/localhost:3000/);
  });

  it('warns without SMTP_URL: nobody receives a sign-up code', () => {
    const problems = configurationProblems(loadConfig({ ...production, SMTP_URL: undefined }));
    expect(levels(problems)).toEqual(['warn SMTP_URL']);
    expect(problems[0]!.message).toMatch(/sign-up/);
  });

  it('has nothing to say when both are set, nor outside production', () => {
    expect(configurationProblems(loadConfig(production))).toEqual([]);
    expect(configurationProblems(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(configurationProblems(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });

  const database = { empty: true, seeding: false, administrators: 0 };
  const bare = loadConfig({ ...production, SEED_DEMO: 'false' });

  it('refuses when nobody could ever administer an empty database', () => {
    expect(levels(administratorProblems(bare, database))).toEqual(['refuse ADMIN_EMAIL']);
    // OIDC accounts start as participants: an external pool makes no administrator either.
    const oidc = loadConfig({ ...production, OIDC_ISSUER: 'https://id.example.org', OIDC_AUDIENCE: 'app' });
    expect(levels(administratorProblems(oidc, database))).toEqual(['refuse ADMIN_EMAIL']);
  });

  it('warns, and keeps serving, when a database with content has no administrator', () => {
    const problems = administratorProblems(bare, { ...database, empty: false });
    expect(levels(problems)).toEqual(['warn ADMIN_EMAIL']);
    expect(problems[0]!.message).toMatch(/ADMIN_PASSWORD/);
  });

  it('is content with ADMIN_EMAIL, an admin account, or the demo administrator about to be seeded', () => {
    const withAdmin = loadConfig({
      ...production,
      ADMIN_EMAIL: 'a@example.org',
      ADMIN_PASSWORD: 'long enough 1',
    });
    expect(administratorProblems(withAdmin, database)).toEqual([]);
    expect(administratorProblems(bare, { ...database, empty: false, administrators: 1 })).toEqual([]);
    expect(administratorProblems(bare, { ...database, seeding: true })).toEqual([]);
    expect(administratorProblems(loadConfig({ SEED_DEMO: 'false' }), database)).toEqual([]);
  });
});
