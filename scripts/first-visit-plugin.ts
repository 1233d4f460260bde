import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * The screens a first visit may open on, by address (client/app/routes.tsx): the lazily loaded
 * component each one renders (its name in routes.tsx, whose `import()` names the module), and the
 * reads it makes first (procedure and input, `$1`… the address's parts), in the form
 * client/app/first-data.ts puts them into the query cache. Only the learner's screens: others load
 * as before. A read listed here that the screen does not make, or makes with another input, costs
 * one request for nothing (`npm run bench -- slow3g` prints the content page's requests).
 */
type Call = [procedure: string, input?: Record<string, string>];
const firstScreens: [pattern: string, component: string, calls: Call[]][] = [
  [
    '^/(?:course/[^/]+/)?module/([^/]+)/page/([^/]+)/?$',
    'PageRoute',
    [
      ['module.byPath', { path: '$1' }],
      ['result.page', { module: '$1', page: '$2' }],
      ['result.module', { module: '$1' }],
    ],
  ],
  ['^/(?:course/[^/]+/)?module/[^/]+/result/?$', 'ResultPage', []],
  ['^/(?:course/[^/]+/)?module/([^/]+)/?$', 'ModuleRoute', []],
  [
    '^/course/([^/]+)(?:/section/[^/]+|/certificate|/team)?/?$',
    'CoursePage',
    [['course.byPath', { path: '$1' }]],
  ],
  ['^/course/?$', 'CoursesRoute', []],
  ['^/module/?$', 'ModulesRoute', []],
];

/** The module a lazily loaded component of client/app/routes.tsx comes from, without its extension. */
function lazyModules(routesFile: string): Map<string, string> {
  const source = fs.readFileSync(routesFile, 'utf8');
  const found = new Map<string, string>();
  for (const match of source.matchAll(
    /const (\w+) = lazy\(\s*\(\) =>\s*(?:Promise\.all\(\[\s*)?import\('([^']+)'\)/g,
  ))
    found.set(match[1]!, path.resolve(path.dirname(routesFile), match[2]!));
  return found;
}

/** What every screen reads first: the tenant's configuration, and who is signed in. */
const everyScreen: Call[] = [['tenant.get'], ['user.me']];

/** The learner texts of each language (client/lib/i18n.ts), a chunk each. */
const textsModule = /^\0texts:learner:.*[\\/](nl|en|fr)\.json\.js$/;

interface Files {
  scripts: string[];
  styles: string[];
}

/**
 * A chunk's file with every chunk it imports statically and their CSS, minus what the page's entry
 * already brings: what `import()` of it fetches (Vite's preload list).
 */
function filesOf(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, loaded: Set<string>): Files {
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (file: string) => {
    if (loaded.has(file) || scripts.includes(`/${file}`)) return;
    const each = bundle[file];
    if (each?.type !== 'chunk') return;
    scripts.push(`/${file}`);
    for (const css of each.viteMetadata?.importedCss ?? []) styles.push(`/${css}`);
    for (const imported of each.imports) visit(imported);
  };
  visit(chunk.fileName);
  return { scripts, styles };
}

/** Every chunk the entry loads before it runs (its static imports, transitively). */
function entryFiles(bundle: Rollup.OutputBundle): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    const each = bundle[file];
    if (loaded.has(file) || !each || each.type !== 'chunk') return;
    loaded.add(file);
    for (const imported of each.imports) visit(imported);
  };
  for (const each of Object.values(bundle)) if (each.type === 'chunk' && each.isEntry) visit(each.fileName);
  return loaded;
}

/**
 * The script that starts a first visit's requests from the HTML itself, while the entry script
 * still travels: the session check (`/auth/refresh`, under the same lock as client/lib/session.ts,
 * which takes its answer), the texts of the language the interface will show (the same choice as
 * client/lib/i18n.ts: the one picked in the footer, else the browser's, else nl), the current
 * screen's chunks and styles, and, where the browser holds a session (client/lib/session.ts's hint
 * cookie), the screen's first reads in one tRPC batch once the session check answers
 * (client/app/first-data.ts hands their answers to the query cache). Without it each
 * waited for the one before: entry, texts, screen, session, data, a round trip each, 2 s apiece on a
 * slow mobile connection. The server allows exactly this script by its hash
 * (server/plugins/static-client.ts).
 */
function bootScript(texts: Record<string, Files>, screens: [string, Files, Call[]][]): string {
  const data = JSON.stringify({ texts, screens, every: everyScreen });
  return `(function(){var d=${data},h=document.head,l,i,m,s;
try{l=localStorage.getItem('language')}catch(e){}
var c=[l].concat(navigator.languages||[navigator.language]);for(i=0;i<c.length;i++){var x=String(c[i]||'').toLowerCase().split('-')[0];if(d.texts[x]){l=x;break}l=null}
l=l||'nl';
for(i=0;i<d.screens.length;i++){m=new RegExp(d.screens[i][0]).exec(location.pathname);if(m){s=d.screens[i];break}}
function add(rel,href,as){var e=document.createElement('link');e.rel=rel;e.href=href;if(as)e.as=as;e.crossOrigin='';h.appendChild(e)}
function load(f){f.scripts.forEach(function(s){add('modulepreload',s)});f.styles.forEach(function(s){add('preload',s,'style')})}
function ask(){var r=fetch('/auth/refresh',{method:'POST',credentials:'same-origin',headers:{'x-language':l},priority:'high'});load(d.texts[l]);if(s)load(s[1]);return r}
var check=window.__srhrSessionCheck=navigator.locks?navigator.locks.request('srhr-session-refresh',ask):ask();check.catch(function(){});
var hint=/(?:^|;\\s*)srhr_session=(\\d+)/.exec(document.cookie);if(!hint||Number(hint[1])<Date.now())return;
var calls=d.every.concat(s?s[2]:[]).map(function(call){var input;if(call[1]){input={};for(var k in call[1])input[k]=decodeURIComponent(call[1][k].replace(/\\$(\\d)/,function(_,n){return m[n]}))}return [call[0],input]});
var answers=check.then(function(r){return r.ok?r.clone().json():Promise.reject(r.status)}).then(function(t){var inputs={};calls.forEach(function(call,n){if(call[1])inputs[n]=call[1]});
return fetch('/trpc/'+calls.map(function(call){return call[0]}).join(',')+'?batch=1&input='+encodeURIComponent(JSON.stringify(inputs)),{headers:{'x-language':l,authorization:'Bearer '+t.idToken},priority:'high'})}).then(function(r){return r.json()});
answers.catch(function(){});window.__srhrFirstData={calls:calls,answers:answers};
})();`;
}

/** The boot script above, written into the built index.html. */
export function firstVisit(): Plugin {
  let root = '';
  return {
    name: 'srhr:first-visit',
    apply: 'build',
    configResolved(config) {
      root = path.resolve(config.root, '..');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const loaded = entryFiles(bundle);
        const chunks = Object.values(bundle).filter((each) => each.type === 'chunk');
        const texts: Record<string, Files> = {};
        for (const chunk of chunks) {
          const language = chunk.facadeModuleId ? textsModule.exec(chunk.facadeModuleId)?.[1] : undefined;
          if (language) texts[language] = filesOf(chunk, bundle, loaded);
        }
        const modules = lazyModules(path.join(root, 'client/app/routes.tsx'));
        const screens: [string, Files, Call[]][] = [];
        for (const [pattern, component, calls] of firstScreens) {
          const module = modules.get(component);
          const chunk = module
            ? chunks.find((each) => each.facadeModuleId?.replace(/\.tsx?$/, '') === module)
            : undefined;
          // A renamed screen loads as it did before this script, and says so at every build.
          if (!chunk) {
            this.warn(`first-visit: no lazily loaded ${component} in client/app/routes.tsx; not preloaded`);
            continue;
          }
          screens.push([pattern, filesOf(chunk, bundle, loaded), calls]);
        }
        if (Object.keys(texts).length !== 3)
          throw new Error('first-visit: the learner texts chunks are missing');
        // Before the stylesheet: a classic script after one waits until it has loaded.
        if (!html.includes('</title>')) throw new Error('first-visit: index.html has no <title>');
        return html.replace('</title>', () => `</title>\n    <script>${bootScript(texts, screens)}</script>`);
      },
    },
  };
}
