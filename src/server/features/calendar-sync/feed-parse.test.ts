/** Imported feeds as night ranges, on files in the formats real calendar programs write. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedParseError, HORIZON_DAYS, isCalendarShaped, parseFeed } from './feed-parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const TODAY = '2026-11-21';
const nights = (text: string) => parseFeed(text, TODAY).map(({ from, to }) => [from, to]);

describe('parseFeed', () => {
  it('Google all-day events block [DTSTART, DTEND); cancelled and past events block nothing', () => {
    expect(parseFeed(fixture('google-all-day.ics'), TODAY)).toEqual([
      { uid: '7kq2b3vd1f0m8j5c9l6h4r2n1a@google.com', from: '2026-12-05', to: '2026-12-08' },
    ]);
  });

  it('Outlook timed events with a Windows TZID block the nights from arrival to departure day', () => {
    expect(nights(fixture('outlook-timed.ics'))).toEqual([['2026-12-15', '2026-12-18']]);
  });

  it("Apple: a weekly RRULE is expanded (EXDATE left out) and a timed event counts in its own zone's dates", () => {
    const ranges = parseFeed(fixture('apple-recurring.ics'), TODAY);
    // 20:00 in Los Angeles on Dec 20 is already Dec 21 in UTC: the night of the 20th is the one taken.
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      ['2026-12-20', '2026-12-22'],
      ['2027-01-02', '2027-01-03'],
      ['2027-01-16', '2027-01-17'],
      ['2027-01-23', '2027-01-24'],
    ]);
    expect(new Set(ranges.map((r) => r.uid)).size).toBe(4);
    expect(ranges[1]!.uid).toBe('5B1E2C3D-4F5A-6B7C-8D9E-0F1A2B3C4D5E/2027-01-02');
  });

  it('an endless RRULE stops at the horizon; a short timed event still blocks its night; a cancelled occurrence is left out', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:daily',
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261202',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:short',
      'DTSTART:20261130T090000Z',
      'DTEND:20261130T110000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART;VALUE=DATE:20261203',
      'DTEND;VALUE=DATE:20261204',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'RECURRENCE-ID;VALUE=DATE:20261210',
      'DTSTART;VALUE=DATE:20261210',
      'DTEND;VALUE=DATE:20261211',
      'STATUS:CANCELLED',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const ranges = parseFeed(text, TODAY);
    const daily = ranges.filter((r) => r.uid.startsWith('daily/'));
    expect(daily.length).toBeGreaterThan(500);
    expect(daily.at(-1)!.from < '2028-05-23').toBe(true);
    expect(ranges.find((r) => r.uid === 'short')).toMatchObject({ from: '2026-11-30', to: '2026-12-01' });
    expect(ranges.filter((r) => r.uid.startsWith('weekly/')).map((r) => r.from)).toEqual(['2026-12-03']);
  });

  it('refuses what is not a calendar, with the text the host sees', () => {
    for (const body of [
      '<html>Sign in</html>',
      '<pre>BEGIN:VCALENDAR\nEND:VCALENDAR</pre>',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT',
    ]) {
      expect(
        refusal(() => parseFeed(body, TODAY)),
        body,
      ).toEqual({
        code: 'not_a_calendar',
        message: 'This link did not return a calendar',
      });
    }
    // Folded lines, a byte-order mark, blank lines and lower-case names are still a calendar.
    expect(
      isCalendarShaped('\uFEFFbegin:vcalendar\nX-NOTE:a\n  folded\n\nBEGIN:VEVENT\r\nEND:VEVENT\nend:vcalendar\n\n'),
    ).toBe(true);
  });

  it('counts what the rules would repeat before expanding any: second-by-second rules are refused, everyday ones read', () => {
    const rule = (uid: string, start: string, rrule: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART${start}`,
      `RRULE:${rrule}`,
      'END:VEVENT',
    ];
    const feed = (...events: string[][]) => ['BEGIN:VCALENDAR', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
    const ticking = feed(...[1, 2, 3, 4, 5].map((n) => rule(`t${n}`, ':20261120T000000Z', 'FREQ=SECONDLY;COUNT=9999')));
    expect(refusal(() => parseFeed(ticking, TODAY))?.code).toBe('too_complex');
    const hourly = feed(rule('h', ':20261120T000000Z', 'FREQ=HOURLY'));
    expect(refusal(() => parseFeed(hourly, TODAY))?.code).toBe('too_complex');

    const everyday = feed(
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => rule(`d${n}`, ';VALUE=DATE:20150101', 'FREQ=DAILY')),
      rule('w', ';VALUE=DATE:19900105', 'FREQ=WEEKLY;COUNT=2000'),
    );
    const ranges = parseFeed(everyday, TODAY);
    expect(ranges.filter((r) => r.uid.startsWith('d1/'))).toHaveLength(HORIZON_DAYS);
    expect(ranges.filter((r) => r.uid.startsWith('w/')).length).toBeGreaterThan(50);
  });
});

function refusal(read: () => unknown): { code: string; message: string } | null {
  try {
    read();
    return null;
  } catch (err) {
    if (!(err instanceof FeedParseError)) throw err;
    return { code: err.code, message: err.message };
  }
}
