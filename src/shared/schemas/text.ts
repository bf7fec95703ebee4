/**
 * The rules every free-text field follows (docs/security.md § Single-line fields). Text a user
 * types is shown to other people, on the site and in StayHub's mails: a line break would start a
 * line that reads as StayHub's own, and a bidirectional override reorders what is shown
 * ("Cozy \u202Egnp.exe\u202C" displays as "Cozy exe.png").
 */
import { z } from 'zod';

/** Direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators. */
const SEPARATORS_AND_BIDI = '\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';

/** Never in a single-line field: every control character (CR, LF, TAB, NEL ...), the separators and bidi controls. */
export const NOT_SINGLE_LINE = new RegExp(`[\\p{Cc}${SEPARATORS_AND_BIDI}]`, 'u');

/** Never in a multi-line field: control characters other than tab and line breaks, the separators and bidi controls. */
export const NOT_PLAIN_TEXT = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${SEPARATORS_AND_BIDI}]`,
  'u',
);

const codePoints = (s: string) => [...s].length;

export interface SingleLineRules {
  /** The most characters (code points, after trimming). */
  max: number;
  tooLong: string;
  /** Said when it is missing or blank; without it, an empty string is allowed. */
  required?: string;
  /** Said for a line break, another control character, a separator or a bidi control. */
  notOneLine: string;
  /** Said when it holds a web address (`://`); without it, one is allowed. */
  noWebAddress?: string;
}

/**
 * One line of plain text, trimmed: no control character (line breaks included), no line or
 * paragraph separator, no bidi control; optionally no `://`. Titles, locations, names and the
 * other short fields use it, so each is checked the same way on the client and the server.
 */
export function singleLineText(rules: SingleLineRules) {
  const required = rules.required;
  return z
    .string(required ? { error: required } : undefined)
    .refine((s) => !NOT_SINGLE_LINE.test(s), { message: rules.notOneLine, abort: true })
    .trim()
    .refine((s) => !required || s.length > 0, { message: required, abort: true })
    .refine((s) => codePoints(s) <= rules.max, { message: rules.tooLong, abort: true })
    .refine((s) => !rules.noWebAddress || !s.includes('://'), { message: rules.noWebAddress, abort: true });
}

/**
 * Several lines of plain text (reasons, notes), trimmed: tab and line breaks allowed, other control
 * characters, the separators and bidi controls refused. Mails quote it line by line.
 */
export function plainText(rules: { max: number; tooLong: string; required?: string; notPlain: string }) {
  const required = rules.required;
  return z
    .string(required ? { error: required } : undefined)
    .refine((s) => !NOT_PLAIN_TEXT.test(s), { message: rules.notPlain, abort: true })
    .trim()
    .refine((s) => !required || s.length > 0, { message: required, abort: true })
    .refine((s) => codePoints(s) <= rules.max, { message: rules.tooLong, abort: true });
}
