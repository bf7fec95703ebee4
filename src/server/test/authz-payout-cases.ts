/**
 * The authorisation matrix's cases for host payouts (issue 28); src/server/authz-matrix.test.ts
 * spreads them into its MATRIX. Every host sees only their own payouts (the answers are built from
 * the caller's id); the sandbox's onboarding page is keyed by its link's secret, like a Stripe Account Link.
 */
import { all, only, type Case } from './authz-cases';

const BOGUS_TOKEN = 'not-a-real-onboarding-link-secret';

export function payoutCases(): Record<string, Case[]> {
  return {
    'GET /api/host/payouts': [
      {
        name: "the caller's payouts (hosts)",
        request: () => ({ method: 'GET', url: '/api/host/payouts' }),
        expect: only({ host: 200, otherHost: 200 }),
      },
    ],
    'GET /api/host/payouts.csv': [
      {
        name: "the caller's payouts as CSV (hosts)",
        request: () => ({ method: 'GET', url: '/api/host/payouts.csv' }),
        expect: only({ host: 200, otherHost: 200 }),
      },
    ],
    'GET /api/host/payouts/account': [
      {
        name: "the caller's payout account status (hosts)",
        request: () => ({ method: 'GET', url: '/api/host/payouts/account' }),
        expect: only({ host: 200, otherHost: 200 }),
      },
    ],
    'POST /api/host/payouts/account': [
      {
        name: 'an unknown field (hosts pass the role guard to the 400)',
        request: () => ({ method: 'POST', url: '/api/host/payouts/account', payload: { accountId: 'acct_x' } }),
        expect: only({ host: 400, otherHost: 400 }),
      },
      {
        name: "start onboarding the caller's own account (hosts)",
        request: () => ({ method: 'POST', url: '/api/host/payouts/account', payload: {} }),
        expect: only({ host: 200, otherHost: 200 }),
      },
    ],
    'GET /api/payouts/sandbox/onboarding/:token': [
      {
        name: 'an onboarding page without a valid link secret',
        request: () => ({ method: 'GET', url: `/api/payouts/sandbox/onboarding/${BOGUS_TOKEN}` }),
        expect: all(404),
      },
    ],
    'POST /api/payouts/sandbox/onboarding/:token': [
      {
        name: 'an onboarding form without a valid link secret',
        request: () => ({
          method: 'POST',
          url: `/api/payouts/sandbox/onboarding/${BOGUS_TOKEN}`,
          payload: 'holderName=Mallory&accountNumber=000123456789',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        expect: all(404),
      },
    ],
    'POST /api/webhooks/stripe-connect': [
      {
        name: 'Connect webhook without signature (sandbox: no such endpoint)',
        request: () => ({
          method: 'POST',
          url: '/api/webhooks/stripe-connect',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        }),
        expect: all(404),
      },
    ],
  };
}
