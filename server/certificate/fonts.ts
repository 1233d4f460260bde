import fs from 'node:fs';
import { createRequire } from 'node:module';
import sea from 'node:sea';
import { assetKeys, isBinary } from '../ops/bundled-assets';

/**
 * The certificate PDF's fonts: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence with
 * DejaVu's public-domain changes), from the npm package dejavu-fonts-ttf. They cover Latin with
 * its extensions (Vietnamese included), Greek, Cyrillic and more; the PDF embeds a subset holding
 * only the glyphs it prints. From source they are read in node_modules; the single executable
 * carries them as assets (scripts/build-binary/build.ts).
 */
export type FontWeight = 'regular' | 'bold';

/** The name the warnings give the fonts. */
export const certificateFontName = 'DejaVu Sans';

/** Each weight's file as a module specifier (resolved from node_modules). */
const certificateFontModules: Record<FontWeight, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

/** The path of a weight's file in node_modules (also used by the binary's build). */
export function certificateFontPath(weight: FontWeight): string {
  return createRequire(import.meta.url).resolve(certificateFontModules[weight]);
}

function readFont(weight: FontWeight): Uint8Array {
  // getAsset copies: the PDF library then owns bytes that are not the executable's own memory.
  if (isBinary()) return new Uint8Array(sea.getAsset(assetKeys.certificateFont(weight)));
  try {
    return fs.readFileSync(certificateFontPath(weight));
  } catch (error) {
    throw new Error(
      `The certificate font ${certificateFontModules[weight]} cannot be read (is the npm package dejavu-fonts-ttf installed?): ${(error as Error).message}`,
    );
  }
}

let fonts: Record<FontWeight, Uint8Array> | undefined;

/** Both weights' TrueType bytes, read once per process. */
export function certificateFonts(): Record<FontWeight, Uint8Array> {
  fonts ??= { regular: readFont('regular'), bold: readFont('bold') };
  return fonts;
}
