/**
 * The Stripe Connect part of the fake Stripe API (issue 28, payouts): accounts, account links, login
 * links, transfers and their reversals, and the connected accounts' bank payouts with the balance
 * transactions Stripe lists for them. Served by fake-stripe-server.ts, which replays idempotency keys.
 */
import type { SeenRequest } from './fake-stripe-server';

interface FakeAccount {
  id: string;
  object: 'account';
  email: string | null;
  metadata: Record<string, string>;
  controller: Record<string, unknown>;
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null };
  created: number;
}

interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  /** Its reversals, newest first, as Stripe lists them on the transfer (what `transfer.reversed` carries). */
  reversals: { object: 'list'; data: FakeReversal[]; has_more: boolean; url: string };
  /** The payment the transfer made on the connected account (py_...): its balance transaction's source. */
  destination_payment: string;
  created: number;
}

interface FakeReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  transfer: string;
  metadata: Record<string, string>;
  created: number;
}

/** A connected account's payout to its bank (Stripe makes these on the account's schedule). */
export interface FakeBankPayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  arrival_date: number;
  /** The transfers whose money it carries (fake only: Stripe answers this through balance transactions). */
  transfers: string[];
}

type Reply = { status: number; body: unknown };

const fail = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

function bracketed(params: URLSearchParams, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) {
    const m = new RegExp(`^${name}\\[(.+)\\]$`).exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

/**
 * The Connect part of the fake API. Accounts start needing details; `api.completeOnboarding` plays the
 * host finishing Stripe's hosted onboarding (transfers active, payouts enabled). A transfer needs an
 * account whose transfers capability is active and, with `source_transaction`, a paid charge at least
 * its amount; `api.failTransfersTo` makes transfers to an account fail (`account_closed`).
 */
export function fakeConnect(
  token: () => string,
  chargeOf: (charge: string) => { amount_received: number } | undefined,
) {
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, FakeTransfer>();
  const failing = new Set<string>();
  const reversals: FakeReversal[] = [];
  const bankPayouts = new Map<string, FakeBankPayout>();
  const now = () => Math.floor(Date.now() / 1000);

  function createTransfer(params: URLSearchParams): Reply {
    const destination = accounts.get(params.get('destination') ?? '');
    if (!destination) return fail(400, 'resource_missing', 'No such destination account');
    if (destination.capabilities.transfers !== 'active') {
      return fail(
        400,
        'insufficient_capabilities_for_transfer',
        'The destination account needs the transfers capability.',
      );
    }
    if (failing.has(destination.id)) return fail(400, 'account_closed', 'The destination account is closed.');
    const amount = Number(params.get('amount'));
    const source = params.get('source_transaction');
    if (source) {
      const charge = chargeOf(source);
      if (!charge) return fail(400, 'resource_missing', `No such charge: '${source}'`);
      if (amount > charge.amount_received) {
        return fail(400, 'amount_too_large', 'Transfer amount exceeds the source transaction amount.');
      }
    }
    const id = `tr_fake_${token()}`;
    const transfer: FakeTransfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: params.get('currency') ?? '',
      destination: destination.id,
      source_transaction: source,
      transfer_group: params.get('transfer_group'),
      metadata: bracketed(params, 'metadata'),
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      destination_payment: `py_fake_${token()}`,
      created: now(),
    };
    transfers.set(transfer.id, transfer);
    return { status: 200, body: transfer };
  }

  function reverse(id: string, params: URLSearchParams): Reply {
    const transfer = transfers.get(id);
    if (!transfer) return fail(404, 'resource_missing', `No such transfer: '${id}'`);
    const left = transfer.amount - transfer.amount_reversed;
    const amount = params.get('amount') === null ? left : Number(params.get('amount'));
    if (!(amount > 0) || amount > left) return fail(400, 'amount_too_large', 'The reversal exceeds what is left.');
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const reversal: FakeReversal = {
      id: `trr_fake_${token()}`,
      object: 'transfer_reversal',
      amount,
      transfer: id,
      metadata: bracketed(params, 'metadata'),
      created: now(),
    };
    reversals.push(reversal);
    transfer.reversals.data.unshift(reversal);
    return { status: 200, body: reversal };
  }

  /** GET /v1/balance_transactions?payout=po_...&type=payment on a connected account (Stripe-Account header). */
  function balanceTransactions({ params, account }: SeenRequest): Reply {
    const payout = bankPayouts.get(params.get('payout') ?? '');
    if (!payout || !account || !payout.id.includes(account.slice('acct_fake_'.length))) {
      return fail(404, 'resource_missing', `No such payout: '${params.get('payout')}'`);
    }
    // The source is always expanded here (StayHub asks for `expand[]=data.source`).
    const data = payout.transfers.map((id) => {
      const transfer = transfers.get(id)!;
      return {
        id: `txn_fake_${token()}`,
        object: 'balance_transaction',
        type: 'payment',
        amount: transfer.amount,
        source: { id: transfer.destination_payment, object: 'charge', source_transfer: transfer.id },
      };
    });
    return { status: 200, body: { object: 'list', url: '/v1/balance_transactions', has_more: false, data } };
  }

  function handle(seen: SeenRequest): Reply | null {
    const { method, path, params } = seen;
    if (method === 'GET' && path === '/v1/balance_transactions') return balanceTransactions(seen);
    if (method === 'POST' && path === '/v1/accounts') {
      const account: FakeAccount = {
        id: `acct_fake_${token()}`,
        object: 'account',
        email: params.get('email'),
        metadata: bracketed(params, 'metadata'),
        controller: { type: 'application', losses: { payments: params.get('controller[losses][payments]') } },
        capabilities: { transfers: 'inactive' },
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['external_account', 'individual.dob.day'],
          past_due: [],
          disabled_reason: null,
        },
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    let m = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const account = accounts.get(m[1]!);
      return account ? { status: 200, body: account } : fail(404, 'resource_missing', `No such account: '${m[1]}'`);
    }
    m = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (method === 'POST' && m) {
      const account = accounts.get(m[1]!);
      if (!account) return fail(404, 'resource_missing', `No such account: '${m[1]}'`);
      if (!account.details_submitted) return fail(400, 'account_invalid', 'The account has not completed onboarding.');
      return {
        status: 200,
        body: { object: 'login_link', url: `https://connect.stripe.test/express/${account.id}`, created: now() },
      };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(params.get('account') ?? '');
      if (!account) return fail(404, 'resource_missing', 'No such account');
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${account.id}/${token()}`,
          expires_at: now() + 300,
          created: now(),
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params);
    m = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const transfer = transfers.get(m[1]!);
      return transfer ? { status: 200, body: transfer } : fail(404, 'resource_missing', `No such transfer: '${m[1]}'`);
    }
    m = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && m) return reverse(m[1]!, params);
    return null;
  }

  return {
    handle,
    api: {
      accounts,
      transfers,
      reversals,
      bankPayouts,
      /**
       * The account's bank payout of these transfers, as Stripe makes on the account's schedule; `failed`
       * (the bank refused it: the money is back in the account's Stripe balance) with a failure code.
       */
      bankPayout(accountId: string, transferIds: string[], status: 'paid' | 'failed', failureCode = 'account_closed') {
        const payout: FakeBankPayout = {
          id: `po_fake_${accountId.slice('acct_fake_'.length)}_${token()}`,
          object: 'payout',
          amount: transferIds.reduce((sum, id) => sum + transfers.get(id)!.amount, 0),
          currency: transfers.get(transferIds[0]!)?.currency ?? 'usd',
          status,
          failure_code: status === 'failed' ? failureCode : null,
          failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
          arrival_date: now() + 86_400,
          transfers: transferIds,
        };
        bankPayouts.set(payout.id, payout);
        const { transfers: _carried, ...object } = payout;
        return object;
      },
      /** The host finished Stripe's onboarding: transfers active, payouts enabled. */
      completeOnboarding(id: string) {
        const account = accounts.get(id)!;
        Object.assign(account, {
          capabilities: { transfers: 'active' },
          payouts_enabled: true,
          details_submitted: true,
          requirements: { currently_due: [], past_due: [], disabled_reason: null },
        });
        return account;
      },
      /** A reversal made in Stripe's Dashboard (no StayHub metadata); the whole rest by default. */
      reverseInDashboard(transferId: string, amount?: number) {
        const params = new URLSearchParams(amount === undefined ? {} : { amount: String(amount) });
        return reverse(transferId, params);
      },
      failTransfersTo(id: string, failing_ = true) {
        if (failing_) failing.add(id);
        else failing.delete(id);
      },
    },
  };
}
