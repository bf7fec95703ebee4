import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A percentage 0-100 with at most two decimals ("12.5"). */
const percent = z.coerce
  .number()
  .min(0)
  .max(100)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'at most two decimals, e.g. 12.5');

const emailList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`, `10.0.0.0/255.0.0.0`, or a proxy-addr name (`loopback`, `linklocal`, `uniquelocal`). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [addr = '', range, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/** Comma-separated proxy addresses/CIDRs; `true` or a hop count would trust forged X-Forwarded-For values. */
const proxyList = z.string().transform((s, ctx) => {
  const entries = s
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 1 && ['false', 'no', 'none'].includes(entries[0]!.toLowerCase())) return [];
  for (const entry of entries) {
    if (/^(true|yes|\d+)$/i.test(entry)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" would trust any X-Forwarded-For a client sends; list the proxy addresses or CIDRs instead, e.g. 127.0.0.1,10.0.0.0/8`,
      });
      return z.NEVER;
    }
    if (!isProxyAddress(entry)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1,10.0.0.0/8)`,
      });
      return z.NEVER;
    }
  }
  return entries;
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** All configuration, checked once at start-up. Unset keys take the defaults shown in the README. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Unset: on outside production (demo accounts have published passwords). */
    SEED_DEMO_DATA: bool.optional(),
    /** Unset: on outside production (answers checked against their response schemas, ADR 0014). */
    CHECK_RESPONSES: bool.optional(),
    /** Proxies whose X-Forwarded-For is believed; empty: none. */
    TRUST_PROXY: proxyList.default([]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: emailList.default([]),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('StayHub <no-reply@stayhub.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    /** The Connect webhook endpoint's secret (/api/webhooks/stripe-connect; STRIPE_WEBHOOK_SECRET when not set). */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    /**
     * A Stripe-compatible API to talk to instead of api.stripe.com (a local fake or stripe-mock: tests and
     * development only; refused in production).
     */
    STRIPE_API_URL: z.url().optional(),
    /** Production without Stripe keys takes test cards only when this is true (a demo site). */
    ALLOW_SANDBOX_PAYMENTS: bool.default(false),
    /** The marketplace's one currency (lower-case ISO 4217 code), stored on every ledger entry (issue 28). */
    CURRENCY: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be a lower-case ISO currency code, e.g. usd or eur')
      .default('usd'),
    /** A host's share of a stay becomes payable this many hours after check-in, in the home's time zone (issue 28). */
    PAYOUT_DELAY_HOURS: z.coerce.number().int().min(0).max(720).default(24),
    /** Service fee on the nights and the cleaning fee of every booking, in percent (ADR 0019). */
    SERVICE_FEE_PERCENT: percent.default(0),
    /** Tax on the whole price (nights, cleaning fee, service fee), in percent; shown on the "VAT" line. */
    TAX_PERCENT: percent.default(0),
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
    /** How old the suggestions' places may be after a write through another process (ADR 0064). */
    PLACES_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    BOOKING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** How often unused uploads older than a day are removed. */
    UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
    /**
     * A host request's identity document is deleted this many days after an admin approved or declined it
     * (issue 30; checked as often as UPLOAD_SWEEP_INTERVAL_MS). 0: at the next pass after the decision.
     */
    HOST_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** How often the background worker fetches every imported iCal calendar (issue 11). */
    CALENDAR_SYNC_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(1_800_000),
    /** Lets calendar imports fetch from loopback and private addresses (tests, feeds on your own network). Never on a public site. */
    CALENDAR_IMPORT_ALLOW_PRIVATE: bool.default(false),
    /** A message unread this long mails its recipient (at most once per conversation an hour). */
    MESSAGE_MAIL_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** How often the unread-message mail job looks for messages unread past MESSAGE_MAIL_DELAY_MS. */
    MESSAGE_MAIL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How often reviews whose 14-day window closed are marked published (home ratings on cards follow). */
    REVIEW_PUBLISH_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
    /** A security deposit still held (no damage claim) is released this many days after check-out (issue 27). */
    DEPOSIT_RELEASE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
    /** How often the deposit release job looks for deposits due (and for those of bookings that ended unstayed). */
    DEPOSIT_RELEASE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
    /** How often the payout job makes hosts' shares payable and pays available balances out (issue 28). */
    PAYOUT_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
    /** A request (headers and body) must have arrived within this time, else 408 and the connection is closed. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
    /** The headers must have arrived within this time (at most REQUEST_TIMEOUT_MS). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
    /** Live message streams one user may hold open in a process; one more ends their oldest. */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(6),
    /** Live message streams a process holds open; beyond it new ones answer 503 (the page polls instead). */
    LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** Connections a process accepts at once; beyond it new ones are dropped. Unset: no limit but the OS's. */
    MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).optional(),
    /** Mean event-loop delay (ms) above which requests answer 503 `overloaded`. Unset: off. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).optional(),
    /** Shared state for several processes (throttles, rate limits, upload limits, search-cache generation); unset: in-process. */
    REDIS_URL: z
      .url()
      .refine((u) => /^rediss?:$/.test(new URL(u).protocol), 'must start with redis:// or rediss://')
      .optional(),
    /** Start of every Redis key, so several deployments (or tests) can share one Redis. */
    REDIS_KEY_PREFIX: z.string().min(1).max(64).default('stayhub:'),
    /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; unset: no metrics server. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** On SIGTERM/SIGINT: how long /api/ready answers 503 before the server stops accepting (for the load balancer to notice). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** On SIGTERM/SIGINT: in-flight requests and background passes get this long, then the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** A Protomaps PMTiles file on disk: street-level maps served at /map/tiles.pmtiles (docs/operations.md). Unset: the offline world map. */
    MAP_PMTILES: z
      .string()
      .min(1)
      .refine((p) => /\.pmtiles$/i.test(p), 'must be the path of a .pmtiles file, e.g. ./data/map/region.pmtiles')
      .optional(),
    /** Any MapLibre style URL (http or https): the map uses it instead of StayHub's own style. */
    MAP_STYLE_URL: z
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL of a MapLibre style.json')
      .optional(),
    /** Set: uploads live in this S3-compatible bucket instead of DATA_DIR/uploads (docs/operations.md). */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
      )
      .optional(),
    /** The service's URL (R2, MinIO, Ceph); unset for AWS S3. */
    S3_ENDPOINT: z
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com')
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1, eu-central-1 or auto')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style URLs (`endpoint/bucket/key`): MinIO and Ceph usually need it. */
    S3_FORCE_PATH_STYLE: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    } else if (!env.AUTH_SECRET && !LOOPBACK_HOSTS.has(env.HOST.toLowerCase())) {
      // The development secret is public: anyone could sign session cookies for a server others can reach.
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: `is required when HOST is not a loopback address (HOST=${env.HOST}); the built-in development secret is only used on 127.0.0.1, ::1 or localhost`,
      });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.ALLOW_SANDBOX_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production (without it the sandbox confirms bookings paid with test cards); ' +
          'set ALLOW_SANDBOX_PAYMENTS=true to run a demo site on the sandbox on purpose',
      });
    }
    if (env.NODE_ENV === 'production' && env.STRIPE_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: 'is for tests and development only (a local Stripe-compatible API); unset it in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (links in mails, allowed request origin)',
      });
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `must not be more than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
      });
    }
    if (env.MAX_CONNECTIONS !== undefined && env.LIVE_STREAMS_PER_PROCESS >= env.MAX_CONNECTIONS) {
      // Streams up to the connection limit would leave no connection for anything else.
      ctx.addIssue({
        code: 'custom',
        path: ['LIVE_STREAMS_PER_PROCESS'],
        message: `must be below MAX_CONNECTIONS (${env.MAX_CONNECTIONS}), leaving room for ordinary requests`,
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (metrics are not public)',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together',
      });
    }
    if (env.MAP_PMTILES && env.MAP_STYLE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAP_STYLE_URL'],
        message: 'set MAP_PMTILES or MAP_STYLE_URL, not both (a style of your own names its tiles itself)',
      });
    }
    checkS3(env, ctx);
  });

