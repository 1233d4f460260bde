import { expect, test } from '@playwright/test';
import { actorNameOf } from '../projections/xapi/vocabulary';
import { admin } from './accounts';
import { newAccount, tokenOf } from './api';
import { procedures, signIn } from './support';

const course = 'srgr-basis';
const module = 'srgr-begrippen';
const experienced = 'http://adlnet.gov/expapi/verbs/experienced';

interface Statement {
  actor: { account: { name: string } };
  verb: { id: string };
  object: { id: string };
  context?: { contextActivities: { parent: { id: string }[] } };
}

/**
 * A learner who opens a module page is said to have experienced it, in the xAPI statements
 * (docs/integrating/xapi.md) an administrator reads (GET /xapi/statements). The page sends one
 * sighting of its own once it has rendered, outside the batch of the page view.
 */
test('a module page a learner opened is an experienced statement for the administrator', async ({
  page,
  request,
  baseURL,
}) => {
  const learner = await newAccount(request, 'xapi-page', 'Xena Xapi');
  await signIn(page, learner.account, `/course/${course}/module/${module}`);
  const first = page.getByRole('link', { name: 'Wat is SRGR?' }).first();
  const href = (await first.getAttribute('href')) ?? '';
  const pagePath = href.split('/page/')[1] ?? '';
  expect(pagePath).not.toBe('');

  await test.step('open the page: one sighting, alone in its request', async () => {
    const sighting = page.waitForResponse((response) =>
      procedures(response.url()).includes('tracking.pageSeen'),
    );
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const response = await sighting;
    expect(response.ok(), await response.text()).toBe(true);
    expect(procedures(response.url())).toEqual(['tracking.pageSeen']);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
      0: { module, page: pagePath },
    });
  });

  await test.step("the administrator's statements list the page as experienced", async () => {
    const token = await tokenOf(request, admin);
    const activity = `${baseURL}/module/${module}/${pagePath}`;
    const query = `verb=${encodeURIComponent(experienced)}&activity=${encodeURIComponent(activity)}`;
    const response = await request.get(`/xapi/statements?${query}`, {
      headers: { authorization: `Bearer ${token}`, 'x-experience-api-version': '1.0.3' },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const { statements } = (await response.json()) as { statements: Statement[] };
    const mine = statements.filter((entry) => entry.actor.account.name === actorNameOf(learner.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      verb: { id: experienced },
      object: { id: activity },
      context: { contextActivities: { parent: [{ id: `${baseURL}/module/${module}` }] } },
    });
  });
});
