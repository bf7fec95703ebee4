import type { MapSettings } from './features/map/map-settings';
import type { PlaceSuggester } from './features/search/place-suggestions';
import type { Redis } from 'ioredis';
import type { Db } from './db/client';
import type { Clock } from './providers/clock/clock';
import type { MailProvider } from './providers/mail/mail';
import type { MailQueue } from './providers/mail/mail-queue';
import type { PaymentProvider } from './providers/payments/payment-provider';
import type { PayoutProvider } from './providers/payouts/payout-provider';
import type { StorageProvider } from './providers/storage/storage';

/*
 * The context only names the parts it holds; their implementations live below
 * it (auth/throttle.ts, features/homes/search-cache.ts) and import these types.
 */

/**
 * What a shared store (Redis) throws while it cannot answer: unreachable, too slow, or its
 * circuit open (providers/redis/circuit-breaker.ts). In-process stores never throw it. Each
 * caller decides what an outage means for it (docs/operations.md, "Running several processes").
 */
export class SharedStateUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SharedStateUnavailableError';
  }
}

/** Sign-in failure counters of one key (see auth/throttle.ts). */
export interface ThrottleState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/** Where sign-in failure counters live (in-process memory by default; a shared store for several processes). */
export interface LoginThrottleStore {
  /** Atomically reads, changes and writes the state of one key (null = no state). */
  update(key: string, change: (state: ThrottleState | null) => ThrottleState | null): Promise<ThrottleState | null>;
}

/** Public home searches answered from memory for a few seconds (see features/homes/search-cache.ts). */
export interface SearchCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every cached search here and, with a shared generation, on every process. */
  clear(): Promise<void>;
}

/**
 * A counter shared by every process (Redis): bumped on each successful write, read by
 * each search, so a search cached before a write on any process is never answered after it.
 */
export interface SharedGeneration {
  current(): Promise<string>;
  bump(): Promise<void>;
}

