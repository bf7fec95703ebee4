/**
 * A user's display name is shown on the site and copied into mails ("Hello <name>,"):
 * 1..100 characters, one line, no link (`://`), so it cannot carry a phishing URL or extra mail lines.
 */
export const NAME_MAX_LENGTH = 100;

// Line breaks and other control characters (CR, LF, TAB, NEL, U+2028/2029) and bidi overrides/isolates.
const CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source + '+', 'gu');

/** Why `name` cannot be a user's name, or null when it can. */
export function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim().length === 0) return 'Enter your name.';
  if ([...name.trim()].length > NAME_MAX_LENGTH) return `The name must be at most ${NAME_MAX_LENGTH} characters long.`;
  if (CONTROL.test(name)) return 'The name must be a single line of text.';
  if (name.includes('://')) return 'The name must not contain a web address.';
  return null;
}

/** A valid name from an identity provider's profile (line breaks and links removed, cut to length), else `fallback`. */
export function nameFromProfile(raw: unknown, fallback: string): string {
  const cleaned =
    typeof raw === 'string'
      ? [...raw.replace(CONTROLS, ' ').replaceAll('://', ' ').replace(/\s+/g, ' ').trim()]
          .slice(0, NAME_MAX_LENGTH)
          .join('')
          .trim()
      : '';
  if (nameProblem(cleaned) === null) return cleaned;
  return nameProblem(fallback) === null ? fallback : 'Guest';
}
