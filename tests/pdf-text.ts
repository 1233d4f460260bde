import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The text of a PDF's pages as a real parser (pdf.js) reads it, one line per text run. pdf.js
 * uses Promise.withResolvers, which Node 20 lacks: it is provided here for the tests only.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const created = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise: created, resolve, reject };
  };
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const task = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts });
  const pdf = await task.promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str) lines.push(item.str);
  }
  await task.destroy();
  return lines.join('\n');
}
