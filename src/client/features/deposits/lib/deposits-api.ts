/** Security deposits (issue 27): each side's deposits, a host's damage claim, the admin's claims and decisions. */
import {
  damageClaimListSchema,
  depositListSchema,
  depositSchema,
  type DamageClaim,
  type DamageClaimRequest,
  type DamageDecision,
  type Deposit,
} from '#shared/schemas/deposits';
import { apiRequest } from '#client/lib/api';

export const depositKeys = {
  all: ['deposits'] as const,
  mine: (as: 'guest' | 'host') => ['deposits', as] as const,
  claims: () => ['deposits', 'claims'] as const,
};

export async function fetchDeposits(as: 'guest' | 'host', signal?: AbortSignal): Promise<Deposit[]> {
  const { data } = await apiRequest(`/api/deposits?as=${as}`, depositListSchema, { signal });
  return data.deposits;
}

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function fileDamageClaim(bookingId: string, claim: DamageClaimRequest): Promise<Deposit> {
  const path = `/api/host/reservations/${encodeURIComponent(bookingId)}/damage-claim`;
  return (await apiRequest(path, depositSchema, post(claim))).data;
}

export async function fetchDamageClaims(signal?: AbortSignal): Promise<DamageClaim[]> {
  const { data } = await apiRequest('/api/admin/damage-claims', damageClaimListSchema, { signal });
  return data.claims;
}

export async function decideDamageClaim(bookingId: string, decision: DamageDecision): Promise<Deposit> {
  const path = `/api/admin/damage-claims/${encodeURIComponent(bookingId)}/decide`;
  return (await apiRequest(path, depositSchema, post(decision))).data;
}
