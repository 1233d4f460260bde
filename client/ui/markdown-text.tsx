import { micromark } from 'micromark';
import { useMemo } from 'react';

/** Raw HTML in an author's text is dropped: neither shown nor run. */
const withoutHtml = { exit: { htmlFlowData: () => undefined, htmlTextData: () => undefined } };

/**
 * An author's Markdown (CommonMark) as the learner and the editor's preview see it. micromark
 * writes the HTML: raw HTML left out (above), text escaped, and links and images only with safe
 * protocols (http, https, mailto and relative), so the string is safe as the element's content.
 * It replaces react-markdown, whose syntax-tree pipeline cost a content page about 30 KB of
 * compressed JavaScript (the learner's 150 KB budget: docs/development/performance.md).
 */
export const markdownHtml = (text: string) => micromark(text, { htmlExtensions: [withoutHtml] });

export function MarkdownText({ text, className = 'prose' }: { text: string; className?: string }) {
  const html = useMemo(() => markdownHtml(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's output without raw HTML or unsafe URLs (above)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
