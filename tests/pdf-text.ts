/**
 * The text of a PDF's pages as a real parser (pdf.js, through unpdf's build without native
 * parts) reads it, one line per text run. pdf.js uses Promise.withResolvers, which Node 20 lacks:
 * it is provided here for the tests only.
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
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str) lines.push(item.str);
  }
  await pdf.cleanup();
  return lines.join('\n');
}
