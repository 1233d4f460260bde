import type { RenderedStatement } from '../../jobs/xapi/render';

/** xAPI's `format`: `exact` as stored, `ids` identifiers only, `canonical` one language per language map. */
export type StatementFormat = 'ids' | 'exact' | 'canonical';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys whose values are language maps in the statements the platform makes. */
const languageMapKeys = new Set(['display', 'name', 'description']);

const isLanguageMap = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every((text) => typeof text === 'string');

/** The entry of a language map a reader asked for: the first accepted language it has, else `und`, else its first. */
function oneLanguage(map: Record<string, string>, accepted: string[]): Record<string, string> {
  const tags = Object.keys(map);
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  for (const wanted of accepted) {
    const found =
      tags.find((tag) => tag.toLowerCase() === wanted) ??
      tags.find((tag) => primary(tag) === primary(wanted));
    if (found) return { [found]: map[found]! };
  }
  const fallback = 'und' in map ? 'und' : tags[0];
  return fallback === undefined ? {} : { [fallback]: map[fallback]! };
}

function canonical(value: Json, accepted: string[]): Json {
  if (Array.isArray(value)) return value.map((item) => canonical(item, accepted));
  if (!isObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      languageMapKeys.has(key) && isLanguageMap(inner)
        ? oneLanguage(inner, accepted)
        : canonical(inner, accepted);
  return out;
}

const activityId = (activity: { objectType?: string; id: string }) => ({
  objectType: 'Activity',
  id: activity.id,
});

function idsOnly(statement: RenderedStatement): Json {
  const { verb, object, context, ...rest } = statement as RenderedStatement & {
    verb: { id: string };
    object: { objectType?: string; id: string };
    context?: { contextActivities: Record<string, { id: string }[]> };
  };
  const contextActivities = context
    ? Object.fromEntries(
        Object.entries(context.contextActivities).map(([kind, activities]) => [
          kind,
          activities.map(activityId),
        ]),
      )
    : null;
  return {
    ...(rest as { [key: string]: Json }),
    verb: { id: verb.id },
    object: object.objectType === 'Activity' ? activityId(object) : (object as { [key: string]: Json }),
    ...(contextActivities ? { context: { ...(context as object), contextActivities } as Json } : {}),
  };
}

/** The languages of an Accept-Language header, best first, lower-case and without weights of 0. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

export function formatStatement(
  statement: RenderedStatement,
  format: StatementFormat,
  accepted: string[],
): Json {
  if (format === 'ids') return idsOnly(statement);
  if (format === 'canonical') return canonical(statement as unknown as Json, accepted);
  return statement as unknown as Json;
}
