import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppDeps } from '#server/app-context';
import { startBookingSweeper } from '#server/features/bookings/bookings-sweeper';
import { countedPayments, createMetrics, serveMetrics } from '#server/metrics';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { insertHome } from '#server/test/factories';
import { createHold } from '#server/test/booking-test-helpers';
import { signInAs, useTestApp } from '#server/test/test-app';

const state = { draining: false, redisDown: false };
const metrics = createMetrics();
const t = useTestApp((deps) => ({
  readiness: {
    draining: () => state.draining,
    checks: { redis: async () => (state.redisDown ? Promise.reject(new Error('connection refused')) : 'PONG') },
  },
  metrics,
  payments: countedPayments(sandboxPayments({ db: deps.db, clock: deps.clock }), metrics),
}));

describe('GET /api/ready', () => {
  it('answers 200 while the database and Redis answer, 503 while one does not or while shutting down', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ ok: true });

    state.redisDown = true;
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: { code: 'not_ready', message: 'Unreachable: redis' } });
    state.redisDown = false;

    state.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().error.code).toBe('draining');
    // Liveness stays up while draining (the process is alive, finishing its requests).
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    state.draining = false;
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = {
      ...t.db,
      execute: () => Promise.reject(new Error('ECONNREFUSED')),
    } as unknown as AppDeps['db'];
    const app = await buildApp({
      db: broken,
      clock: t.clock,
      storage: t.storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Unreachable: database');
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it('names each answer by a new id, ignoring one a client sends', async () => {
    const a = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged-by-client' },
    });
    const b = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  describe('behind a trusted proxy', () => {
    let proxied: FastifyInstance;
    const lines: string[] = [];
    beforeAll(async () => {
      proxied = await buildApp({
        db: t.db,
        clock: t.clock,
        storage: t.storage,
        config: t.config,
        mail: t.mail,
        payments: sandboxPayments({ db: t.db, clock: t.clock }),
        trustProxy: ['10.0.0.0/8'],
        logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
      });
    });
    afterAll(() => proxied.close());

    it("keeps the proxy's id (and logs under it), but not one from elsewhere or one that is not an id", async () => {
      const fromProxy = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'edge-4f1c9a' },
      });
      expect(fromProxy.headers['x-request-id']).toBe('edge-4f1c9a');
      expect(lines.some((l) => JSON.parse(l).reqId === 'edge-4f1c9a')).toBe(true);

      const fromClient = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'edge-4f1c9a' },
      });
      expect(fromClient.headers['x-request-id']).not.toBe('edge-4f1c9a');

      const odd = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': 'has spaces "and quotes"' },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('metrics', () => {
  it('records request latency per route pattern, and payment calls by outcome', async () => {
    const home = await insertHome(t.db, {});
    await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` });
    await t.app.inject({ method: 'GET', url: '/api/home/00000000-0000-4000-8000-000000000000' });
    await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` });
    await t.app.inject({ method: 'GET', url: '/api/definitely-missing' });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(
      /stayhub_http_request_duration_seconds_count\{method="GET",route="\/api\/home\/:id",status_code="200"\} 2/,
    );
    expect(text).toMatch(
      /stayhub_http_request_duration_seconds_count\{method="GET",route="\/api\/home\/:id",status_code="404"\} 1/,
    );
    // Unknown paths share one series (no raw URLs as labels).
    expect(text).not.toContain('definitely-missing');

    const guest = await signInAs(t.app, 'guest');
    const hold = await createHold(t.app, guest, {
      homeId: home.id,
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      guests: 1,
    });
    expect(hold.statusCode).toBe(200);
    expect(await metrics.registry.getSingleMetricAsString('stayhub_payments_total')).toContain(
      'stayhub_payments_total{operation="create_intent",outcome="created"} 1',
    );
  });

  it('counts sweeper passes, and skips a pass whose lock another process holds', async () => {
    const outcomes: string[] = [];
    const sweeper = startBookingSweeper(
      {
        db: t.db,
        clock: t.clock,
        payments: sandboxPayments({ db: t.db, clock: t.clock }),
        mail: t.app.mailQueue,
        publicUrl: t.config.publicUrl,
      },
      {
        intervalMs: 3_600_000,
        exclusive: async () => ({ ran: false }),
        onPass: (outcome) => {
          outcomes.push(outcome);
          metrics.sweeperRun('bookings', outcome);
        },
      },
    );
    expect(await sweeper.runNow()).toBeNull();
    await sweeper.stop();
    expect(outcomes).toEqual(['skipped', 'skipped']);
    expect(await metrics.registry.getSingleMetricAsString('stayhub_sweeper_runs_total')).toContain(
      'stayhub_sweeper_runs_total{sweeper="bookings",outcome="skipped"} 2',
    );
  });

  it('serves the metrics on a port of its own, on loopback, at /metrics only', async () => {
    const server = await serveMetrics(metrics.registry, '127.0.0.1', 0);
    try {
      const { address, port } = server.address() as { address: string; port: number };
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('stayhub_http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
