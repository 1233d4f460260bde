import './item-header.css';
import type { ReactNode } from 'react';
import { ContentImage } from './content-image';
import { imageSizes } from './images';

/**
 * The top of a course or module page: its title (and what goes with it) beside its image on a wide
 * screen, above it on a phone. Without an image, only the title.
 */
export function ItemHeader({
  image,
  children,
}: {
  image: { name: string; alt: string } | null | undefined;
  children: ReactNode;
}) {
  return (
    <header className="item-header">
      <div className="item-header__text">{children}</div>
      <ContentImage className="item-header__image" image={image} sizes={imageSizes.header} largest="main" />
    </header>
  );
}
