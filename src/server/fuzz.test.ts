/**
 * Schema-driven fuzzing of the whole API: every route of the OpenAPI document
 * (`app.swagger()`) plus Better Auth's endpoints (hidden from it), called as
 * anonymous, guest, host and admin with requests generated from the route's
 * schemas by fast-check: mostly well-formed values, mixed with hostile ones
 * (NUL and other control characters, huge strings, wrong types, odd unicode,
 * negative and huge numbers, unknown fields, malformed JSON, wrong content types).
 *
 * Asserts: no 5xx, and no stack trace, SQL or driver message in any answer.
 *
 * `npm test` runs a fixed-seed slice (FUZZ_CASES, default 300); `npm run fuzz`
 * runs 10,000. Another seed: FUZZ_SEED=123 npm run fuzz. A failure prints the
 * seed, the path and the (shrunk) request that failed.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { check, requestFor } from './test/fuzz-cases';
import { AUTH_OPERATIONS, documentedOperations, known, signInActors, type Json } from './test/fuzz-operations';
import { useTestApp } from './test/test-app';

const CASES = Number(process.env.FUZZ_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);

const t = useTestApp();

describe('API fuzzing', () => {
  beforeAll(async () => {
    known.spec = t.app.swagger() as unknown as Json;
    await signInActors(t);
  });

  it(
    `answers ${CASES} generated requests (seed ${SEED}) without a 5xx or a leak`,
    { timeout: 120_000 + CASES * 150 },
    async () => {
      const operations = [...documentedOperations(), ...AUTH_OPERATIONS];
      expect(operations.length).toBeGreaterThan(20);
      const tally = { runs: 0, byStatus: new Map<number, number>() };
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...operations).chain(requestFor), async (c) => {
          tally.runs++;
          // Some calls end sessions or change roles (sign-out, revoke, approvals): sign everyone in again now and then.
          if (tally.runs % 250 === 0) await signInActors(t);
          // Time moves on, so throttles, upload limits and holds go through their states.
          t.clock.advance(2_000);
          const auth = c.actor === 'anonymous' ? {} : known.who[c.actor].headers;
          const res = await t.app.inject({ ...c.request, headers: { ...c.request.headers, ...auth } });
          tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
          check(c, res);
        }),
        { numRuns: CASES, seed: SEED, endOnFailure: true },
      );
      const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b);
      if (process.env.FUZZ_CASES) {
        console.log(`fuzz: ${tally.runs} cases, seed ${SEED}, 5xx: 0; statuses ${JSON.stringify(statuses)}`);
      }
      // The generator reaches past validation, not only 400s.
      expect(statuses.some(([status]) => status === 200)).toBe(true);
    },
  );
});
