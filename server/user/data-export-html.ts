import type { TFunction } from 'i18next';
import type { SubKey } from '../../events/errors';
import type { Party, PersonalDataExport } from './data-export';
import type { ExportLabels } from './data-export-labels';

/** Codes as they are, for a file read without the content (tests, an erased module). */
const codes: ExportLabels = {
  module: (path) => path,
  page: (path) => path,
  question: (_page, name) => name,
  answer: () => null,
};

/** Every value goes through here: the file is opened from disk, where nothing else would escape it. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** DD/MM/YYYY HH:mm in UTC (the file says so), the platform's date format. */
function when(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shown).join(', ');
  if (typeof value === 'object') {
    if (Object.keys(value).length === 0) return '—';
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${shown(inner)}`)
      .join('; ');
  }
  return String(value);
};

/**
 * The readable copy of a person's export, in their language: one self-contained page (no script, no
 * outside resource) whose tables fold into label/value cards on a phone.
 */
export function dataExportHtml(data: PersonalDataExport, t: TFunction, labels: ExportLabels = codes): string {
  const k = (key: SubKey<'dataExport.file'>, options: Record<string, unknown> = {}) =>
    escapeHtml(t(`dataExport.file.${key}`, options));
  const party = (value: Party) => k(`parties.${value}`);
  const none = `<p class="none">${k('none')}</p>`;

  /** A table whose cells carry their column's label, shown beside the value on narrow screens. */
  const table = (columns: SubKey<'dataExport.file.columns'>[], rows: string[][]) => {
    if (rows.length === 0) return none;
    const labels = columns.map((column) => k(`columns.${column}`));
    return `<table><thead><tr>${labels.map((label) => `<th scope="col">${label}</th>`).join('')}</tr></thead><tbody>${rows
      .map(
        (row) =>
          `<tr>${row.map((cell, index) => `<td data-label="${labels[index]}">${cell}</td>`).join('')}</tr>`,
      )
      .join('')}</tbody></table>`;
  };
  const section = (id: SubKey<'dataExport.file.sections'>, body: string) =>
    `<section aria-labelledby="${id}"><h2 id="${id}">${k(`sections.${id}`)}</h2>${body}</section>`;
  const list = (items: string[]) =>
    items.length === 0 ? none : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

  const p = data.profile;
  const profileRows: [SubKey<'dataExport.file.profile'>, string][] = [
    ['name', shown(p.name)],
    ['email', shown(p.email)],
    ['phone', shown(p.phone)],
    ['profession', shown(p.profession)],
    ['riziv', shown(p.riziv)],
    ['description', shown(p.description)],
    ['image', p.image ? `${p.image.name} (${p.image.alt || '—'})` : '—'],
    ['language', p.language ? t(`languages.${p.language}`, { defaultValue: p.language }) : '—'],
    ['fullPrivacy', p.fullPrivacy ? t('dataExport.file.yes') : t('dataExport.file.no')],
    ['verified', p.verified ? t('dataExport.file.yes') : t('dataExport.file.no')],
    ['createdAt', when(p.createdAt)],
    ['identityProvider', shown(p.identityProvider)],
    ['userId', data.userId],
  ];
  const profile = `<dl>${profileRows
    .map(([label, value]) => `<div><dt>${k(`profile.${label}`)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('')}</dl>`;

  const e = escapeHtml;
  const sections = [
    section('profile', profile),
    section('roles', list(data.roles)),
    section(
      'links',
      `<h3>${k('courses')}</h3>${list(data.links.courses)}<h3>${k('modules')}</h3>${list(data.links.modules)}`,
    ),
    ...(data.teaching.courses.length + data.teaching.modules.length > 0
      ? [
          section(
            'teaching',
            `<h3>${k('courses')}</h3>${list(data.teaching.courses)}<h3>${k('modules')}</h3>${list(data.teaching.modules)}`,
          ),
        ]
      : []),
    section(
      'answers',
      table(
        ['at', 'module', 'page', 'question', 'answer', 'attempt', 'score'],
        data.answers.map((a) => [
          e(when(a.at)),
          e(labels.module(a.module)),
          e(labels.page(a.page)),
          e(labels.question(a.page, a.question)),
          e(labels.answer(a.page, a.question, a.answer) ?? shown(a.answer)),
          e(a.attempt),
          e(`${a.score}/${a.maxScore}`),
        ]),
      ),
    ),
    section(
      'scores',
      table(
        ['at', 'module', 'page', 'question', 'score', 'feedback', 'by'],
        data.scores.map((s) => [
          e(when(s.at)),
          e(labels.module(s.module)),
          e(labels.page(s.page)),
          e(labels.question(s.page, s.question)),
          e(`${s.score}/${s.maxScore}`),
          e(shown(s.feedback)),
          party(s.by),
        ]),
      ),
    ),
    section(
      'drafts',
      table(
        ['at', 'module', 'page', 'question', 'answer'],
        data.drafts.map((d) => [
          e(when(d.at)),
          e(labels.module(d.module)),
          e(labels.page(d.page)),
          e(labels.question(d.page, d.question)),
          e(labels.answer(d.page, d.question, d.answer) ?? shown(d.answer)),
        ]),
      ),
    ),
    section(
      'extraAttempts',
      table(
        ['at', 'module', 'page', 'question', 'attemptsAllowed', 'by'],
        data.extraAttempts.map((x) => [
          e(when(x.at)),
          e(labels.module(x.module)),
          e(labels.page(x.page)),
          e(labels.question(x.page, x.question)),
          e(x.attemptsAllowed),
          party(x.by),
        ]),
      ),
    ),
    section(
      'certificates',
      table(
        ['at', 'what', 'item', 'code', 'expiresAt', 'by'],
        data.certificates.map((c) => [
          e(when(c.at)),
          k(`certificateEvents.${c.event}`) + (c.reason ? ` (${e(c.reason)})` : ''),
          `${k(`kinds.${c.kind === 'course' ? 'course' : 'module'}`)} ${e(c.item)}`,
          e(shown(c.code)),
          e(c.expiresAt ? when(c.expiresAt) : '—'),
          party(c.by),
        ]),
      ),
    ),
    section(
      'tracking',
      table(
        ['at', 'category', 'item'],
        data.tracking.map((s) => [e(when(s.at)), k(`categories.${s.category}`), e(s.path)]),
      ),
    ),
    section(
      'pages',
      table(
        ['at', 'module', 'page'],
        data.pages.map((s) => [e(when(s.at)), e(labels.module(s.module)), e(labels.page(s.page))]),
      ),
    ),
    section(
      'messages',
      table(
        ['at', 'what', 'module', 'page', 'message', 'by'],
        data.messages.map((m) => [
          e(when(m.at)),
          k(`messageEvents.${m.event}`),
          e(labels.module(m.module)),
          e(labels.page(m.page)),
          e(shown(m.text)),
          party(m.by),
        ]),
      ),
    ),
    section(
      'account',
      table(
        ['at', 'what', 'by', 'details'],
        data.account.map((a) => [
          e(when(a.at)),
          escapeHtml(t([`dataExport.file.events.${a.event}`], { defaultValue: a.event })),
          party(a.by),
          e(shown(a.details)),
        ]),
      ),
    ),
    section(
      'activity',
      `<p>${k('activityLead')}</p>${table(
        ['at', 'change', 'item'],
        data.activity.map((a) => [e(when(a.at)), `<code>${e(a.type)}</code>`, e(shown(a.item))]),
      )}`,
    ),
  ];

  const title = k('title', { name: p.name ?? data.userId });
  return `<!doctype html>
<html lang="${e(data.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2329;background:#fff;margin:0}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;line-height:1.2}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ccd3da;padding-bottom:.25rem}h3{font-size:1rem}
dl div{display:flex;flex-wrap:wrap;gap:0 1rem;padding:.25rem 0;border-bottom:1px solid #eef1f4}dt{font-weight:600;min-width:12rem}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid #e1e6eb;overflow-wrap:break-word}th{background:#f3f5f7}
.none,.meta{color:#56616c}code{font-size:.9em}
@media (max-width:40rem){thead{position:absolute;left:-9999px}table,tbody,tr,td{display:block}tr{border:1px solid #ccd3da;border-radius:6px;margin:0 0 .75rem;padding:.25rem .5rem}td{border:0;padding:.2rem 0;overflow-wrap:anywhere}td::before{content:attr(data-label);display:block;font-weight:600;font-size:.85rem;color:#56616c}dt{min-width:0;width:100%}}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${k('intro')}</p>
<p class="meta">${k('exportedAt', { date: when(data.exportedAt) })}</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
