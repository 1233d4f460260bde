import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';

/** What a course's copy or translation did with the original's modules (course.duplicate, course.translate). */
export type CarriedModules = RouterOutputs['course']['duplicate']['modules'];

/**
 * The sentences that say it: the modules made for the copy (unpublished), the ones linked as they
 * were, and the ones left out with the reason, so nothing is skipped without a word.
 */
export function carriedModulesTexts(t: TFunction, modules: CarriedModules, kind: 'copy' | 'translation') {
  const list = (paths: readonly string[]) => paths.join(', ');
  const texts: string[] = [];
  if (modules.made.length > 0)
    texts.push(
      t(kind === 'copy' ? 'courseCopy.made' : 'courseCopy.translated', {
        count: modules.made.length,
        list: list(modules.made),
      }),
    );
  if (modules.linked.length > 0)
    texts.push(
      t(kind === 'copy' ? 'courseCopy.shared' : 'courseCopy.existing', { list: list(modules.linked) }),
    );
  const leftOut = (reason: 'notOpened' | 'notLinkable') =>
    modules.leftOut.filter((left) => left.reason === reason).map((left) => left.path);
  if (leftOut('notOpened').length > 0)
    texts.push(t('courseCopy.notOpened', { list: list(leftOut('notOpened')) }));
  if (leftOut('notLinkable').length > 0)
    texts.push(t('courseCopy.notLinkable', { list: list(leftOut('notLinkable')) }));
  return texts;
}

/** The modules one is arriving with (history state `modules`), after duplicating or translating. */
function arrivingWith(): { modules: CarriedModules; kind: 'copy' | 'translation' } | null {
  const state = window.history.state as { notice?: unknown; modules?: CarriedModules } | null;
  if (!state?.modules || !Array.isArray(state.modules.made)) return null;
  if (state.notice === 'courseDuplicated') return { modules: state.modules, kind: 'copy' };
  if (state.notice === 'courseTranslated') return { modules: state.modules, kind: 'translation' };
  return null;
}

/** On the copy's or translation's screen, right after it was made: what became of the modules. */
export function CarriedModulesNotice() {
  const { t } = useTranslation();
  const [arrival] = useState(arrivingWith);
  if (!arrival) return null;
  const texts = carriedModulesTexts(t, arrival.modules, arrival.kind);
  if (texts.length === 0) return null;
  const leftOut = arrival.modules.leftOut.length > 0;
  return (
    <Alert tone={leftOut ? 'danger' : 'info'}>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </Alert>
  );
}
