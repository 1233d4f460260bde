import { describe, expect, it } from 'vitest';
import { captionLimitBytes, webVttProblem } from '../../../server/file/webvtt';

const bytes = (text: string) => new TextEncoder().encode(text);

const valid = [
  'WEBVTT - Les 1',
  '',
  'NOTE made by hand',
  '',
  '1',
  '00:00:00.500 --> 00:00:02.000',
  'Welkom bij deze les.',
  '',
  '00:02.000 --> 00:04.000 line:90% align:center',
  'Twee regels,',
  'één cue.',
  '',
].join('\n');

describe('WebVTT check', () => {
  it('accepts a file with a header text, a note, an identifier, both timestamp forms and cue settings', () => {
    expect(webVttProblem(bytes(valid))).toBeNull();
    expect(webVttProblem(bytes(valid.replaceAll('\n', '\r\n')))).toBeNull();
    expect(webVttProblem(bytes('WEBVTT\n\n01:00:00.000 --> 101:00:00.000\nLong\n'))).toBeNull();
  });

  it('accepts one leading byte order mark', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(valid)]);
    expect(webVttProblem(bom)).toBeNull();
  });

  it('refuses a file without the WEBVTT signature on its first line', () => {
    expect(webVttProblem(bytes(valid.replace('WEBVTT', '')))).toEqual({ reason: 'header' });
    expect(webVttProblem(bytes(`\n${valid}`))).toEqual({ reason: 'header' });
    expect(webVttProblem(bytes(valid.replace('WEBVTT -', 'WEBVTTX')))).toEqual({ reason: 'header' });
    // SubRip is not WebVTT: its timings take a comma.
    expect(webVttProblem(bytes('1\n00:00:01,000 --> 00:00:02,000\nHallo\n'))).toEqual({ reason: 'header' });
  });

  it('refuses a cue whose timing does not parse or ends before it starts, naming its line', () => {
    expect(webVttProblem(bytes(valid.replace('00:02.000 -->', '00:02,000 -->')))).toEqual({
      reason: 'timing',
      line: 9,
    });
    expect(webVttProblem(bytes(valid.replace('00:00:00.500', '00:00:00.5')))).toEqual({
      reason: 'timing',
      line: 6,
    });
    expect(webVttProblem(bytes(valid.replace('00:02.000 -->', '00:61.000 -->')))).toMatchObject({
      reason: 'timing',
    });
    expect(webVttProblem(bytes('WEBVTT\n\n00:03.000 --> 00:02.000\nBackwards\n'))).toEqual({
      reason: 'timing',
      line: 3,
    });
    expect(webVttProblem(bytes('WEBVTT\n\nJust some text\nwithout a timing\n'))).toEqual({
      reason: 'timing',
      line: 4,
    });
  });

  it('refuses a file that is not UTF-8, and one without any cue', () => {
    const latin1 = new Uint8Array([...bytes('WEBVTT\n\n00:01.000 --> 00:02.000\nCaf'), 0xe9, 0x0a]);
    expect(webVttProblem(latin1)).toEqual({ reason: 'encoding' });
    expect(webVttProblem(bytes('WEBVTT\n\nNOTE only a note\n'))).toEqual({ reason: 'noCues' });
  });

  it('refuses a file over the limit of 1 MB', () => {
    const cue = '00:01.000 --> 00:02.000\nHallo\n\n';
    const large = `WEBVTT\n\n${cue.repeat(Math.ceil(captionLimitBytes / cue.length))}`;
    expect(captionLimitBytes).toBe(1024 * 1024);
    expect(webVttProblem(bytes(large))).toEqual({ reason: 'tooLarge' });
    expect(
      webVttProblem(bytes(large.slice(0, captionLimitBytes - 100).replace(/\n[^\n]*$/, '\n'))),
    ).toBeNull();
  });
});
