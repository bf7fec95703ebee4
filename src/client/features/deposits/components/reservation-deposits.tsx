/**
 * The Reservations screen's "Security deposits" section (issue 27): each stay whose guest's card
 * holds a deposit, its state, and "Report damage" from the stay's start until the deposit is released.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Reservation } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { DamageClaimDialog, type DamageClaimTarget } from './damage-claim-dialog';
import { depositKeys, fetchDeposits, fileDamageClaim } from '../lib/deposits-api';
import { canReportDamage, hostDepositText } from '../lib/present';

const COLUMNS: ScrollTableColumn[] = [
  { label: 'Guest' },
  { label: 'Home' },
  { label: 'Dates' },
  { label: 'Deposit' },
  { label: 'Action' },
];

export const CLAIM_FILED = 'Damage claim filed. The guest was mailed; an admin decides.';

export function ReservationDeposits({ reservations }: { reservations: Reservation[] }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<DamageClaimTarget | null>(null);
  const deposits = useQuery({
    queryKey: depositKeys.mine('host'),
    queryFn: ({ signal }) => fetchDeposits('host', signal),
  });
  const claim = useMutation({
    mutationFn: ({ bookingId, ...body }: { bookingId: string; amount: number; reason: string }) =>
      fileDamageClaim(bookingId, body),
    onSuccess: async () => {
      toast.success(CLAIM_FILED);
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
  });
  const byBooking = new Map((deposits.data ?? []).map((d) => [d.bookingId, d]));
  const rows = reservations.filter((r) => r.status === 'confirmed' && byBooking.has(r.id));
  if (!rows.length) return null;
  return (
    <section aria-labelledby="reservations-deposits" className="mb-8">
      <h2 id="reservations-deposits" className="mb-3 text-xl font-bold text-gray-900">
        Security deposits
      </h2>
      <ScrollTable
        label="Security deposits"
        caption="Security deposits"
        columns={COLUMNS}
        minWidthClass="sm:min-w-[44rem]"
      >
        {rows.map((r) => {
          const d = byBooking.get(r.id)!;
          const guestId = `deposit-guest-${r.id}`;
          return (
            <tr key={r.id} className="border-t border-gray-200 align-top" data-deposit-id={r.id}>
              <th scope="row" id={guestId} className="px-3 py-3 text-left font-semibold text-gray-900">
                {r.guestName}
              </th>
              <td data-label="Home" className="px-3 py-3 text-gray-800">
                {r.homeTitle}
              </td>
              <td data-label="Dates" className="px-3 py-3 text-gray-800">
                {formatDay(r.from)} – {formatDay(r.to)}
              </td>
              <td data-label="Deposit" className="px-3 py-3 text-gray-800">
                {hostDepositText(d)}
                {d.claim && <span className="mt-1 block text-sm text-gray-700">Reason: {d.claim.reason}</span>}
              </td>
              <td data-label="Action" className="px-3 py-3">
                {canReportDamage(d, r.when !== 'upcoming') ? (
                  <button
                    type="button"
                    aria-describedby={guestId}
                    onClick={() => {
                      claim.reset();
                      setTarget({ bookingId: r.id, guestName: r.guestName, homeTitle: r.homeTitle, deposit: d.amount });
                    }}
                    className="whitespace-nowrap rounded-md border border-red-700 px-2.5 py-1.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50"
                  >
                    Report damage
                  </button>
                ) : (
                  <span className="text-gray-700">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">No action</span>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
      <DamageClaimDialog
        target={target}
        pending={claim.isPending}
        error={claim.isError ? errorText(claim.error) : null}
        onConfirm={(body) => target && claim.mutate({ bookingId: target.bookingId, ...body })}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}
