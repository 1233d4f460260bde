import { boldWidths, regularWidths } from './helvetica-widths';

/**
 * A small PDF 1.4 writer for one-page documents in the standard Helvetica fonts: text, lines and
 * filled rectangles. It needs no font files (every PDF reader has Helvetica), so it runs the same
 * from node_modules, the bundle and the single binary. Text is WinAnsi-encoded; characters outside
 * it print as '?'.
 */
export type FontName = 'regular' | 'bold';

const winAnsiExtras: Record<number, number> = {
  8364: 128,
  8218: 130,
  402: 131,
  8222: 132,
  8230: 133,
  8224: 134,
  8225: 135,
  710: 136,
  8240: 137,
  352: 138,
  8249: 139,
  338: 140,
  381: 142,
  8216: 145,
  8217: 146,
  8220: 147,
  8221: 148,
  8226: 149,
  8211: 150,
  8212: 151,
  732: 152,
  8482: 153,
  353: 154,
  8250: 155,
  339: 156,
  382: 158,
  376: 159,
};

/** The WinAnsi code of a character, or '?' (63) when it has none. */
function winAnsiCode(char: string): number {
  const code = char.codePointAt(0) ?? 63;
  if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255)) return code;
  return winAnsiExtras[code] ?? 63;
}

const widthTables: Record<FontName, readonly number[]> = { regular: regularWidths, bold: boldWidths };

/** The width of a text in points at a font size. */
export function textWidth(text: string, font: FontName, size: number): number {
  let units = 0;
  for (const char of text) units += widthTables[font][winAnsiCode(char) - 32] ?? 556;
  return (units * size) / 1000;
}

/** Splits a text into lines no wider than `width`, keeping its own line breaks. */
export function wrapText(text: string, font: FontName, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && textWidth(candidate, font, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF string literal of a text, WinAnsi bytes with ( ) \ escaped. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = winAnsiCode(char);
    if (code === 40 || code === 41 || code === 92) out += `\\${String.fromCharCode(code)}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

const num = (value: number) => Number(value.toFixed(2)).toString();

export class PdfPage {
  readonly operations: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Text with its baseline at y (from the bottom), in a grey level from 0 (black) to 1. */
  text(text: string, x: number, y: number, font: FontName, size: number, grey = 0): void {
    const fontKey = font === 'bold' ? 'F2' : 'F1';
    this.operations.push(
      `BT ${num(grey)} g /${fontKey} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`,
    );
  }

  centred(text: string, y: number, font: FontName, size: number, grey = 0): void {
    this.text(text, (this.width - textWidth(text, font, size)) / 2, y, font, size, grey);
  }

  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, grey = 0): void {
    this.operations.push(
      `${num(grey)} G ${num(lineWidth)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  rectangle(x: number, y: number, width: number, height: number, lineWidth: number, grey = 0): void {
    this.operations.push(
      `${num(grey)} G ${num(lineWidth)} w ${num(x)} ${num(y)} ${num(width)} ${num(height)} re S`,
    );
  }

  /** Filled black squares, e.g. the modules of a QR code. */
  fill(squares: { x: number; y: number; size: number }[]): void {
    if (squares.length === 0) return;
    const body = squares.map((s) => `${num(s.x)} ${num(s.y)} ${num(s.size)} ${num(s.size)} re`).join('\n');
    this.operations.push(`0 g\n${body}\nf`);
  }
}

/** The bytes of a one-page PDF with the page's drawing and a title. */
export function writePdf(page: PdfPage, title: string): Buffer {
  const content = page.operations.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (SRHR learning platform) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
