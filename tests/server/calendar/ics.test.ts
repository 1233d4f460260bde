import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine, utcDateTime } from '../../../server/calendar/ics';

/** The iCalendar writer against RFC 5545: folding (3.1), TEXT escaping (3.3.11), UTC times (3.3.5). */
const octets = (text: string) => new TextEncoder().encode(text).length;

/** RFC 5545 3.1 unfolding: a CRLF followed by one space or tab disappears. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes every kind of line break as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    // A colon needs no escape in a value.
    expect(escapeText('Room: 1')).toBe('Room: 1');
    // The backslash goes first, or the escapes themselves would be doubled.
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });
});

describe('utcDateTime', () => {
  it('writes the moment in UTC with Z and without fractions, whatever its offset', () => {
    expect(utcDateTime(new Date('2026-11-24T09:00:00+01:00'))).toBe('20261124T080000Z');
    expect(utcDateTime(new Date('2026-06-30T23:30:15.987-02:00'))).toBe('20260701T013015Z');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a continuation line', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldLine(exact)).toBe(exact);
    const longer = `${exact}y`;
    expect(foldLine(longer)).toBe(`${exact}\r\n y`);
  });

  it('keeps every line within 75 octets, the leading space included, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(30)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(5);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('counts octets, not characters, and never splits a character', () => {
    // 'é' is two octets, '🎓' four: 40 of them are 80 and 160 octets.
    for (const character of ['é', '🎓']) {
      const line = `SUMMARY:${character.repeat(40)}`;
      const folded = foldLine(line);
      for (const part of folded.split('\r\n')) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        expect(part).not.toContain('\uFFFD');
        // Each part decodes to whole characters only.
        expect([...part.trimStart()].every((c) => c === character || 'SUMARY:'.includes(c))).toBe(true);
      }
      expect(unfold(folded)).toBe(line);
    }
  });
});

describe('calendarText', () => {
  const event = {
    uid: 'section-1-live@learn.example.org',
    stamp: new Date('2026-11-20T10:00:00Z'),
    start: new Date('2026-11-24T09:00:00+01:00'),
    end: new Date('2026-11-24T12:00:00+01:00'),
    summary: 'Session, part 1; intro',
    description: `Bring paper.\n\nhttps://learn.example.org/course/c/section/s/classroom/Live%20${'x'.repeat(80)}`,
    url: 'https://learn.example.org/course/c/section/s/classroom/Live%20session?a=1,2;3',
  };

  it('is a VCALENDAR with one VEVENT, CRLF after every line and nothing bare', () => {
    const text = calendarText({
      productId: '-//learn.example.org//Live sessions//EN',
      name: 'S',
      events: [event],
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const lines = unfold(text).split('\r\n');
    expect(lines).toContain('UID:section-1-live@learn.example.org');
    expect(lines).toContain('DTSTAMP:20261120T100000Z');
    expect(lines).toContain('DTSTART:20261124T080000Z');
    expect(lines).toContain('DTEND:20261124T110000Z');
    expect(lines).toContain('SUMMARY:Session\\, part 1\\; intro');
    expect(lines).toContain(`DESCRIPTION:Bring paper.\\n\\n${event.description.split('\n\n')[1]}`);
    // A URI is not TEXT: its commas and semicolons stay.
    expect(lines).toContain(`URL:${event.url}`);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('leaves DTEND out of an event without an end', () => {
    const text = calendarText({ productId: 'p', name: 'S', events: [{ ...event, end: null }] });
    expect(text).not.toContain('DTEND');
    expect(text).toContain('DTSTART:20261124T080000Z');
  });
});
