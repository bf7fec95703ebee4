/**
 * The host's "Report damage" dialog: an amount (at most the deposit) and what was damaged. The
 * guest is mailed the reason; an admin decides. A refusal shows in the dialog and keeps what was typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DAMAGE_REASON_MAX, damageClaimRequestSchema, type DamageClaimRequest } from '#shared/schemas/deposits';
import { formatAmount } from '#shared/money';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { ReasonField, TextField, moneyInput, required } from '#client/components/ui/form-field';

export interface DamageClaimTarget {
  bookingId: string;
  guestName: string;
  homeTitle: string;
  /** The deposit held, in dollars. */
  deposit: number;
}

export interface DamageClaimDialogProps {
  target: DamageClaimTarget | null;
  pending: boolean;
  error: string | null;
  onConfirm: (claim: DamageClaimRequest) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

function claimFormSchema(deposit: number) {
  return z
    .object({
      amount: z
        .number({ error: 'Enter the amount to claim' })
        .positive('Enter an amount above $0')
        .max(deposit, `At most the deposit, ${formatAmount(deposit)}`),
      reason: z.string().trim().min(1, 'Say what was damaged: the guest and the admin read it.'),
    })
    .pipe(damageClaimRequestSchema);
}
type Input = { amount: number; reason: string };

export function DamageClaimDialog({
  target,
  pending,
  error,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: DamageClaimDialogProps) {
  const schema = useMemo(() => claimFormSchema(target?.deposit ?? 0), [target?.deposit]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, DamageClaimRequest>({ resolver: zodResolver(schema) });
  useEffect(() => reset({ reason: '' }), [target?.bookingId, reset]);
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      busy={pending}
      size="lg"
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      title="Report damage"
      description={
        target && (
          <>
            <strong>{target.guestName}</strong>&apos;s stay at <strong>{target.homeTitle}</strong>. The deposit of{' '}
            {formatAmount(target.deposit)} stays held until an admin decides; the guest gets an email with your reason.
            You can file one claim per stay.
          </>
        )
      }
      error={error}
      cancelLabel="Back"
      confirmLabel="File claim"
      busyLabel="Filing…"
      onConfirm={(event) => void handleSubmit(onConfirm)(event)}
    >
      <TextField
        className="mt-4"
        label={required('Amount to claim (USD)')}
        required
        {...moneyInput}
        max={target?.deposit}
        error={errors.amount?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <ReasonField
        className="mt-4"
        label="What was damaged"
        isRequired
        hint="The guest and the admin read this."
        maxLength={DAMAGE_REASON_MAX}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </ConfirmDialog>
  );
}
