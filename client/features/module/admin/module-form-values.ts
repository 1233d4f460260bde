import type { ModuleInput } from '../../../../events/module/commands';
import { languages } from '../../../../events/shared/fields';

export type ModuleFormValues = ModuleInput;

/** A module's editable fields from what the server answers (or blanks for a new one). */
export function moduleFormValues(module?: Partial<ModuleInput> | null, language = 'en'): ModuleFormValues {
  return {
    name: module?.name ?? '',
    language: module?.language ?? (languages as readonly string[]).find((code) => code === language) ?? 'en',
    info: module?.info ?? '',
    originId: module?.originId ?? null,
    public: module?.public ?? true,
    onHome: module?.onHome ?? false,
    showCorrect: module?.showCorrect ?? false,
    test: module?.test ?? false,
    anonymousPages: module?.anonymousPages ?? false,
    randomized: [...(module?.randomized ?? [])],
    gateProgress: module?.gateProgress ?? false,
    gateConfig: [...(module?.gateConfig ?? [])],
    image: module?.image ?? null,
    // A new module starts where learners learn most: the verdict with the author's feedback; a test
    // reveals nothing before its end.
    checkReveals: module?.checkReveals ?? (module?.test ? 'nothing' : 'feedback'),
  } as ModuleFormValues;
}
