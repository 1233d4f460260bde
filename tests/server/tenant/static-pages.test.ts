import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant, TenantConfigError } from '../../../server/tenant/config';
import defaultTenant from '../../../server/tenant/default-tenant.json' with { type: 'json' };

/**
 * Static pages (docs/adr/0012-static-page-addresses-follow-the-language.md): each page has an
 * address per language, none hides another.
 */
describe('the tenant file: static pages', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-pages-'));
  const tenantWith = (staticPages: unknown) => {
    const file = path.join(folder, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...defaultTenant, staticPages }));
    return file;
  };
  const text = { nl: 'x', en: 'x', fr: 'x' };

  it('ships welcome, about, contact and privacy with an address in each language', () => {
    const pages = loadTenant().staticPages;
    expect(pages.map((page) => page.path)).toEqual(['welcome', 'about', 'contact', 'privacy']);
    expect(pages.find((page) => page.path === 'about')?.paths).toEqual({
      nl: 'over-ons',
      en: 'about',
      fr: 'a-propos',
    });
    for (const page of pages) {
      expect(Object.keys(page.paths ?? {}).sort()).toEqual(['en', 'fr', 'nl']);
      for (const language of ['nl', 'en', 'fr'] as const) {
        expect(page.title[language]).not.toBe('');
        expect(page.body[language]).not.toBe('');
      }
    }
  });

  it('takes a page without addresses per language (it answers at its name)', () => {
    const file = tenantWith([{ path: 'about', title: text, body: text }]);
    expect(loadTenant(file).staticPages[0]?.paths).toBeUndefined();
  });

  it.each([
    [
      'an address of the platform',
      [{ path: 'about', paths: { nl: 'course', en: 'about', fr: 'a-propos' }, title: text, body: text }],
      /staticPages\.0: \/course is one of the platform's own addresses/,
    ],
    ['the privacy page named gdpr', [{ path: 'gdpr', title: text, body: text }], /\/gdpr is one of/],
    [
      "another page's address",
      [
        { path: 'about', paths: { nl: 'over-ons', en: 'about', fr: 'a-propos' }, title: text, body: text },
        { path: 'team', paths: { nl: 'over-ons', en: 'team', fr: 'equipe' }, title: text, body: text },
      ],
      /staticPages\.1: \/over-ons is already the address of the page 'about'/,
    ],
    [
      'an address with capitals',
      [{ path: 'about', paths: { nl: 'Over-Ons', en: 'about', fr: 'a-propos' }, title: text, body: text }],
      /staticPages\.0\.paths\.nl: lower-case letters, digits and dashes only/,
    ],
  ])('refuses %s, naming the page', (_case, pages, message) => {
    const file = tenantWith(pages);
    expect(() => loadTenant(file)).toThrow(TenantConfigError);
    expect(() => loadTenant(file)).toThrow(message);
  });
});

describe('the tenant file: analytics', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-analytics-'));
  const tenantWith = (fields: Record<string, unknown>) => {
    const file = path.join(folder, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...defaultTenant, ...fields }));
    return file;
  };

  it('measures nothing as shipped', () => {
    expect(loadTenant().analytics).toBeNull();
  });

  it('reads the older analyticsContainer as Google Tag Manager', () => {
    expect(loadTenant(tenantWith({ analyticsContainer: 'GTM-AB12CD' })).analytics).toEqual({
      provider: 'gtm',
      containerId: 'GTM-AB12CD',
    });
  });

  it('takes Matomo and Plausible, with Plausible script by default', () => {
    const matomo = { provider: 'matomo', url: 'https://stats.example.org/', siteId: '3' };
    expect(loadTenant(tenantWith({ analytics: matomo })).analytics).toEqual(matomo);
    expect(
      loadTenant(tenantWith({ analytics: { provider: 'plausible', domain: 'learn.example.org' } })).analytics,
    ).toEqual({
      provider: 'plausible',
      domain: 'learn.example.org',
      scriptUrl: 'https://plausible.io/js/script.manual.js',
    });
  });

  it.each([
    [{ analyticsContainer: 'UA-123' }, /analyticsContainer: must be a Tag Manager container id/],
    [{ analytics: { provider: 'matomo', url: 'http://stats.example.org/', siteId: '3' } }, /https:\/\//],
    [{ analytics: { provider: 'matomo', url: 'https://stats.example.org/', siteId: 'x' } }, /site number/],
    [{ analytics: { provider: 'hotjar' } }, /analytics\.provider/],
  ])('refuses %j, naming the field', (fields, message) => {
    expect(() => loadTenant(tenantWith(fields))).toThrow(message);
  });
});
