/**
 * /dashboard/damage-claims (admin): hosts' damage claims against security deposits, undecided
 * first. Capture charges up to the claimed amount of the held deposit (the rest is let go);
 * Release lets all of it go. Guest and host are mailed either way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { DamageClaim, DamageDecision } from '#shared/schemas/deposits';
import { formatDay } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { BreakableEmail } from '#client/components/ui/breakable-email';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextField, moneyInput, required } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { decideDamageClaim, depositKeys, fetchDamageClaims } from '../lib/deposits-api';

export const NO_CLAIMS = 'No damage claims. When a host reports damage after a stay, the claim shows here.';

const COLUMNS: ScrollTableColumn[] = [
  { label: 'Stay' },
  { label: 'Guest and host' },
  { label: 'Claim' },
  { label: 'Status' },
  { label: 'Action' },
];

type Pending = { claim: DamageClaim; mode: 'capture' | 'release' };

function statusText(c: DamageClaim): string {
  if (c.status === 'claimed') return 'Awaiting decision';
  if (c.status === 'captured') return `${formatAmount(c.capturedAmount ?? 0)} captured`;
  return 'Released';
}

function ClaimRow({ c, onDecide }: { c: DamageClaim; onDecide: (p: Pending) => void }) {
  const stayId = `claim-stay-${c.bookingId}`;
  const button = 'whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-semibold transition-colors border';
  return (
    <tr className="border-t border-gray-200 align-top" data-claim-id={c.bookingId}>
      <th scope="row" id={stayId} className="px-3 py-3 text-left font-semibold text-gray-900">
        {c.homeTitle}
        <span className="block text-sm font-normal text-gray-700">
          {formatDay(c.checkIn)} – {formatDay(c.checkOut)}
        </span>
      </th>
      {/* Addresses wrap before the "@" or after a dot (break-all cut "guest@sta | yhub.test" at 1280 px). */}
      <td data-label="Guest and host" className="break-words px-3 py-3 text-sm text-gray-800">
        Guest: <BreakableEmail email={c.guestEmail} />
        <span className="block">
          Host: <BreakableEmail email={c.hostEmail} />
        </span>
      </td>
      <td data-label="Claim" className="px-3 py-3 text-gray-800">
        <span className="font-semibold">{formatAmount(c.claim?.amount ?? 0)}</span> of a {formatAmount(c.amount)}{' '}
        deposit
        <span className="mt-1 block whitespace-pre-line break-words text-sm text-gray-700">{c.claim?.reason}</span>
      </td>
      <td data-label="Status" className="px-3 py-3 text-gray-800">
        {statusText(c)}
      </td>
      <td data-label="Action" className="px-3 py-3">
        {c.status === 'claimed' ? (
          <div className="flex flex-col items-start gap-2">
            <button
              type="button"
              aria-describedby={stayId}
              onClick={() => onDecide({ claim: c, mode: 'capture' })}
              className={`${button} border-red-700 text-red-800 hover:bg-red-50`}
            >
              Capture
            </button>
            <button
              type="button"
              aria-describedby={stayId}
              onClick={() => onDecide({ claim: c, mode: 'release' })}
              className={`${button} border-gray-400 text-gray-900 hover:bg-gray-50`}
            >
              Release
            </button>
          </div>
        ) : (
          <span className="text-gray-700">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No action</span>
          </span>
        )}
      </td>
    </tr>
  );
}

function DecisionDialog({
  pending,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  pending: Pending | null;
  busy: boolean;
  error: string | null;
  onConfirm: (decision: DamageDecision) => void;
  onClose: () => void;
}) {
  const claimed = pending?.claim.claim?.amount ?? 0;
  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .number({ error: 'Enter the amount to capture' })
          .positive('Enter an amount above $0')
          .max(claimed, `At most the claimed ${formatAmount(claimed)}`),
      }),
    [claimed],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ amount: number }>({ resolver: zodResolver(schema) });
  useEffect(() => reset({ amount: claimed }), [pending?.claim.bookingId, claimed, reset]);
  const capture = pending?.mode === 'capture';
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onClose}
      busy={busy}
      size="lg"
      title={capture ? 'Capture from the deposit?' : 'Release the deposit?'}
      description={
        pending &&
        (capture
          ? `The amount is charged to ${pending.claim.guestEmail}'s card (at most the claimed ${formatAmount(claimed)}); the rest of the ${formatAmount(pending.claim.amount)} hold is let go. Guest and host are mailed.`
          : `Nothing is charged: the whole ${formatAmount(pending.claim.amount)} hold on ${pending.claim.guestEmail}'s card is let go. Guest and host are mailed.`)
      }
      error={error}
      cancelLabel="Back"
      confirmLabel={capture ? 'Capture' : 'Release'}
      busyLabel={capture ? 'Capturing…' : 'Releasing…'}
      onConfirm={(event) =>
        capture
          ? void handleSubmit((values) => onConfirm({ capture: values.amount }))(event)
          : onConfirm({ release: true })
      }
    >
      {capture && (
        <TextField
          className="mt-4"
          label={required('Amount to capture (USD)')}
          required
          {...moneyInput}
          max={claimed}
          error={errors.amount?.message}
          {...register('amount', { valueAsNumber: true })}
        />
      )}
    </ConfirmDialog>
  );
}

export function DamageClaimsPage() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const claims = useQuery({ queryKey: depositKeys.claims(), queryFn: ({ signal }) => fetchDamageClaims(signal) });
  const decide = useMutation({
    mutationFn: ({ bookingId, decision }: { bookingId: string; decision: DamageDecision }) =>
      decideDamageClaim(bookingId, decision),
    onSuccess: async (deposit) => {
      toast.success(
        deposit.status === 'captured'
          ? `${formatAmount(deposit.capturedAmount ?? 0)} captured. Guest and host were mailed.`
          : 'Deposit released. Guest and host were mailed.',
      );
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
  });
  return (
    <Screen
      title="Damage claims"
      intro="Hosts' claims against security deposits. Decide each: capture up to the claim, or release."
    >
      <QueryView
        query={claims}
        loadingLabel="Loading damage claims"
        isEmpty={(all) => all.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">{NO_CLAIMS}</p>
        }
      >
        {(all) => (
          <ScrollTable label="Damage claims" caption="Damage claims" columns={COLUMNS} minWidthClass="sm:min-w-[52rem]">
            {all.map((c) => (
              <ClaimRow
                key={c.bookingId}
                c={c}
                onDecide={(p) => {
                  decide.reset();
                  setPending(p);
                }}
              />
            ))}
          </ScrollTable>
        )}
      </QueryView>
      <DecisionDialog
        pending={pending}
        busy={decide.isPending}
        error={decide.isError ? errorText(decide.error) : null}
        onConfirm={(decision) => pending && decide.mutate({ bookingId: pending.claim.bookingId, decision })}
        onClose={() => setPending(null)}
      />
    </Screen>
  );
}

export { DamageClaimsPage as Component };
