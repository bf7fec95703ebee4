/**
 * Prometheus metrics (prom-client): request latency per route, database pool use,
 * sweeper runs and payment-provider calls by outcome, plus Node's default process
 * metrics. main.ts serves them on METRICS_HOST:METRICS_PORT (127.0.0.1 by default),
 * never on the public port.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppMetrics } from './app-context';
import type { PaymentProvider } from './providers/payments/payment-provider';

export interface Metrics extends AppMetrics {
  registry: Registry;
  /** One pass of a background job: `ok`, `failed`, or `skipped` (another process held its lock). */
  sweeperRun(sweeper: string, outcome: 'ok' | 'failed' | 'skipped'): void;
  /** A payment-provider call and how it ended (the intent's status, `refunded`, or `error`). */
  payment(operation: string, outcome: string): void;
}

export function createMetrics(
  options: { pool?: () => { total: number; idle: number; waiting: number; max: number } } = {},
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'stayhub_' });
  const requests = new Histogram({
    name: 'stayhub_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sweeps = new Counter({
    name: 'stayhub_sweeper_runs_total',
    help: 'Background job passes by job and outcome (skipped: another process held the job lock)',
    labelNames: ['sweeper', 'outcome'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'stayhub_payments_total',
    help: 'Payment-provider calls by operation and outcome (intent status, refunded, or error)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'stayhub_db_pool_connections',
      help: 'PostgreSQL pool connections of this process by state (in_use, idle, max) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }
  // One histogram child per (method, route pattern, status), looked up by a string key: prom-client
  // would otherwise sort and join the label set on every request (ADR 0024). Routes are patterns, so
  // the set is small and bounded.
  const series = new Map<string, { observe(value: number): void }>();
  return {
    registry,
    observeRequest({ method, route, status }, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = requests.labels({ method, route, status_code: String(status) });
        series.set(key, child);
      }
      child.observe(seconds);
    },
    sweeperRun(sweeper, outcome) {
      sweeps.inc({ sweeper, outcome });
    },
    payment(operation, outcome) {
      payments.inc({ operation, outcome });
    },
  };
}

/**
 * The provider with its calls counted in `stayhub_payments_total`; the provider's own
 * extra methods (the sandbox's card form, Stripe's webhook check) are kept as they are.
 */
export function countedPayments<P extends PaymentProvider>(inner: P, metrics: Pick<Metrics, 'payment'>): P {
  const counted = async <R>(operation: string, call: () => Promise<R>, outcome: (r: R) => string): Promise<R> => {
    try {
      const result = await call();
      metrics.payment(operation, outcome(result));
      return result;
    } catch (err) {
      metrics.payment(operation, 'error');
      throw err;
    }
  };
  return {
    ...inner,
    createIntent: (input) =>
      counted(
        'create_intent',
        () => inner.createIntent(input),
        () => 'created',
      ),
    retrieveIntent: (id) =>
      counted(
        'retrieve_intent',
        () => inner.retrieveIntent(id),
        (r) => r.status,
      ),
    cancelIntent: (id) =>
      counted(
        'cancel_intent',
        () => inner.cancelIntent(id),
        (r) => r.status,
      ),
    refund: (id, key, amount) =>
      counted(
        'refund',
        () => inner.refund(id, key, amount),
        () => 'refunded',
      ),
  } satisfies PaymentProvider;
}

/** Serves GET /metrics on its own port (keep it off the public network: HOST defaults to 127.0.0.1). */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
