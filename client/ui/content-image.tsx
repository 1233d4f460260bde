import { imageSource, type ResponsiveWidth, srcSetOf } from './images';

/**
 * An item's image (course, section, module) at the size its place needs: the browser picks the
 * smallest sized copy that fills `sizes`, so a phone never fetches the original upload. Nothing
 * when the item has no image with an address.
 */
export function ContentImage({
  image,
  sizes,
  largest = 'full',
  className,
  lazy = false,
}: {
  image: { name: string; alt: string } | null | undefined;
  /** The rendered width, as the `sizes` attribute says it (media conditions and lengths). */
  sizes: string;
  /** The largest copy worth offering for this place. */
  largest?: ResponsiveWidth;
  className?: string;
  lazy?: boolean;
}) {
  const source = imageSource(image);
  if (!source || !image) return null;
  const srcSet = srcSetOf(source, largest);
  return (
    <img
      className={className}
      src={source}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
