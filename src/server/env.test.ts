import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { paymentsFromEnv } from './providers/payments/payments-from-env';

describe('loadEnv', () => {
  it('takes the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO_DATA: true,
      TRUST_PROXY: [],
      ALLOW_SANDBOX_PAYMENTS: false,
      SEARCH_CACHE_TTL_MS: 5000,
      PLACES_MAX_AGE_MS: 2000,
      UPLOAD_SWEEP_INTERVAL_MS: 3_600_000,
      REQUEST_TIMEOUT_MS: 60_000,
      HEADERS_TIMEOUT_MS: 10_000,
      REDIS_KEY_PREFIX: 'stayhub:',
      METRICS_HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 30_000,
      LIVE_STREAMS_PER_USER: 6,
      LIVE_STREAMS_PER_PROCESS: 500,
    });
    expect(env.MAX_CONNECTIONS).toBeUndefined();
    expect(env.MAX_EVENT_LOOP_DELAY_MS).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
  });

  it('takes a redis:// or rediss:// REDIS_URL and keeps metrics off the public port', () => {
    expect(loadEnv({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(loadEnv({ REDIS_URL: 'rediss://user:pw@cache.example:6380' }).REDIS_URL).toBeDefined();
    expect(() => loadEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => loadEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it('takes the ledger currency as a lower-case ISO code and the payout delay in hours (issue 28)', () => {
    expect(loadEnv({})).toMatchObject({ CURRENCY: 'usd', PAYOUT_DELAY_HOURS: 24 });
    expect(loadEnv({ CURRENCY: 'eur', PAYOUT_DELAY_HOURS: '0' })).toMatchObject({
      CURRENCY: 'eur',
      PAYOUT_DELAY_HOURS: 0,
    });
    expect(() => loadEnv({ CURRENCY: 'EUR' })).toThrow(/CURRENCY: must be a lower-case ISO currency code/);
    expect(() => loadEnv({ PAYOUT_DELAY_HOURS: '-1' })).toThrow(/PAYOUT_DELAY_HOURS/);
  });

  it('takes a .pmtiles path or a style URL for the map, not both (issue 29)', () => {
    expect(loadEnv({}).MAP_PMTILES).toBeUndefined();
    expect(loadEnv({ MAP_PMTILES: './data/map/lisbon.pmtiles' }).MAP_PMTILES).toBe('./data/map/lisbon.pmtiles');
    expect(loadEnv({ MAP_STYLE_URL: 'https://maps.example.org/style.json' }).MAP_STYLE_URL).toBe(
      'https://maps.example.org/style.json',
    );
    expect(() => loadEnv({ MAP_PMTILES: './data/map/lisbon.mbtiles' })).toThrow(/MAP_PMTILES: must be the path/);
    expect(() => loadEnv({ MAP_STYLE_URL: 'ftp://maps.example.org/style.json' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadEnv({ MAP_PMTILES: './a.pmtiles', MAP_STYLE_URL: 'https://maps.example.org/style.json' })).toThrow(
      /MAP_STYLE_URL: set MAP_PMTILES or MAP_STYLE_URL, not both/,
    );
  });

  it('refuses a header deadline longer than the request deadline', () => {
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS \(5000\)/,
    );
  });

  it('keeps live streams below MAX_CONNECTIONS, with room for ordinary requests', () => {
    expect(() => loadEnv({ MAX_CONNECTIONS: '500' })).toThrow(
      /LIVE_STREAMS_PER_PROCESS: must be below MAX_CONNECTIONS \(500\)/,
    );
    expect(loadEnv({ MAX_CONNECTIONS: '900', LIVE_STREAMS_PER_PROCESS: '400' })).toMatchObject({
      MAX_CONNECTIONS: 900,
      LIVE_STREAMS_PER_PROCESS: 400,
    });
  });

  it('reads MAX_EVENT_LOOP_DELAY_MS in milliseconds, 10 ms to a minute', () => {
    expect(loadEnv({ MAX_EVENT_LOOP_DELAY_MS: '1000' }).MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(() => loadEnv({ MAX_EVENT_LOOP_DELAY_MS: '5' })).toThrow(/MAX_EVENT_LOOP_DELAY_MS/);
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
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*AUTH_SECRET/,
    );
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://stayhub.example',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    };
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

  it('takes TRUST_PROXY as a list of proxy addresses and CIDRs, and refuses true or a hop count', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    for (const value of ['true', 'TRUE', '1', '2', 'yes']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*would trust any X-Forwarded-For/);
    }
    for (const value of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1;10.0.0.2', '::1/129']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*not an IP address or CIDR/);
    }
  });

  it('keeps the built-in development AUTH_SECRET to loopback hosts', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) expect(loadEnv({ HOST }).HOST).toBe(HOST);
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'stayhub.example']) {
      expect(() => loadEnv({ HOST }), HOST).toThrow(/AUTH_SECRET: is required when HOST is not a loopback address/);
      expect(loadEnv({ HOST, AUTH_SECRET: 's'.repeat(32) }).HOST).toBe(HOST);
    }
  });

  it('refuses production without Stripe keys unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://stayhub.example' };
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY: .*ALLOW_SANDBOX_PAYMENTS=true/);
    expect(() => loadEnv({ ...production, ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadEnv({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).ALLOW_SANDBOX_PAYMENTS).toBe(true);
    expect(
      loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }).NODE_ENV,
    ).toBe('production');
    // paymentsFromEnv refuses the same on its own (the sandbox must not confirm real bookings).
    expect(() => paymentsFromEnv({ NODE_ENV: 'production' }, {} as never)).toThrow(
      /STRIPE_SECRET_KEY.*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    // Outside production the sandbox stays the default.
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });
});
