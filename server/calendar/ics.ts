/**
 * A small iCalendar (RFC 5545) writer for the live sessions' downloads: what a calendar needs of
 * one or more events, with the format's rules (section 3.1 line folding at 75 octets, CRLF line
 * ends, 3.3.11 text escaping, 3.3.5 UTC times) kept in one place and tested against them.
 */

export interface CalendarEvent {
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  /** When this copy was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  /** Without an end the event lasts no time (RFC 5545 3.6.1 for a DTSTART with a time). */
  end: Date | null;
  summary: string;
  description: string;
  url: string;
}

const crlf = '\r\n';
const maxOctets = 75;

/** A TEXT value (3.3.11): backslash, semicolon and comma escaped; every line break becomes `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A moment as a UTC DATE-TIME (3.3.5, form #2): `19980119T070000Z`, without fractions of a second. */
export function utcDateTime(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * One content line folded (3.1): no line longer than 75 octets, each continuation starting with a
 * space that counts in its 75. A character never splits across lines (its UTF-8 octets stay together).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const width = octets(character);
    if (size + width > maxOctets) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += character;
    size += width;
  }
  parts.push(current);
  return parts.join(crlf);
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    ...(event.end ? [`DTEND:${utcDateTime(event.end)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // A URI value (3.3.13) is not TEXT: its commas and semicolons stay as they are.
    `URL:${event.url}`,
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR object: folded content lines, each ended by CRLF (the last one too). */
export function calendarText(calendar: {
  productId: string;
  name: string;
  events: readonly CalendarEvent[];
}) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => foldLine(line) + crlf).join('');
}
