import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

describe('logger options', () => {
  it('pretty-prints through pino-pretty for a developer at a terminal', () => {
    const options = loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }, { isTTY: true });
    expect(options).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });

  it('writes JSON lines in production, even at a terminal', () => {
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { isTTY: true })).toEqual({ level: 'info' });
  });

  it('writes JSON lines when the output is a file or a pipe, whatever the environment', () => {
    expect(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { isTTY: false })).toEqual({ level: 'info' });
    expect(loggerOptions({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }, { isTTY: false })).toEqual({ level: 'warn' });
  });

  it('logs nothing at LOG_LEVEL=silent', () => {
    expect(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }, { isTTY: true })).toBe(false);
  });

  it('names a transport pino can load', async () => {
    // The worker thread resolves the target by name: it must be an installed package exporting a stream factory.
    const pretty = (await import('pino-pretty')).default;
    expect(typeof pretty).toBe('function');
  });
});
