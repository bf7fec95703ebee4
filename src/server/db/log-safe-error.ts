import { sqlState } from './client';

export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * How errors are written to the log. A database error is logged by its SQLSTATE
 * and the driver's message only: Drizzle's own message ("Failed query: <sql>
 * params: <values>") and the driver's `detail` ("Key (email)=(...) already
 * exists") carry the query's parameters, i.e. emails and names.
 */
export function logSafeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const code = sqlState(err);
  if (code !== undefined || isQueryError(err)) {
    return {
      type: err.name,
      code,
      message: driverMessage(err),
      stack: framesOf(err.stack) ?? '',
    };
  }
  const extra = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: err.name,
    message: err.message,
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    ...(extra.statusCode !== undefined ? { statusCode: extra.statusCode } : {}),
    stack: err.stack ?? '',
    ...(err.cause !== undefined && err.cause !== err ? { cause: logSafeError(err.cause) } : {}),
  };
}

/** Drizzle's wrapper: its message is the SQL and its parameters. */
function isQueryError(err: Error): boolean {
  return 'query' in err || 'params' in err || err.message.startsWith('Failed query:');
}

/** The innermost message that is not Drizzle's "Failed query: ..." (the driver's, e.g. `invalid byte sequence ...`). */
function driverMessage(err: Error): string {
  let message = 'database error';
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (!e.message.startsWith('Failed query:')) message = e.message;
  }
  return message;
}

/** The stack's frames without its first line (which repeats the message). */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/** For free-text log lines (Better Auth's): a Drizzle failure's SQL and parameters are cut off. */
export function logSafeText(message: string): string {
  const at = message.indexOf('Failed query:');
  return at === -1 ? message : `${message.slice(0, at)}Failed query (SQL and parameters not logged)`;
}
