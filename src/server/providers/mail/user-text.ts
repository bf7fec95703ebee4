/**
 * How text that users chose (titles, locations, names, reasons, notes) goes into StayHub's mails
 * (docs/security.md § Mails, ADR 0032): always quoted or behind a label, so it never reads as our
 * own words, and never a link. Mail clients turn anything that looks like an address
 * (`www.evil.io`, `bit.ly/x`, `a@b.io`) into a link, also in plain text; a zero-width space after
 * each `.`, `@` and `:` inside a word stops them, and the text still reads the same.
 */

const ZERO_WIDTH_SPACE = '\u200B';
/** Control characters, the line and paragraph separators and bidi controls (rows older than the schemas' rules). */
const NOT_INLINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu;
// eslint-disable-next-line no-control-regex
const NOT_IN_BLOCK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text with every would-be link broken (a zero-width space after `.`, `@`, `:` followed by more text). */
function unlinked(text: string): string {
  return text.replace(/([.@:])(?=\S)/g, `$1${ZERO_WIDTH_SPACE}`);
}

/** One line of text the reader chose themselves (their own name): on one line, unlinked, not quoted. */
export function ownWords(text: string, max = 100): string {
  return unlinked([...text.replace(NOT_INLINE, ' ').trim()].slice(0, max).join('').trim());
}

/** One line of user text inside typographic quotes: “…”. Its own “ ” become " so it cannot close ours. */
export function quoted(text: string, max = 200): string {
  const line = [...text.replace(NOT_INLINE, ' ').replace(/[“”]/g, '"').trim()].slice(0, max).join('').trim();
  return `“${unlinked(line)}”`;
}

/** Several lines of user text as a plain-text quote: each line starts with "> ". */
export function quotedBlock(text: string): string {
  return blockLines(text)
    .map((line) => (line ? `> ${unlinked(line)}` : '>'))
    .join('\n');
}

/** The same for an HTML part: an escaped <blockquote> whose lines keep their breaks. */
export function quotedBlockHtml(text: string): string {
  const body = blockLines(text)
    .map((line) => escapeHtml(unlinked(line)))
    .join('<br>');
  return `<blockquote style="margin:0 0 1em;padding:0 0 0 12px;border-left:3px solid #ccc;color:#444">${body}</blockquote>`;
}

function blockLines(text: string): string[] {
  return text
    .replace(NOT_IN_BLOCK, ' ')
    .trim()
    .split(/\r\n|\r|\n/);
}
