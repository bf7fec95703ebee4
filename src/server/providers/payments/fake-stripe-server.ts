import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeConnect } from './fake-stripe-connect';

/** One request the SDK sent, as the fake Stripe API saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The connected account a Connect call acts on (the Stripe-Account header). */
  account: string | undefined;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: 'automatic' | 'manual';
  amount_capturable: number;
  amount_received: number;
  cancellation_reason: string | null;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  /** The charge once paid (Connect transfers name it as their source_transaction). */
  latest_charge: string | null;
  created: number;
  livemode: false;
}

/**
 * A local stand-in for api.stripe.com for offline tests: it answers the
 * PaymentIntent (create, retrieve, cancel, capture: manual capture holds the
 * amount in `requires_capture` until captured or released; a Customer and
 * `setup_future_usage` keep the paying card on the Customer, and an intent
 * created with `confirm` and `off_session` is confirmed at once with such a
 * saved card), Customer and Refund calls
 * StayHub makes like Stripe does (form-encoded
 * requests, JSON answers, idempotency keys replaying the first answer) and
 * records every request so tests can check what was sent.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<
    string,
    { id: string; object: 'refund'; payment_intent: string; amount: number; status: string }
  >();
  const replies = new Map<string, { status: number; body: unknown }>();
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null; metadata: object }>();
  /** Payment methods saved on a customer (setup_future_usage), by id: the customer's id. */
  const savedCards = new Map<string, string>();
  /** Saved cards whose off-session confirmations fail, with the error code. */
  const offSessionFailures = new Map<string, 'card_declined' | 'authentication_required'>();
  const requests: SeenRequest[] = [];
  /** `beforeReply`: runs after a request is handled and before it is answered (a test kills the caller there). */
  const hooks: { beforeReply?: (seen: SeenRequest) => Promise<void> } = {};
  const token = () => randomBytes(8).toString('hex');
  // Stripe Connect (accounts, links, transfers): its own block below, apart from the payment intents.
  const connect = fakeConnect(token, (charge) => [...intents.values()].find((i) => i.latest_charge === charge));

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        data += c;
      });
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const error = (status: number, code: string, message: string, type = 'invalid_request_error') => ({
    status,
    body: { error: { type, code, message } },
  });

  /** Server-side confirmation (`confirm: true`): off-session only with a card saved on the intent's customer. */
  function confirmAtOnce(intent: FakeIntent, offSession: boolean): { status: number; body: unknown } {
    const pm = intent.payment_method;
    if (!pm) return error(400, 'parameter_missing', 'You must provide a payment_method to confirm.');
    if (offSession && (!intent.customer || savedCards.get(pm) !== intent.customer)) {
      return error(
        400,
        'payment_method_not_available',
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment.',
      );
    }
    const failure = offSession ? offSessionFailures.get(pm) : undefined;
    if (failure) {
      // As Stripe: HTTP 402, a card error naming the failed intent, which waits for another payment method.
      intent.last_payment_error =
        failure === 'authentication_required'
          ? {
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            ...intent.last_payment_error,
            payment_intent: intent,
          },
        },
      };
    }
    settle(intent);
    return { status: 200, body: intent };
  }

  /** A card confirmed the intent: charged, or only authorised for manual capture. */
  function settle(intent: FakeIntent) {
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
    intent.last_payment_error = null;
    intent.latest_charge ??= `ch_fake_${token()}`;
  }

  function handle(seen: SeenRequest): { status: number; body: unknown } {
    const { method, path, params } = seen;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of params) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const customer = params.get('customer');
      if (customer !== null && !customers.has(customer)) {
        return error(400, 'resource_missing', `No such customer: '${customer}'`);
      }
      const sfu = params.get('setup_future_usage');
      if (sfu !== null && !customer) {
        return error(400, 'parameter_missing', 'setup_future_usage requires a customer in this fake.');
      }
      const id = `pi_fake_${token()}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? '',
        status: 'requires_payment_method',
        capture_method: params.get('capture_method') === 'manual' ? 'manual' : 'automatic',
        amount_capturable: 0,
        amount_received: 0,
        cancellation_reason: null,
        client_secret: `${id}_secret_${token()}`,
        metadata,
        description: params.get('description'),
        receipt_email: params.get('receipt_email'),
        last_payment_error: null,
        customer,
        payment_method: params.get('payment_method'),
        setup_future_usage: sfu === 'off_session' || sfu === 'on_session' ? sfu : null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      if (params.get('confirm') === 'true') return confirmAtOnce(intent, params.get('off_session') === 'true');
      return { status: 200, body: intent };
    }
    let m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const intent = intents.get(m[1]!);
      return intent
        ? { status: 200, body: intent }
        : error(404, 'resource_missing', `No such payment_intent: '${m[1]}'`);
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && m) {
      const intent = intents.get(m[1]!);
      if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${m[1]}'`);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(
          400,
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      // Cancelling an authorised intent releases the hold on the card.
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.cancellation_reason = params.get('cancellation_reason') ?? null;
      return { status: 200, body: intent };
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && m) {
      const intent = intents.get(m[1]!);
      if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${m[1]}'`);
      if (intent.status !== 'requires_capture') {
        return error(
          400,
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      const requested = params.get('amount_to_capture');
      const amount = requested === null ? intent.amount_capturable : Number(requested);
      if (!(amount > 0) || amount > intent.amount_capturable) {
        return error(400, 'amount_too_large', 'The amount to capture must be at most the amount capturable.');
      }
      // The rest of the authorisation is released, as Stripe does.
      intent.status = 'succeeded';
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      intent.latest_charge ??= `ch_fake_${token()}`;
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: `cus_fake_${token()}`,
        object: 'customer' as const,
        email: params.get('email'),
        metadata: Object.fromEntries([...params].filter(([k]) => k.startsWith('metadata['))),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(params.get('payment_intent') ?? '');
      if (!intent) return error(404, 'resource_missing', 'No such payment_intent');
      if (intent.status !== 'succeeded')
        return error(
          400,
          'payment_intent_unexpected_state',
          'This PaymentIntent does not have a successful charge to refund.',
        );
      if ([...refunds.values()].some((r) => r.payment_intent === intent.id)) {
        return error(400, 'charge_already_refunded', 'Charge has already been refunded.');
      }
      const asked = params.get('amount');
      if (asked !== null && Number(asked) > intent.amount_received) {
        return error(400, 'amount_too_large', 'Refund amount is greater than the amount received.');
      }
      const refund = {
        id: `re_fake_${token()}`,
        object: 'refund' as const,
        payment_intent: intent.id,
        amount: asked === null ? intent.amount_received : Number(asked),
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = params.get('payment_intent');
      const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    return connect.handle(seen) ?? error(404, 'unknown_path', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(raw);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
        account: header('stripe-account'),
      };
      requests.push(seen);
      const replayKey = seen.idempotencyKey && seen.method === 'POST' ? `${seen.path} ${seen.idempotencyKey}` : null;
      const reply = (replayKey && replies.get(replayKey)) || handle(seen);
      if (replayKey && !replies.has(replayKey)) replies.set(replayKey, reply);
      await hooks.beforeReply?.(seen);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${token()}` });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    hooks,
    intents,
    refunds,
    customers,
    /**
     * What the browser's confirmCardPayment would do with a good card: charged, or only
     * authorised (`requires_capture`) for a manual-capture intent. The card becomes the intent's
     * payment method, saved on its customer when the intent asked for `setup_future_usage`.
     */
    succeed(id: string) {
      const intent = intents.get(id)!;
      intent.payment_method ??= `pm_fake_${token()}`;
      if (intent.setup_future_usage && intent.customer) savedCards.set(intent.payment_method, intent.customer);
      settle(intent);
      return intent;
    },
    /** Later off-session confirmations with this saved card fail (a decline, or the bank wants the guest). */
    failOffSession(paymentMethod: string, code: 'card_declined' | 'authentication_required') {
      offSessionFailures.set(paymentMethod, code);
    },
    /** A refund made outside StayHub (the dashboard, or a call whose answer was lost). */
    refundElsewhere(intentId: string, amount?: number) {
      const intent = intents.get(intentId)!;
      const refund = {
        id: `re_fake_${token()}`,
        object: 'refund' as const,
        payment_intent: intentId,
        amount: amount ?? intent.amount,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return refund;
    },
    decline(id: string) {
      const intent = intents.get(id)!;
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      return intent;
    },
    connect: connect.api,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