/** S3_BUCKET turns object storage on; the other S3_ keys only make sense with it, and it needs some of them. */
function checkS3(
  env: Partial<
    Record<'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>
  > & {
    S3_FORCE_PATH_STYLE: boolean;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!env.S3_BUCKET) {
    const stray: string[] = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (k) => env[k],
    );
    if (env.S3_FORCE_PATH_STYLE) stray.push('S3_FORCE_PATH_STYLE');
    if (stray.length) {
      const verb = stray.length > 1 ? 'are' : 'is';
      issue('S3_BUCKET', `is required when ${stray.join(', ')} ${verb} set (without it uploads stay on disk)`);
    }
    return;
  }
  if (!env.S3_REGION) {
    issue(
      'S3_REGION',
      "is required with S3_BUCKET (the bucket's region, e.g. eu-central-1; auto for Cloudflare R2; us-east-1 for MinIO)",
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    issue('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  } else if (env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID) {
    issue(
      'S3_ACCESS_KEY_ID',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT (only AWS S3, without S3_ENDPOINT, can take credentials from the instance or task role)',
    );
  }
}

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO_DATA' | 'CHECK_RESPONSES'> & {
  SEED_DEMO_DATA: boolean;
  CHECK_RESPONSES: boolean;
};

export class EnvError extends Error {
  override name = 'EnvError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws EnvError listing every bad key at once. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "unset", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) {
    const production = parsed.data.NODE_ENV === 'production';
    return {
      ...parsed.data,
      SEED_DEMO_DATA: parsed.data.SEED_DEMO_DATA ?? !production,
      CHECK_RESPONSES: parsed.data.CHECK_RESPONSES ?? !production,
    };
  }
  throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
}
