import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '../../../../client/app/providers';
import type { InterfaceLanguage } from '../../../../client/lib/languages';
import { type Answers, answer } from './trpc-answers';

export interface RenderOptions {
  /** The interface language, with the real texts of client/locales (default en). */
  language?: InterfaceLanguage;
  /** The address the component is shown at (wouter's location; default '/'). */
  path?: string;
  /** What tRPC procedures answer (more can be added with `answer` at any time). */
  answers?: Answers;
}

/**
 * Renders `ui` inside the app's own providers (its query client and session, i18next with the real
 * texts), its tRPC calls answered from the test's table and its links and navigation kept in
 * memory. `user` is a user-event session; under fake timers it moves them along.
 */
export async function renderApp(ui: ReactElement, options: RenderOptions = {}) {
  await i18next.changeLanguage(options.language ?? 'en');
  if (options.answers) answer(options.answers);
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  // Under fake timers user-event must not wait on a timer between its steps: none would fire.
  const user = userEvent.setup(vi.isFakeTimers() ? { delay: null } : {});
  const view = render(
    <AppProviders>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
  );
  return { ...view, user, location };
}
