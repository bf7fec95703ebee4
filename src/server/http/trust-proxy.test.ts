import { describe, expect, it } from 'vitest';
import { ADDRESS_SLOW_AFTER } from '../auth/throttle';
import { loadEnv } from '../env';
import { useTestApp } from '../test/test-app';

// TRUST_PROXY=127.0.0.1: only the proxy on 127.0.0.1 may say who the client is.
const t = useTestApp(() => ({ trustProxy: loadEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY }));

let n = 0;
/**
 * A failed sign-in for a new account each time, so only the per-IP counter can throttle. No password:
 * Better Auth refuses it (400) without hashing one, and the throttle counts it as a failure all the same.
 */
const failFrom = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: `proxy-${++n}@example.test` },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('TRUST_PROXY', () => {
  it('takes the client address from X-Forwarded-For when the request comes from a listed proxy', async () => {
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++)
      expect((await failFrom('127.0.0.1', '203.0.113.7')).statusCode).toBe(400);
    // 203.0.113.7 is slowed down ...
    expect((await failFrom('127.0.0.1', '203.0.113.7')).statusCode).toBe(429);
    // ... another client behind the same proxy is not, nor is the proxy's own address.
    expect((await failFrom('127.0.0.1', '203.0.113.8')).statusCode).toBe(400);
    expect((await failFrom('127.0.0.1')).statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For from any other address, so forged addresses do not spread the throttle', async () => {
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++)
      expect((await failFrom('198.51.100.9', `192.0.2.${i + 1}`)).statusCode).toBe(400);
    expect((await failFrom('198.51.100.9', '192.0.2.200')).statusCode).toBe(429);
    // A forged chain that names the trusted proxy does not help either.
    expect((await failFrom('198.51.100.9', '192.0.2.201, 127.0.0.1')).statusCode).toBe(429);
  });
});