/** Fixed-window request counting for Better Auth's rate limiter (its `rateLimit.customStorage` shape). */
export interface RateLimitStore {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

export type UploadSlot =
  | { allowed: true; release(): Promise<void> }
  | { allowed: false; reason: 'concurrent' | 'per_minute'; retryAfterSeconds: number };

/** Per-user upload limits (see features/uploads/upload-limits.ts; a Redis one shares them between processes). */
export interface UploadLimiter {
  /** Takes a slot for this user's upload; call `release()` when it is done (stored or failed). */
  acquire(userId: string): Promise<UploadSlot>;
}

/** How a background job runs with several processes: each pass under a lease, so one process runs it at a time. */
export interface JobOptions<T> {
  /** Runs the pass while holding the job's lease (main.ts: `runExclusively`, jobs/job-queue.ts); `ran: false` skips it. */
  exclusive?: (pass: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;
  /** Called after each pass (metrics). */
  onPass?: (outcome: 'ok' | 'failed' | 'skipped') => void;
}

/** The background jobs' timing and locks (main.ts from the environment; plugins/jobs.ts starts them). */
export interface JobSettings {
  intervals: {
    bookingSweepMs: number;
    uploadSweepMs: number;
    calendarSyncMs: number;
    messageMailMs: number;
    reviewPublishMs: number;
    depositReleaseMs: number;
    /** PAYOUT_INTERVAL_MS (the payout job; none when not given). */
    payoutMs?: number;
  };
  /** How long a message stays unread before its recipient is mailed (MESSAGE_MAIL_DELAY_MS). */
  messageMailDelayMs: number;
  /** HOST_DOCUMENT_RETENTION_DAYS: a decided host request's document is deleted this long after the decision. */
  hostDocumentRetentionDays?: number;
  /** Called after each pass of a job (metrics). */
  onPass?: (job: string, outcome: 'ok' | 'failed' | 'skipped') => void;
}

/**
 * How imported calendar feeds are fetched (features/calendar-sync/feed-fetch.ts). Private,
 * loopback and link-local addresses are refused unless `allowPrivate` (CALENDAR_IMPORT_ALLOW_PRIVATE).
 */
export interface CalendarFetchPolicy {
  allowPrivate: boolean;
  /** Resolves a host name (tests hand in one that plays a public name pointing inside); DNS when not given. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /**
   * Exact addresses allowed whatever their range (not from the environment: tests use it to let a
   * local server play a public one, so a redirect from it to loopback can be refused).
   */
  allowAddresses?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** How long reading one fetched feed may take before its thread is stopped (default 10 s). */
  parseTimeoutMs?: number;
}

/**
 * What the live message stream tells a user: a new message in, or their reading of, a conversation;
 * or `end`: their account was suspended or deleted, so every process ends their open streams at once
 * (a stream outlives the session check of its first request, ADR 0060).
 */
export type LiveEvent =
  | {
      type: 'message' | 'read';
      conversationId: string;
      /** The users whose open streams get it. */
      userIds: string[];
    }
  | { type: 'end'; userIds: string[] };

/**
 * Carries live events to every process's open streams (features/messages/message-bus.ts):
 * in-process, PostgreSQL LISTEN/NOTIFY or Redis pub/sub (main.ts chooses).
 */
export interface MessageBus {
  /** Sends to every subscriber on every process; a failure is the caller's to log (the message is stored). */
  publish(event: LiveEvent): Promise<void>;
  /** Called for every event, also this process's own; answers the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close?(): Promise<void>;
}

/** Prometheus metrics the app records (see metrics.ts); none are recorded when not given. */
export interface AppMetrics {
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

/** The logger services write to (Fastify's logger fits). */
export interface ServiceLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Settings the app reads at run time, derived once from the environment (see auth/config.ts). */
export interface AppConfig {
  /** Origin the browser uses, e.g. `https://stayhub.example` (no trailing slash). Links in mails start with it. */
  publicUrl: string;
  /** Extra origins allowed to make state-changing requests (the Vite dev server in development). */
  extraTrustedOrigins: string[];
  production: boolean;
  /** Better Auth secret (signs session cookies and bearer tokens). */
  authSecret: string;
  /** Lower-case emails that become admins once the address is verified. */
  adminEmails: string[];
  /** Google (OpenID Connect) sign-in; null when not configured. */
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  mailFrom: string;
}

/** Everything from outside that the app uses; handed to buildApp so tests can choose each part. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  /** Uploaded and demo pictures, host documents; the app serves its public side at /uploads/<key>. */
  storage: StorageProvider;
  config: AppConfig;
  mail: MailProvider;
  /** Card payments: `sandboxPayments` (default) or `stripePayments` (when Stripe keys are set). */
  payments: PaymentProvider;
  /**
   * Host payouts: `sandboxPayouts` or `stripePayouts` (Stripe Connect, with the Stripe keys); when not given,
   * the sandbox on this database (buildApp).
   */
  payouts?: PayoutProvider;
  /** Where sign-in failure counters live; in-process memory when not given (Redis when REDIS_URL is set). */
  loginThrottleStore?: LoginThrottleStore;
  /** Better Auth's rate-limit counters; Better Auth's in-process memory when not given. */
  authRateLimitStore?: RateLimitStore;
  /** Per-user upload limits; in-process when not given. */
  uploadLimiter?: UploadLimiter;
  /** Makes every process's search cache forget what a write on any process changed; this process only when not given. */
  searchGeneration?: SharedGeneration;
  /**
   * GET /api/ready: 503 while this answers true (shutting down) or while a check throws.
   * The database is always checked; `checks` adds others (Redis).
   */
  readiness?: { draining?: () => boolean; checks?: Record<string, () => Promise<unknown>> };
  metrics?: AppMetrics;
  /** The map's basemap: MAP_PMTILES or MAP_STYLE_URL; neither: the offline world map (issue 29). */
  map?: MapSettings;
  /** Built client (index.html and assets); the SPA is served when set. */
  clientDir?: string;
  logger?:
    | boolean
    | {
        level: string;
        stream?: { write(line: string): void };
        /** A pino transport (development: pino-pretty; see logger-options.ts). */
        transport?: { target: string; options?: Record<string, unknown> };
      };
  /**
   * Deadlines for slow clients (defaults: DEFAULT_TIMEOUTS in app.ts): the whole request incl. its body
   * (`requestMs`, REQUEST_TIMEOUT_MS), the headers (`headersMs`, HEADERS_TIMEOUT_MS), an idle connection
   * (`idleMs`), and how often Node checks them (`checkIntervalMs`).
   */
  timeouts?: { requestMs?: number; headersMs?: number; idleMs?: number; checkIntervalMs?: number };
  /**
   * Addresses/CIDRs of the reverse proxies (TRUST_PROXY): only a request from one of them has its
   * client address taken from X-Forwarded-For (the nearest untrusted hop). Unset or empty: trust none.
   */
  trustProxy?: readonly string[];
  /** Seconds-long memory of public home searches (0 or unset: off). */
  searchCacheTtlMs?: number;
  /**
   * How old the places held in memory for the suggestions may be when written through another
   * process (PLACES_MAX_AGE_MS; 0 or unset: their version is read before every suggestion). A write
   * through this process is seen at once (ADR 0064).
   */
  placesMaxAgeMs?: number;
  /**
   * true or unset: every answer is checked against its zod response schema (a mismatch is a 500);
   * false: written by a serializer compiled from the schema, unchecked (CHECK_RESPONSES, ADR 0014).
   */
  checkResponses?: boolean;
  /** Fetching imported iCal feeds; private addresses refused when not given. */
  calendarFetch?: CalendarFetchPolicy;
  /** Live message events between processes; in this process only when not given. */
  messageBus?: MessageBus;
  /**
   * Where the per-user request limits (messages, "Sync now") count: @fastify/rate-limit's Redis store on
   * this connection (REDIS_URL, keys under REDIS_KEY_PREFIX); in this process when not given.
   */
  rateLimits?: { redis: Redis; keyPrefix: string };
  /**
   * The live stream's timing: a comment every `heartbeatMs` (default 25 s) keeps proxies from
   * closing it; it ends after `maxMs` (default 10 min) and the browser reconnects, which also
   * spreads streams over new processes. Each holds a socket, so they are capped: `perUser` (default 6,
   * LIVE_STREAMS_PER_USER; one more ends the user's oldest) and `perProcess` (default 500,
   * LIVE_STREAMS_PER_PROCESS; beyond it 503).
   */
  messageStream?: { heartbeatMs?: number; maxMs?: number; perUser?: number; perProcess?: number };
  /**
   * MAX_CONNECTIONS: connections beyond this are dropped as they arrive (Node's `server.maxConnections`),
   * so the process keeps file descriptors for its database, Redis and files. Unset: no limit but the OS's.
   */
  maxConnections?: number;
  /**
   * MAX_EVENT_LOOP_DELAY_MS: while the event loop's mean delay is above it, requests answer 503
   * `overloaded` (http/over-load.ts, @fastify/under-pressure). Unset: off.
   */
  overLoad?: { maxEventLoopDelayMs?: number; sampleIntervalMs?: number };
  /** SERVICE_FEE_PERCENT and TAX_PERCENT (0-100, two decimals at most); 0 when not given. */
  pricing?: PricingSettings;
  /** DEPOSIT_RELEASE_DAYS: a security deposit is released this many days after check-out (3 when not given). */
  deposits?: { releaseDays: number };
  /** CURRENCY and PAYOUT_DELAY_HOURS for the money ledger (issue 28); `usd` and 24 when not given. */
  ledger?: LedgerSettings;
  /** The background jobs, started once the server listens; none when not given (tests run passes themselves). */
  jobs?: JobSettings;
}

/** The money ledger's settings (issue 28, ADR 0053). */
export interface LedgerSettings {
  /** CURRENCY: the marketplace's one currency, lower-case ISO code, on every ledger entry. */
  currency: string;
  /** PAYOUT_DELAY_HOURS: a host's share becomes payable this long after check-in (the home's time). */
  payoutDelayHours: number;
}

/** The percentages every booking's price adds (src/shared/stay.ts priceStay). */
export interface PricingSettings {
  serviceFeePercent: number;
  taxPercent: number;
}

/**
 * What routes see and hand to services: the deps plus what buildApp derives
 * from them. It is itself the bookings services' dependencies (BookingDeps).
 */
export type AppContext = Omit<AppDeps, 'mail' | 'payouts'> & {
  /** The payout provider of the deps, or the sandbox on this database. */
  payouts: PayoutProvider;
  /**
   * The durable mail queue (ADR 0046), the one way the app sends mail: the provider of the deps
   * (`AppDeps.mail`) is used only by the queue's worker.
   */
  mail: MailQueue;
  searchCache: SearchCache;
  /** Place suggestions from the places held in memory (features/search/place-suggestions.ts, ADR 0064). */
  places: PlaceSuggester;
  messageBus: MessageBus;
  /** The app's logger. */
  log: ServiceLog;
  /** `config.publicUrl`: links in mails start with it. */
  publicUrl: string;
  /** The names of calendar imports by id (features/calendar-sync); the host's calendar labels imported nights with them. */
  importNames: (importIds: string[]) => Promise<Map<string, string>>;
};
