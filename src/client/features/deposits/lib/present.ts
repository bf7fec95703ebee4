/** How a deposit reads for each side. */
import type { Deposit } from '#shared/schemas/deposits';
import { formatAmount } from '#shared/money';

/** The day of `iso`, `shiftDays` later (a pending deposit is authorised six days before its release). */
const day = (iso: string, shiftDays = 0) =>
  new Date(new Date(iso).getTime() + shiftDays * 86_400_000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The guest's line under a booking. */
export function guestDepositText(d: Deposit): string {
  const amount = formatAmount(d.amount);
  switch (d.status) {
    case 'pending':
      return `Security deposit: ${amount} — to be held on your card (not charged) from ${day(d.releaseAt, -6)}; released after ${day(d.releaseAt)}`;
    case 'held':
      return `Security deposit: ${amount} — held, not charged; released after ${day(d.releaseAt)}`;
    case 'failed':
      return `Security deposit: ${amount} — not held: your card could not hold it, nothing is charged`;
    case 'claimed':
      return `Security deposit: ${amount} — the host claimed ${formatAmount(d.claim?.amount ?? 0)} for damage; an admin decides`;
    case 'captured':
      return `Security deposit: ${formatAmount(d.capturedAmount ?? 0)} of ${amount} charged for damage; the rest released`;
    case 'released':
      return `Security deposit: ${amount} — released`;
  }
}

/** The host's line for a stay's deposit. */
export function hostDepositText(d: Deposit): string {
  const amount = formatAmount(d.amount);
  switch (d.status) {
    case 'pending':
      return `${amount} to be held from ${day(d.releaseAt, -6)} until ${day(d.releaseAt)}`;
    case 'held':
      return `${amount} held until ${day(d.releaseAt)}`;
    case 'failed':
      return `No deposit held: the guest's card could not hold ${amount}`;
    case 'claimed':
      return `Your claim of ${formatAmount(d.claim?.amount ?? 0)} is with an admin`;
    case 'captured':
      return `${formatAmount(d.capturedAmount ?? 0)} captured for damage`;
    case 'released':
      return `${amount} released`;
  }
}

/** A claim can be filed from the stay's start until the deposit's release time (the server has the last word). */
export function canReportDamage(d: Deposit, stayStarted: boolean, now: Date = new Date()): boolean {
  return d.status === 'held' && stayStarted && new Date(d.releaseAt) > now;
}
