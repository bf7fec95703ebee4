/**
 * A write the database refused because of one of its own rules (a check, a unique key, a
 * reference, an exclusion, a NOT NULL, an out-of-range number) is the client's input meeting a
 * rule our validation did not state: it answers 4xx with a generic message, never a 500 and
 * never the SQL, the constraint or the values (docs/security.md § Database refusals).
 */
import { sqlState } from '#server/db/client';
import { HttpError } from './errors';

const REFUSALS: Record<string, HttpError> = {
  // check_violation, not_null_violation, numeric_value_out_of_range, string_data_right_truncation
  '23514': new HttpError(400, 'invalid_value', 'A value is outside what is allowed here.'),
  '23502': new HttpError(400, 'invalid_value', 'A required value is missing.'),
  '22003': new HttpError(400, 'invalid_value', 'A number is out of range.'),
  '22001': new HttpError(400, 'invalid_value', 'A text is too long.'),
  // unique_violation, foreign_key_violation, exclusion_violation: the stored state disagrees
  '23505': new HttpError(409, 'already_exists', 'This already exists.'),
  '23503': new HttpError(409, 'conflict', 'Something this refers to does not exist (any more).'),
  '23P01': new HttpError(409, 'conflict', 'This overlaps with something that already exists.'),
};

/** The answer for a database refusal, or null when `err` is not one (a 500 then). */
export function databaseRefusal(err: unknown): HttpError | null {
  const code = sqlState(err);
  return code === undefined ? null : (REFUSALS[code] ?? null);
}
