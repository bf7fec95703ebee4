import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { AUTH_LOG_TEXT_MAX, betterAuthLogger, withAuthLog } from './auth-log';

type LogLine = { level: number; msg: string; status?: number; detail?: string; [key: string]: unknown };
const logLines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

const t = useTestApp(() => ({ logger: { level: 'info', stream: logStream } }));
const EVIL = `https://evil.example/${'a'.repeat(400)}\nauth: fake line`;

describe("Better Auth's refusals in the log", () => {
  it.each([
    [
      'sign-up with a foreign callbackURL',
      '/api/auth/sign-up/email',
      { name: 'Ana', email: 'ana@example.test', password: 'long enough 1', callbackURL: EVIL },
      'Invalid callbackURL: https://evil.example/',
    ],
    [
      'a reset with a foreign redirectTo',
      '/api/auth/request-password-reset',
      { email: 'ana@example.test', redirectTo: EVIL },
      'Invalid redirectURL: https://evil.example/',
    ],
  ])('%s: warn, quoted and cut, never error', async (_name, url, payload, start) => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(403);
    await t.app.mailQueue.drained();
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    const refused = logLines.filter((l) => l.msg === 'auth: request refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 40, status: 403 });
    const detail = refused[0]!.detail!;
    expect(detail.startsWith(`"${start}`)).toBe(true);
    expect(detail.endsWith('…"')).toBe(true);
    expect([...JSON.parse(detail)].length).toBe(AUTH_LOG_TEXT_MAX + 1);
    // The attacker's text is never a log line (nor a message) of its own.
    expect(logLines.some((l) => l.msg.includes('evil') || l.msg.includes('fake line'))).toBe(false);
  });
});

describe('withAuthLog', () => {
  it('keeps the error level for a request that failed on our side (5xx)', async () => {
    const lines: LogLine[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    const { log } = Fastify({ logger: { level: 'info', stream } });
    const logger = betterAuthLogger(log);
    await withAuthLog(log, async () => {
      logger.log('error', 'INTERNAL_SERVER_ERROR', new Error('database is down'));
      return new Response(null, { status: 500 });
    });
    await expect(
      withAuthLog(log, async () => {
        logger.log('error', 'Failed to create user');
        throw new Error('unexpected');
      }),
    ).rejects.toThrow('unexpected');
    expect(lines.map((l) => [l.level, l.msg, l.status, l.detail])).toEqual([
      [50, 'auth: error', 500, '"INTERNAL_SERVER_ERROR"'],
      [50, 'auth: error', 500, '"Failed to create user"'],
    ]);
  });
});
