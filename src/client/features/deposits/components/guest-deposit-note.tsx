/** Under each of the guest's bookings: its security deposit's state (held, claimed, charged, released). */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { depositKeys, fetchDeposits } from '../lib/deposits-api';
import { guestDepositText } from '../lib/present';

/** One query for all the guest's deposits; answers the note for a booking (null when it has none). */
export function useGuestDepositNotes(): (bookingId: string) => ReactNode {
  const deposits = useQuery({
    queryKey: depositKeys.mine('guest'),
    queryFn: ({ signal }) => fetchDeposits('guest', signal),
  });
  const byBooking = new Map((deposits.data ?? []).map((d) => [d.bookingId, d]));
  return (bookingId) => {
    const d = byBooking.get(bookingId);
    return d ? (
      <p className="text-sm text-gray-800" data-deposit-status={d.status}>
        {guestDepositText(d)}
      </p>
    ) : null;
  };
}
