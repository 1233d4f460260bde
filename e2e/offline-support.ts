import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { procedures, signIn } from './support';

/** The answer queue's words on the page (docs/guide/questions-and-attempts.md). */
export const queued = 'Opgeslagen op dit toestel — wordt verstuurd zodra je online bent';
export const saved = 'Je antwoorden zijn bewaard.';

export const option = (label: string, value: string, score: number) => ({ label, value, score });

/** A module with one question page made by the administrator; answers the paths. */
export async function questionPage(request: APIRequestContext, name: string, content: object[]) {
  const adminToken = await tokenOf(request, admin);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const modulePath = `${name}-${stamp}`;
  await trpc(request, adminToken, 'module.create', {
    path: modulePath,
    module: { name: `Offline ${stamp}`, language: 'nl', public: true },
  });
  const page = await trpc<{ path: string }>(request, adminToken, 'page.create', {
    parentType: 'module',
    parentPath: modulePath,
    page: { name: 'Vragen', type: 'question', content },
  });
  return { modulePath, pagePath: page.path, stamp };
}

interface QuestionState {
  answer: unknown;
  attempts: number;
  draft: unknown;
}

/** The page as the server holds it for this participant. */
export async function serverPage(request: APIRequestContext, token: string, module: string, page: string) {
  const input = encodeURIComponent(JSON.stringify({ module, page }));
  const response = await request.get(`/trpc/result.page?input=${input}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: { questions: Record<string, QuestionState> } } })
    .result.data.questions;
}

/** Cuts the browser's connection and waits until the page knows. */
export async function offline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Aborts every save, as a connection that drops them would; answers how many were tried. */
export async function failSaves(page: Page) {
  const tried = { count: 0 };
  await page.route(
    (url) => procedures(url.toString()).includes('result.save'),
    (route) => {
      tried.count += 1;
      return route.abort('internetdisconnected');
    },
  );
  return tried;
}

/** A new verified learner signed in, in a browser context of its own, on `address`. */
export async function learnerOn(
  browser: Browser,
  request: APIRequestContext,
  who: string,
  name: string,
  address: string,
  baseURL?: string,
) {
  const participant = await newAccount(request, who, name);
  const context = await browser.newContext({ locale: 'nl-BE', ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signIn(page, participant.account, address);
  return { participant, context, page };
}

/** Presses 'Check my answer' of the question holding `group`. */
export async function checkAnswer(page: Page, group: Locator) {
  await page
    .locator('.question')
    .filter({ has: group })
    .getByRole('button', { name: 'Controleer mijn antwoord' })
    .click();
}

/** Three questions, one of each kind, as many attempts as the learner likes. */
export const threeQuestions = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'jaar',
    label: 'In welk jaar was de ICPD-conferentie?',
    options: [option('1990', 'o1', 0), option('1994', 'o2', 1)],
    schema: { attempts: 0 },
  },
  {
    type: 'checkbox',
    questionType: 'multiple',
    name: 'onderdelen',
    label: 'Welke onderdelen horen bij SRGR?',
    options: [option('Anticonceptie', 'o1', 1), option('Wegenbouw', 'o2', 0)],
    schema: { attempts: 0 },
  },
  {
    type: 'textarea',
    questionType: 'open',
    name: 'mee',
    label: 'Wat neem je mee?',
    schema: { attempts: 0, maxScore: 2 },
  },
];

/** The fields of `threeQuestions` on the page, and the answers the journeys give. */
export function threeFields(page: Page) {
  const textarea = page.getByRole('textbox', { name: 'Wat neem je mee?' });
  const year = page.getByRole('group', { name: 'In welk jaar was de ICPD-conferentie?' }).getByLabel('1994');
  const parts = page.getByRole('group', { name: 'Welke onderdelen horen bij SRGR?' });
  return {
    textarea,
    year,
    parts,
    async answer() {
      await year.check();
      await parts.getByLabel('Anticonceptie').check();
      await textarea.fill('Meer aandacht voor jongeren.');
    },
  };
}

/** The server holds each of the three answers, counted once. */
export function expectThreeOnce(held: Record<string, QuestionState>) {
  expect(held.jaar).toMatchObject({ answer: 'o2', attempts: 1 });
  expect(held.onderdelen).toMatchObject({ answer: ['o1'], attempts: 1 });
  expect(held.mee).toMatchObject({ answer: 'Meer aandacht voor jongeren.', attempts: 1 });
}

export const sdgLabel = 'Welk doel gaat over gendergelijkheid?';

/** One single-choice question with this many attempts ('SDG 5' is right). */
export const sdgQuestion = (attempts: number) => ({
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: sdgLabel,
  options: [option('SDG 5', 'o1', 1), option('SDG 13', 'o2', 0)],
  schema: { attempts, info: '' },
});

/** The first save reaches the server but its answer never reaches the page; every later one is cut. */
export async function loseFirstAnswer(page: Page) {
  let delivered = false;
  await page.route(
    (url) => procedures(url.toString()).includes('result.save'),
    async (route) => {
      if (!delivered) {
        delivered = true;
        await route.fetch();
      }
      await route.abort('internetdisconnected');
    },
  );
}
