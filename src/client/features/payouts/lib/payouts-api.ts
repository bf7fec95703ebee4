/** Host payouts (issue 28): the host's balance and payouts, and the link to onboarding or their dashboard. */
import { hostPayoutsSchema, payoutLinkSchema, type HostPayouts } from '#shared/schemas/payouts';
import { apiRequest } from '#client/lib/api';

export const payoutKeys = { mine: ['payouts', 'mine'] as const };

export async function fetchHostPayouts(signal?: AbortSignal): Promise<HostPayouts> {
  return (await apiRequest('/api/host/payouts', hostPayoutsSchema, { signal })).data;
}

/** Where to send the host: onboarding (start or continue), or their provider dashboard once enabled. */
export async function payoutAccountLink(): Promise<string> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  return (await apiRequest('/api/host/payouts/account', payoutLinkSchema, init)).data.url;
}
