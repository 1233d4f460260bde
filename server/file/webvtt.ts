/**
 * Checks an uploaded caption file against the WebVTT file structure (W3C WebVTT, section 4.1):
 * UTF-8, an optional byte order mark, the `WEBVTT` signature on the first line, then blocks
 * separated by blank lines. A cue block is an optional identifier line, a timing line
 * `start --> end` (`hh:mm:ss.ttt` or `mm:ss.ttt`, the end after the start) and its text; NOTE, STYLE
 * and REGION blocks carry no cue. A file without any cue is refused too: it would caption nothing.
 */

/** The largest caption file accepted: an hour of dense captions is about 100 KB. */
export const captionLimitBytes = 1024 * 1024;

export type WebVttProblem =
  | { reason: 'tooLarge' }
  | { reason: 'encoding' }
  | { reason: 'header' }
  | { reason: 'timing'; line: number }
  | { reason: 'noCues' };

const timestamp = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(text: string): number | null {
  const match = timestamp.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes, secs, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/** A timing line's start and end (settings after the end are allowed), or null when it does not parse. */
function timing(line: string): { start: number; end: number } | null {
  const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(line);
  if (!match) return null;
  const start = seconds(match[1]!);
  const end = seconds(match[2]!);
  return start === null || end === null || end <= start ? null : { start, end };
}

/** Null for a valid WebVTT file with at least one cue, else what is wrong (and on which line). */
export function webVttProblem(bytes: Uint8Array): WebVttProblem | null {
  if (bytes.byteLength > captionLimitBytes) return { reason: 'tooLarge' };
  let text: string;
  try {
    // Strips one leading byte order mark, as the WebVTT parser does.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { reason: 'encoding' };
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:$|[ \t])/.test(lines[0] ?? '')) return { reason: 'header' };
  let index = 1;
  // The header block runs to the first blank line.
  while (index < lines.length && lines[index] !== '') index += 1;
  let cues = 0;
  while (index < lines.length) {
    while (index < lines.length && lines[index] === '') index += 1;
    if (index >= lines.length) break;
    const start = index;
    while (index < lines.length && lines[index] !== '') index += 1;
    const block = lines.slice(start, index);
    const first = block[0]!;
    if (/^(?:NOTE|STYLE|REGION)(?:$|[ \t])/.test(first) && !first.includes('-->')) continue;
    // The timing is the first line, or the second after an identifier (which never holds '-->').
    const at = first.includes('-->') ? 0 : 1;
    if (block[at] === undefined || !timing(block[at]!)) return { reason: 'timing', line: start + at + 1 };
    cues += 1;
  }
  return cues === 0 ? { reason: 'noCues' } : null;
}
