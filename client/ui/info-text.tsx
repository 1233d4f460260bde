import { lazy, Suspense } from 'react';
import { hasMarkdown, paragraphs } from '../lib/text';

/** The renderer loads only for a text that needs it: most Info texts are plain paragraphs. */
const MarkdownText = lazy(() =>
  import('./markdown-text').then((module) => ({ default: module.MarkdownText })),
);

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="prose">
      {paragraphs(text).map((part) => (
        <p key={part}>{part}</p>
      ))}
    </div>
  );
}

/**
 * The Info of a course, section or module as learners read it: an author who writes **bold**, a
 * list or a link gets them rendered (MarkdownText: no raw HTML, safe links), never the marks.
 */
export function InfoText({ text }: { text: string }) {
  if (!hasMarkdown(text)) return <Paragraphs text={text} />;
  return (
    <Suspense fallback={<Paragraphs text={text} />}>
      <MarkdownText text={text} />
    </Suspense>
  );
}
