/**
 * /dashboard/payouts (host): what StayHub owes the host and has paid them (issue 28). The balance,
 * the payout account with its one button (connect, continue onboarding, or open the provider's
 * dashboard), what the next payouts are made of, past payouts with their stays and deductions, CSV.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { HostPayouts } from '#shared/schemas/payouts';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import { QueryView } from '#client/components/ui/query-view';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { fetchHostPayouts, payoutAccountLink, payoutKeys } from '../lib/payouts-api';

export const NO_UPCOMING = 'Nothing upcoming. Your share of a stay shows here once it is booked.';
export const NO_HISTORY = 'No payouts yet. Each payout shows here with the stays it pays.';

type Account = HostPayouts['account'];
type Line = HostPayouts['history'][number]['lines'][number];

const ACCOUNT_TEXT: Record<Account['status'], string> = {
  none: 'Not connected: your earnings wait for you until you connect a payout account.',
  pending_verification: 'Pending verification: finish onboarding so we can pay you.',
  enabled: 'Enabled: payouts go to your account.',
  restricted: 'Restricted: your payout provider needs more information before paying you.',
};

function buttonLabel(account: Account): string {
  if (account.status === 'none') return 'Connect payout account';
  if (account.status === 'enabled')
    return account.provider === 'stripe' ? 'Open Stripe dashboard' : 'Manage test account';
  return 'Continue onboarding';
}

function lineText(l: Line): string {
  const stay = l.title ? `${l.title}${l.checkIn ? `, ${formatDay(l.checkIn)}` : ''}` : 'Adjustment';
  if (l.kind === 'refund') return `Deduction: refund on ${stay}`;
  if (l.kind === 'deposit_capture') return `Damage claim: ${stay}`;
  return stay;
}

function AccountPanel({ account }: { account: Account }) {
  const link = useMutation({
    mutationFn: payoutAccountLink,
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <section aria-labelledby="payout-account" className="rounded-xl border border-gray-200 p-4">
      <h2 id="payout-account" className="text-lg font-semibold text-gray-900">
        Payout account
      </h2>
      <p className="mt-1 text-gray-800">{ACCOUNT_TEXT[account.status]}</p>
      {link.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {errorText(link.error)}
        </p>
      )}
      <button
        type="button"
        disabled={link.isPending}
        onClick={() => link.mutate()}
        className="mt-3 rounded-md bg-rose-700 px-3 py-2 font-semibold text-white hover:bg-rose-800 disabled:opacity-60"
      >
        {link.isPending ? 'Opening…' : buttonLabel(account)}
      </button>
    </section>
  );
}

function Lines({ lines }: { lines: Line[] }) {
  return (
    <ul className="mt-1 space-y-1 text-sm text-gray-800">
      {lines.map((l, i) => (
        <li key={`${l.bookingId ?? 'x'}-${l.kind}-${i}`} className="flex justify-between gap-4">
          <span>{lineText(l)}</span>
          <span className={l.amountCents < 0 ? 'text-red-800' : ''}>{formatCents(l.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}

function Balance({ data }: { data: HostPayouts }) {
  const items = [
    { label: 'Pending', cents: data.balance.pendingCents, note: 'stays not yet checked in' },
    { label: 'Available', cents: data.balance.availableCents, note: 'paid out on the next payout' },
    { label: 'Paid', cents: data.balance.paidCents, note: 'sent to your account' },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {items.map((i) => (
        <div key={i.label} className="rounded-xl border border-gray-200 p-4">
          <dt className="text-sm text-gray-700">
            {i.label} <span className="sr-only">({i.note})</span>
          </dt>
          <dd className="text-2xl font-semibold text-gray-900">{formatCents(i.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Payouts({ data }: { data: HostPayouts }) {
  return (
    <div className="space-y-6">
      <Balance data={data} />
      <AccountPanel account={data.account} />
      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className="text-lg font-semibold text-gray-900">
          Upcoming
        </h2>
        {data.upcoming.length === 0 ? <p className="text-gray-800">{NO_UPCOMING}</p> : <Lines lines={data.upcoming} />}
      </section>
      <section aria-labelledby="history">
        <div className="flex items-baseline justify-between">
          <h2 id="history" className="text-lg font-semibold text-gray-900">
            Payout history
          </h2>
          <a href="/api/host/payouts.csv" download className="text-sm font-semibold text-rose-800 underline">
            Download CSV
          </a>
        </div>
        {data.history.length === 0 ? (
          <p className="text-gray-800">{NO_HISTORY}</p>
        ) : (
          <ol className="space-y-3">
            {data.history.map((p) => (
              <li key={p.id} className="rounded-xl border border-gray-200 p-4" data-payout-id={p.id}>
                <p className="flex justify-between font-semibold text-gray-900">
                  <span>
                    {p.status === 'paid' ? 'Paid' : p.status === 'failed' ? 'Failed' : 'Sending'}{' '}
                    {formatDay((p.paidAt ?? p.createdAt).slice(0, 10))}
                  </span>
                  <span>{formatCents(p.amountCents)}</span>
                </p>
                {p.failure && <p className="text-sm text-red-800">{p.failure} (retried on the next payout)</p>}
                <Lines lines={p.lines} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function PayoutsPage() {
  const payouts = useQuery({ queryKey: payoutKeys.mine, queryFn: ({ signal }) => fetchHostPayouts(signal) });
  return (
    <Screen title="Payouts" intro="Your earnings from stays: what is on its way, and what has been paid.">
      <QueryView query={payouts} loadingLabel="Loading payouts">
        {(data) => <Payouts data={data} />}
      </QueryView>
    </Screen>
  );
}

export { PayoutsPage as Component };
