import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, vi } from 'vitest';
import en from '../../../../client/locales/en.json';
import fr from '../../../../client/locales/fr.json';
import nl from '../../../../client/locales/nl.json';
import { answerAuth } from './session';
import { resetAnswers, testClient } from './trpc-answers';

// Every tRPC call of the client goes to the test's table of answers instead of /trpc.
vi.mock('../../../../client/lib/trpc', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../client/lib/trpc')>()),
  api: testClient,
}));

// Testing Library recognises fake timers by a global `jest` only: without it, its waits (waitFor,
// findBy…, the pause after each user-event step) wait on a faked timer that never fires. Each of
// its steps also lets one real turn of the event loop pass, for what runs on real immediates
// (IndexedDB, fake-indexeddb's, under the answer queue).
const realImmediate = globalThis.setImmediate;
vi.stubGlobal('jest', {
  advanceTimersByTime: async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await new Promise((resolve) => realImmediate(resolve));
  },
});

// The session's own requests (/auth/refresh, /auth/sign-out) never leave the test either.
vi.stubGlobal('fetch', answerAuth);

beforeAll(async () => {
  const { i18nReady } = await import('../../../../client/lib/i18n');
  await i18nReady;
  // Learner and admin texts at once: the app adds the admin part when the admin area opens.
  for (const [language, texts] of Object.entries({ nl, en, fr }))
    i18next.addResourceBundle(language, 'translation', texts, true, true);
});

afterEach(async () => {
  cleanup();
  resetAnswers();
  const { queryClient } = await import('../../../../client/lib/trpc-query');
  queryClient.clear();
});
