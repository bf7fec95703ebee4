/**
 * /dashboard/finance (admin, issue 28): the marketplace's figures for a period (this month by
 * default), read from the ledger; a CSV of the period's ledger for the accountant; and the ledger
 * lines of one booking, searched by its id.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FinanceResponse, LedgerEntry } from '#shared/schemas/ledger';
import { formatCents } from '#shared/money';
import { TextField } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { Screen } from '#client/components/layout/screen';
import {
  fetchBookingLedger,
  fetchFinance,
  financeKeys,
  ledgerCsvUrl,
  thisMonth,
  type Period,
} from '../lib/finance-api';

const FIGURES: Array<{ key: keyof FinanceResponse; label: string; hint: string }> = [
  { key: 'grossBookingsCents', label: 'Gross bookings', hint: 'Charged for stays' },
  { key: 'platformFeesCents', label: 'Platform fees', hint: 'Service fees, less refunded shares' },
  { key: 'taxesCollectedCents', label: 'Taxes collected', hint: 'Owed to the authorities' },
  { key: 'refundsCents', label: 'Refunds', hint: 'Paid back to guests' },
  { key: 'depositsCapturedCents', label: 'Deposits captured', hint: 'For damage, owed to hosts' },
  { key: 'payoutsMadeCents', label: 'Payouts made', hint: 'Transferred to hosts' },
  { key: 'payoutsFailedCents', label: 'Payouts failed', hint: 'Sent, then reversed or refused by the bank' },
  { key: 'transferReversalsCents', label: 'Taken back from hosts', hint: 'Refunds after payout' },
  { key: 'heldForHostsCents', label: 'Held for hosts', hint: 'Pending and payable, at the end' },
  { key: 'depositsHeldCents', label: 'Deposits held', hint: 'Authorised on cards, at the end' },
];

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  charge: 'Charge',
  refund: 'Refund',
  host_share_available: 'Host share payable',
  deposit_hold: 'Deposit held',
  deposit_release: 'Deposit released',
  deposit_capture: 'Deposit captured',
  transfer: 'Payout',
  transfer_reversal: 'Payout reversed',
  transfer_failed: 'Payout failed',
};

const LINE_COLUMNS: ScrollTableColumn[] = [
  { label: 'When' },
  { label: 'Event' },
  { label: 'Account' },
  { label: 'Amount' },
];

function Figures({ period }: { period: Period }) {
  const figures = useQuery({
    queryKey: financeKeys.figures(period),
    queryFn: ({ signal }) => fetchFinance(period, signal),
  });
  return (
    <QueryView query={figures} loadingLabel="Loading the figures">
      {(f) => (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Figures for the period">
          {FIGURES.map(({ key, label, hint }) => (
            <div key={key} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <dt className="text-sm font-semibold text-gray-800">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-gray-900" data-figure={key}>
                {formatCents(f[key] as number)}
              </dd>
              <dd className="text-sm text-gray-700">{hint}</dd>
            </div>
          ))}
        </dl>
      )}
    </QueryView>
  );
}

/** Debits positive, credits negative, as the ledger keeps them. */
function LineRow({ e }: { e: LedgerEntry }) {
  return (
    <tr className="border-t border-gray-200">
      <td data-label="When" className="px-3 py-2 text-sm text-gray-800">
        {new Date(e.at).toISOString().replace('T', ' ').slice(0, 16)} UTC
      </td>
      <td data-label="Event" className="px-3 py-2 text-gray-900">
        {KIND_LABELS[e.kind]}
      </td>
      <td data-label="Account" className="px-3 py-2 font-mono text-sm text-gray-900">
        {e.account}
      </td>
      <td data-label="Amount" className="px-3 py-2 text-right tabular-nums text-gray-900">
        {formatCents(e.amountCents)}
      </td>
    </tr>
  );
}

function BookingLines({ bookingId }: { bookingId: string }) {
  const lines = useQuery({
    queryKey: financeKeys.booking(bookingId),
    queryFn: ({ signal }) => fetchBookingLedger(bookingId, signal),
  });
  return (
    <QueryView
      query={lines}
      loadingLabel="Loading the booking's ledger"
      isEmpty={(all) => all.length === 0}
      empty={<p className="text-gray-800">No ledger lines for this booking (no money moved for it).</p>}
    >
      {(all) => (
        <ScrollTable
          label="The booking's ledger lines"
          caption="Debits are positive, credits negative; each event's lines add up to $0.00."
          captionVisible
          columns={LINE_COLUMNS}
          minWidthClass="sm:min-w-[40rem]"
        >
          {all.map((e, i) => (
            <LineRow key={`${e.transactionId}-${i}`} e={e} />
          ))}
        </ScrollTable>
      )}
    </QueryView>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BookingSearch() {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [bookingId, setBookingId] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = draft.trim();
    if (!UUID.test(id)) return setError('Enter a booking id, as on the receipt (e.g. 6f1c…-…)');
    setError(undefined);
    setBookingId(id.toLowerCase());
  };
  return (
    <section aria-labelledby="booking-lines-title" className="mt-10">
      <h2 id="booking-lines-title" className="text-xl font-semibold text-gray-900">
        A booking&apos;s ledger lines
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <TextField
          label="Booking id"
          value={draft}
          error={error}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-[20rem]"
        />
        <button type="submit" className="rounded-md bg-rose-700 px-4 py-2 font-semibold text-white hover:bg-rose-800">
          Show lines
        </button>
      </form>
      {bookingId && (
        <div className="mt-4">
          <BookingLines bookingId={bookingId} />
        </div>
      )}
    </section>
  );
}

export function FinancePage() {
  const [period, setPeriod] = useState<Period>(() => thisMonth(new Date()));
  const [draft, setDraft] = useState<Period>(period);
  const [error, setError] = useState<string | undefined>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.to <= draft.from) return setError('The end must be after the start');
    setError(undefined);
    setPeriod(draft);
  };
  return (
    <Screen
      title="Finance"
      intro="The marketplace's money for a period, from the ledger: the end date is not included; times are UTC."
    >
      <form onSubmit={apply} className="mb-6 flex flex-wrap items-end gap-3" noValidate aria-label="Period">
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To (not included)"
          type="date"
          value={draft.to}
          error={error}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <button type="submit" className="rounded-md bg-rose-700 px-4 py-2 font-semibold text-white hover:bg-rose-800">
          Show
        </button>
        <a
          href={ledgerCsvUrl(period)}
          download
          className="rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Download the ledger (CSV)
        </a>
      </form>
      <Figures period={period} />
      <BookingSearch />
    </Screen>
  );
}

export { FinancePage as Component };
