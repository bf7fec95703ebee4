/**
 * Better Auth's log lines, at the level the request's outcome deserves. Better Auth logs many
 * refusals of a client's request at level error, with text the client chose in it
 * ("Invalid callbackURL: https://evil.example", one line per request). Error is for our faults:
 * a line written while Better Auth answers a request is held until the answer's status is known,
 * then written at warn at most when the client was refused (status < 500), with Better Auth's
 * text quoted and cut to AUTH_LOG_TEXT_MAX characters and without its arguments
 * (docs/security.md § Logs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { logSafeError, logSafeText } from '../db/log-safe-error';

export const AUTH_LOG_TEXT_MAX = 200;

type Level = 'error' | 'warn' | 'info' | 'debug' | 'success';
interface Line {
  level: Level;
  message: unknown;
  args: unknown[];
}
/** One request's lines; `status` once its answer is known (later lines are written at once). */
interface Scope {
  lines: Line[];
  status?: number;
  log: FastifyBaseLogger;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Better Auth's text, cut to length and quoted (a JSON string: line breaks and quotes escaped). */
function quotedDetail(message: unknown): string {
  const text = logSafeText(String(message));
  const points = [...text];
  return JSON.stringify(points.length > AUTH_LOG_TEXT_MAX ? `${points.slice(0, AUTH_LOG_TEXT_MAX).join('')}…` : text);
}

const REFUSAL_LEVEL: Record<Level, 'warn' | 'info' | 'debug'> = {
  error: 'warn',
  warn: 'info',
  success: 'info',
  info: 'info',
  debug: 'debug',
};

function write(log: FastifyBaseLogger, line: Line, status: number | undefined) {
  if (status !== undefined && status < 500) {
    log[REFUSAL_LEVEL[line.level]]({ status, detail: quotedDetail(line.message) }, 'auth: request refused');
    return;
  }
  // Our fault (or outside a request): Better Auth's level, its arguments without SQL parameters.
  const level = line.level === 'success' ? 'info' : line.level;
  const args = line.args.map((a) => (a instanceof Error ? logSafeError(a) : a));
  log[level](
    {
      ...(status !== undefined ? { status } : {}),
      detail: quotedDetail(line.message),
      args: args.length ? args : undefined,
    },
    'auth: error',
  );
}

/** The `logger` option of Better Auth: lines inside `withAuthLog` wait for the answer's status. */
export function betterAuthLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log: (level: Level, message: unknown, ...args: unknown[]) => {
      const scope = scopes.getStore();
      if (!scope) write(log, { level, message, args }, undefined);
      else if (scope.status !== undefined) write(scope.log, { level, message, args }, scope.status);
      else scope.lines.push({ level, message, args });
    },
  };
}

function statusOf(err: unknown): number {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : 500;
}

/** Runs Better Auth's handler for one request; what it logs is written once the status is known. */
export async function withAuthLog(log: FastifyBaseLogger, run: () => Promise<Response>): Promise<Response> {
  const scope: Scope = { lines: [], log };
  try {
    const response = await scopes.run(scope, run);
    scope.status = response.status;
    return response;
  } catch (err) {
    scope.status = statusOf(err);
    throw err;
  } finally {
    for (const line of scope.lines) write(log, line, scope.status);
    scope.lines = [];
  }
}
