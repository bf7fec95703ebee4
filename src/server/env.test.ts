import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('takes the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO_DATA: true, TRUST_PROXY: false, SEARCH_CACHE_TTL_MS: 5000 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', ADMIN_EMAILS: 'a@b.test,nope', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const message = (err as EnvError).message;
      for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_EMAILS', 'LOG_LEVEL']) expect(message).toContain(key);
    }
  });

  it('requires a secret and the public URL in production, and keeps demo accounts out of it unless asked', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*AUTH_SECRET/);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stayhub.example' };
    expect(loadEnv(production).SEED_DEMO_DATA).toBe(false);
    expect(loadEnv({ ...production, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
  });

  it('refuses half a pair of keys', () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'id-only' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
