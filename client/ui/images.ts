import { uploadIdOf } from '../../events/file/uploads';

export { uploadIdOf };

/**
 * Where the sized copies of an uploaded image are served. The derivatives job writes them beside
 * the upload (`/files/<id>/sizes/<label>.webp`, jobs/images/derivatives.ts), and the file route
 * answers a copy not made yet with the upload itself, so these addresses work from the first second.
 */
/** The widths of the uncropped standard sizes (docs/operations/storage.md), which a srcset chooses between. */
const widths = { aside: 332, main: 976, full: 1456 } as const;
export type ResponsiveWidth = keyof typeof widths;

/** The cropped sizes: a fixed box, for avatars and list thumbnails. */
export type CroppedSize = 'profile' | 'blocklist';

/** The address of a stored image ({ name, alt }) when its name is one: an upload or a web address. */
export function imageSource(image: { name: string } | null | undefined): string | null {
  const name = image?.name.trim();
  if (!name) return null;
  return /^(\/files\/|https?:\/\/)/i.test(name) ? name : null;
}

export const derivativeUrl = (uploadId: string, label: string) => `/files/${uploadId}/sizes/${label}.webp`;

/**
 * The `srcset` over an upload's sized copies (`332w, 976w, 1456w` up to `largest`), or undefined
 * for an address elsewhere on the web, which has only itself.
 */
export function srcSetOf(source: string, largest: ResponsiveWidth = 'full'): string | undefined {
  const id = uploadIdOf(source);
  if (!id) return undefined;
  const labels = (Object.keys(widths) as ResponsiveWidth[]).filter(
    (label) => widths[label] <= widths[largest],
  );
  return labels.map((label) => `${derivativeUrl(id, label)} ${widths[label]}w`).join(', ');
}

/** The smallest copy that fills a box: the cropped derivative of an upload, or the address itself. */
export function croppedSource(source: string, size: CroppedSize): string {
  const id = uploadIdOf(source);
  return id ? derivativeUrl(id, size) : source;
}

/**
 * The `sizes` of each place an item's image shows: what the layout gives it at each width (cards
 * fill the phone's width less the page's margins; three to a row on a wide screen).
 */
export const imageSizes = {
  card: '(max-width: 40rem) calc(100vw - 2rem), 20rem',
  wideCard: '(max-width: 60rem) calc(100vw - 2rem), 56rem',
  header: '(max-width: 48rem) calc(100vw - 2rem), 24rem',
  thumbnail: '8rem',
} as const;
