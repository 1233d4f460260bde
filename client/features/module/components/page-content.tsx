import '../learner.css';
import type { ReactNode } from 'react';
import type { PublicElement } from '../../../../events/page/content';
import { MarkdownText } from '../../../ui/markdown-text';
import { VideoPlayer } from './video-player';

export type PageQuestion = Extract<PublicElement, { questionType: string }>;

/**
 * A page's elements in order: text (Markdown, never raw HTML), videos and questions, each question
 * drawn by the caller (who holds the answers). `skip` leaves out questions shown elsewhere (at the
 * stops of an interactive video).
 */
export function PageContent({
  elements,
  language,
  renderQuestion,
  skip,
}: {
  elements: PublicElement[];
  language?: string;
  renderQuestion: (question: PageQuestion) => ReactNode;
  skip?: ReadonlySet<string>;
}) {
  return (
    <div className="page-content" lang={language}>
      {elements.map((element) => {
        if (skip?.has(element.name)) return null;
        switch (element.type) {
          case 'markdown':
            return <MarkdownText key={element.name} text={element.text} />;
          case 'video':
            return (
              <VideoPlayer
                key={element.name}
                url={element.url}
                title={element.name}
                tracks={element.tracks}
              />
            );
          default:
            return <div key={element.name}>{renderQuestion(element)}</div>;
        }
      })}
    </div>
  );
}
