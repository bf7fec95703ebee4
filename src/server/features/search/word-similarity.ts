/**
 * pg_trgm's word_similarity(term, text) and `term <% text` in TypeScript, for the close spellings
 * of the place suggestions (ADR 0073): a port of contrib/pg_trgm/trgm_op.c (generate_trgm_only,
 * calc_word_similarity, iterate_word_similarity), not an approximation of it, so the in-memory
 * answers are the ones search_place_close gives (place-suggestions.test.ts compares both).
 * - A word is a run of letters and digits (t_isalnum); everything else separates words.
 * - Each word is lower-cased and padded with two spaces in front and one behind: "  lisbon " has
 *   the trigrams "  l", " li", "lis", …, "on " (a word of n letters has n + 1).
 * - The similarity is pg_trgm's greedy scan over the text's trigrams in order (not an exhaustive
 *   search of every extent: the scan's own answer is the one copied), in float4 as in C.
 * Differences that remain: trigrams of multibyte letters are CRC-hashed to three bytes in pg_trgm
 * (two different ones may collide there, never here), and letters and lower case follow
 * JavaScript's Unicode tables where pg_trgm asks the database's locale (the same for the Latin,
 * Greek and Cyrillic letters of place names under a UTF-8 locale; under the "C" locale PostgreSQL
 * would take no accented letter for a letter).
 */

/** pg_trgm.word_similarity_threshold's default; search_place_close's `<%` uses it, nothing sets it. */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of `s` in order, with repeats (generate_trgm_only). */
export function trigramsInOrder(s: string): string[] {
  const out: string[] = [];
  for (const [word] of s.matchAll(WORD)) {
    // Letter by letter, as the database's lower() folds each character (no final-sigma rule).
    const letters = [' ', ' ', ...Array.from(word, (c) => c.toLowerCase()), ' '];
    for (let i = 0; i + 3 <= letters.length; i++) out.push(letters[i]! + letters[i + 1]! + letters[i + 2]!);
  }
  return out;
}

/** A text prepared once: its trigrams in order as small numbers (same trigram, same number). */
export interface TrigramText {
  /** Each trigram's number, in the text's order (trg2indexes). */
  order: Int32Array;
  /** Number -> trigram. */
  distinct: string[];
}

export function trigramText(s: string): TrigramText {
  const numbers = new Map<string, number>();
  const all = trigramsInOrder(s);
  const order = new Int32Array(all.length);
  all.forEach((trigram, i) => {
    let n = numbers.get(trigram);
    if (n === undefined) numbers.set(trigram, (n = numbers.size));
    order[i] = n;
  });
  return { order, distinct: [...numbers.keys()] };
}

const f32 = Math.fround;

/** CALCSML in float4. */
const calcsml = (count: number, len1: number, len2: number) => f32(count / (len1 + len2 - count));

/**
 * iterate_word_similarity without the strict or check-only flags, line for line: `order` is the
 * text's trigrams as numbers 0..n-1 in order (trg2indexes), `found[n]` whether the term has trigram
 * n, `ulen1` the number of the term's distinct trigrams, `lastpos` scratch of at least n entries.
 */
export function iterateWordSimilarity(
  order: Int32Array,
  found: ArrayLike<number | boolean>,
  ulen1: number,
  lastpos: Int32Array,
): number {
  const len2 = order.length;
  lastpos.fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const trgindex = order[i]!;
    if (lower >= 0 || found[trgindex]) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }
    if (found[trgindex]) {
      upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let smlrCur = calcsml(count, ulen1, ulen2);
      // Also try to move the lower bound for a greater similarity.
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
        const smlrTmp = calcsml(tmpCount, ulen1, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tmpTrgindex = order[tmpLower]!;
        if (lastpos[tmpTrgindex] === tmpLower) {
          tmpUlen2--;
          if (found[tmpTrgindex]) tmpCount--;
        }
      }
      if (smlrCur > smlrMax) smlrMax = smlrCur;
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const tmpTrgindex = order[tmpLower]!;
        if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
      }
    }
  }
  return smlrMax;
}

/** word_similarity(term, text), where `termTrigrams` is the term's set of trigrams. */
export function wordSimilarity(termTrigrams: ReadonlySet<string>, text: TrigramText): number {
  const found = text.distinct.map((trigram) => termTrigrams.has(trigram));
  return iterateWordSimilarity(text.order, found, termTrigrams.size, new Int32Array(text.distinct.length));
}
