import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { horizontalOverflow, noSeriousProblems, signIn } from './support';

/**
 * Admin → API clients (docs/integrating/api-clients.md), by keyboard at 1280 and 360 px: the list,
 * a new client with two scopes and an address list (a bad address and a past expiry refused at
 * their fields), its id and secret shown once and copied, the secret traded for an access token
 * that reads the courses, its last use in the list, revoking after confirming (Escape first), and
 * the secret refused afterwards. Someone without the admin role sees neither the entry nor the
 * screen. Screenshots of every state at both widths, axe on each.
 */

/** Full-page screenshots at both widths, nothing sideways at 360 px, axe at each. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    if (width === 360) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await noSeriousProblems(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Focuses a control and presses a key on it, as a keyboard user does. */
async function press(page: Page, control: Locator, key = 'Enter') {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press(key);
}

/** The course list through the API with a bearer credential: a token or the secret itself. */
const courseList = (request: APIRequestContext, bearer: string) =>
  request.get('/trpc/course.list?input=%7B%7D', { headers: { authorization: `Bearer ${bearer}` } });

test('an administrator makes an API client, uses its secret once shown, and revokes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `HR system ${Date.now().toString(36)}`;
  const nextYear = new Date().getUTCFullYear() + 1;

  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, admin, '/admin');

  await test.step('Admin → API clients, by keyboard: the list or its empty state', async () => {
    const nav = page.getByRole('navigation', { name: 'Administration', exact: true });
    await press(page, nav.getByRole('link', { name: 'API clients', exact: true }));
    await expect(page).toHaveURL(/\/admin\/api-clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API clients' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'API clients' })).toHaveAttribute('aria-current', 'page');
    const list = page.getByRole('region', { name: 'API clients' });
    await expect(list.getByText('No API clients yet.').or(list.getByRole('table'))).toBeVisible();
    await shots(page, 'list-before');
  });

  const form = await test.step('the form: name, two scopes with their explanations, addresses', async () => {
    await press(page, page.getByRole('link', { name: 'New API client' }));
    await expect(page).toHaveURL(/\/admin\/api-clients\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New API client' })).toBeVisible();
    const form = {
      name: page.getByRole('textbox', { name: 'Name' }),
      contentRead: page.getByRole('checkbox', { name: 'content:read' }),
      resultsRead: page.getByRole('checkbox', { name: 'results:read' }),
      expiry: page.getByRole('textbox', { name: 'Expiry date (optional)' }),
      addresses: page.getByRole('textbox', { name: 'Allowed addresses (optional)' }),
      create: page.getByRole('button', { name: 'Create API client' }),
    };
    await expect(page.getByRole('checkbox')).toHaveCount(7);
    await expect(form.contentRead).toHaveAccessibleDescription(/^Read courses, sections, modules/);

    // Nothing chosen: the form says so at the fields, without asking the server.
    await press(page, form.create);
    await expect(form.name).toHaveAccessibleDescription(/This field is required\./);
    await expect(form.name).toBeFocused();
    await expect(page.getByText('Choose at least one scope.')).toBeVisible();

    await form.name.focus();
    await page.keyboard.type(name);
    await press(page, form.contentRead, 'Space');
    await press(page, form.resultsRead, 'Space');
    await expect(form.contentRead).toBeChecked();
    await expect(form.resultsRead).toBeChecked();
    await form.addresses.focus();
    // The range the test's own calls come from (IPv4 or IPv6 loopback), and one that is no address.
    await page.keyboard.type('127.0.0.0/8');
    await page.keyboard.press('Enter');
    await page.keyboard.type('300.1.2.3/8');
    await page.keyboard.press('Enter');
    await page.keyboard.type('::1');
    return form;
  });

  await test.step('a bad address is refused at its field, naming its line', async () => {
    await press(page, form.create);
    await expect(form.addresses).toHaveAccessibleDescription(
      /Line 2: Enter an IP address or a range \(CIDR\), e\.g\. 192\.0\.2\.0\/24\./,
    );
    await expect(form.addresses).toHaveAttribute('aria-invalid', 'true');
    await expect(form.addresses).toBeFocused();
    await shots(page, 'form-refused');
    // Line 2 goes: select it by keyboard and delete it.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Delete');
    await expect(form.addresses).toHaveValue('127.0.0.0/8\n::1');
  });

  await test.step('an expiry in the past is refused at its field', async () => {
    await form.expiry.focus();
    await page.keyboard.type('01/01/2020');
    await press(page, form.create);
    await expect(form.expiry).toHaveAccessibleDescription(/Choose an expiry date in the future\./);
    await expect(form.expiry).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`31/12/${nextYear}`);
  });

  const credentials = await test.step('created: the id and secret, once, with copy buttons', async () => {
    await press(page, form.create);
    const heading = page.getByRole('heading', { level: 1, name: `API client ‘${name}’ created` });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText('Copy the secret now: it is shown only this once.')).toBeVisible();
    const clientId = await page.getByRole('textbox', { name: 'Client ID' }).inputValue();
    const clientSecret = await page.getByRole('textbox', { name: 'Client secret' }).inputValue();
    expect(clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(clientSecret.length).toBeGreaterThan(20);

    await press(page, page.getByRole('button', { name: 'Copy secret' }));
    await expect(page.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
    await press(page, page.getByRole('button', { name: 'Copy client ID' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientId);

    const origin = new URL(page.url()).origin;
    const example = await page.locator('pre').innerText();
    expect(example.split('\n')).toEqual([
      'curl -u "$CLIENT_ID:$CLIENT_SECRET" \\',
      `  ${origin}/oauth/token \\`,
      '  -d grant_type=client_credentials',
    ]);
    await shots(page, 'created');
    return { clientId, clientSecret };
  });

  const accessToken = await test.step('the secret buys an access token that reads the courses', async () => {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const answer = await request.post('/oauth/token', {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const token = (await answer.json()) as { access_token: string; token_type: string; scope: string };
    expect(token.token_type).toBe('Bearer');
    expect(token.scope.split(' ').sort()).toEqual(['content:read', 'results:read']);
    const courses = await courseList(request, token.access_token);
    expect(courses.status(), await courses.text()).toBe(200);
    // The secret itself works as a key too.
    expect((await courseList(request, credentials.clientSecret)).status()).toBe(200);
    return token.access_token;
  });

  const row = page.getByRole('row', { name: new RegExp(name) });

  await test.step('back to the list: the new client, working, its secret nowhere', async () => {
    await press(page, page.getByRole('link', { name: 'Done, back to the list' }));
    await expect(page).toHaveURL(/\/admin\/api-clients$/);
    await expect(row).toBeVisible();
    await expect(row).toContainText(credentials.clientId);
    await expect(row).toContainText('content:read');
    await expect(row).toContainText('results:read');
    await expect(row).toContainText('Working');
    await expect(row).toContainText(`31/12/${nextYear} 23:59 UTC`);
    await expect(row).toContainText('127.0.0.0/8');
    await expect(row).toContainText('::1');
    expect(await page.content()).not.toContain(credentials.clientSecret);
    // The last use shows once the platform noted it (moments after the calls above).
    const lastUse = row.locator('td[data-label="Last use"]');
    await expect(async () => {
      await page.reload();
      await expect(lastUse).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await shots(page, 'list-created');
  });

  await test.step('revoking asks first: Escape keeps it and gives the focus back', async () => {
    const revoke = page.getByRole('button', { name: `Revoke ‘${name}’` });
    await press(page, revoke);
    const dialog = page.getByRole('dialog', { name: 'Revoke this API client?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`‘${name}’ stops working at once`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shots(page, 'confirm');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(revoke).toBeFocused();
    expect((await courseList(request, credentials.clientSecret)).status()).toBe(200);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Revoke', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`‘${name}’ is revoked.`)).toBeVisible();
    await expect(row).toContainText('Revoked');
    await expect(revoke).toHaveCount(0);
    await expect(row.getByRole('rowheader')).toBeFocused();
    await shots(page, 'list-revoked');
  });

  await test.step('the secret and its token are refused from then on', async () => {
    expect((await courseList(request, credentials.clientSecret)).status()).toBe(401);
    expect((await courseList(request, accessToken)).status()).toBe(401);
  });

  await test.step('a second visit to the form shows an empty form, no secret', async () => {
    await page.goto('/admin/api-clients/new');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(await page.content()).not.toContain(credentials.clientSecret);
  });

  await context.close();
});

test('someone without the admin role sees no API clients entry and may not open the screen', async ({
  browser,
  page,
  request,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const teacher = await newAccount(request, 'api-clients-teacher', `Tess Teacher ${stamp}`);
  await trpc(request, await tokenOf(request, admin), 'user.setRoles', {
    _id: teacher.id,
    roles: ['teacher'],
  });

  await signIn(page, teacher.account, '/admin');
  const nav = page.getByRole('navigation', { name: 'Beheer', exact: true });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'API-clients' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API-clients' })).toHaveCount(0);
  await page.goto('/admin/api-clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  await page.goto('/admin/api-clients/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  // The server refuses the list too.
  const list = await request.get('/trpc/apiClient.list', {
    headers: { authorization: `Bearer ${teacher.token}` },
  });
  expect(list.status()).toBe(403);

  // An administrator sees the entry, in Dutch.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signIn(adminPage, admin, '/admin');
  await expect(
    adminPage
      .getByRole('navigation', { name: 'Beheer', exact: true })
      .getByRole('link', { name: 'API-clients' }),
  ).toBeVisible();
  await context.close();
});
