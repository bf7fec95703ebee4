import type { AppDeps } from './app-context';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Fastify's logger from the environment. Production (and any output that is not a terminal: a file, a
 * pipe, a log collector) gets pino's JSON lines, one object per line, for machines. A developer
 * watching a terminal gets them through pino-pretty: coloured, one readable line per request, the
 * time of day instead of epoch milliseconds. pino-pretty runs in pino's transport worker thread, off
 * the request path.
 */
export function loggerOptions(
  env: { NODE_ENV: 'development' | 'production' | 'test'; LOG_LEVEL: LogLevel },
  output: { isTTY: boolean } = { isTTY: Boolean(process.stdout.isTTY) },
): AppDeps['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  if (env.NODE_ENV === 'production' || !output.isTTY) return { level: env.LOG_LEVEL };
  return {
    level: env.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
