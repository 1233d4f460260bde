import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Text for HTML: the five characters that could end an element or an attribute. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;line-height:1.5;color:#1a1a1a;background:#fff}
main{max-width:40rem;margin:0 auto}h1{font-size:1.5rem}fieldset{border:1px solid #767676;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}label{display:flex;gap:.5rem;align-items:flex-start;padding:.35rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#005a9c;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}.lang{color:#595959;font-size:.875rem}`;

const submitScript = 'document.forms[0].submit();';
const submitScriptHash = `sha256-${createHash('sha256').update(submitScript).digest('base64')}`;

/**
 * A page of the LTI flows: outside the single-page app, since a platform's form post lands on it
 * before anyone is signed in. Its own policy: nothing loads, no frame holds it, its one form posts
 * to `formTarget` (the platform, for a deep-linking answer) or here, and the one script it may run
 * is the auto-submit of that form.
 */
export function sendPage(
  reply: FastifyReply,
  page: {
    status?: number;
    language: string;
    title: string;
    body: string;
    formTarget?: string;
    autoSubmit?: boolean;
  },
) {
  const formAction = ["'self'", ...(page.formTarget ? [new URL(page.formTarget).origin] : [])].join(' ');
  const policy = [
    "default-src 'none'",
    `script-src ${page.autoSubmit ? `'${submitScriptHash}'` : "'none'"}`,
    "style-src 'unsafe-inline'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return reply
    .code(page.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${escapeHtml(page.language)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title>` +
        `<style>${style}</style></head><body><main>${page.body}</main>` +
        (page.autoSubmit ? `<script>${submitScript}</script>` : '') +
        '</body></html>',
    );
}
