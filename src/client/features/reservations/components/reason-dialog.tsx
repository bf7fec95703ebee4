/**
 * A host's dialog about one reservation that asks for a text the guest reads (the reason for a
 * cancellation, the message with a declined request): names the guest, home and dates, checks the
 * text by the server's own schema, shows a failure in the dialog and keeps the text typed. Each
 * reservation starts with an empty text.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { Reservation } from '#shared/schemas/reservations';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { ReasonField } from '#client/components/ui/form-field';

/** What the screen passes: the reservation (null: closed), the request's state, and where focus goes back. */
export interface ReservationDialogProps<T> {
  target: Reservation | null;
  pending: boolean;
  error: string | null;
  onConfirm: (text: T) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** The words and rules of one such dialog. */
interface ReasonDialogProps<T> extends ReservationDialogProps<T> {
  title: string;
  description: (target: Reservation) => ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  field: { label: string; hint: string; required?: boolean; maxLength?: number };
  /** From the typed text to what is sent; its messages show under the field. */
  schema: z.ZodType<T, string>;
}

interface Values<T> {
  text: T;
}

export function ReasonDialog<T>({
  target,
  pending,
  error,
  onConfirm,
  onClose,
  onCloseAutoFocus,
  title,
  description,
  cancelLabel,
  confirmLabel,
  busyLabel,
  field,
  schema,
}: ReasonDialogProps<T>) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ text: string }, unknown, Values<T>>({
    // A generic schema loses zodResolver's inference: the object's input and output are the ones named here.
    resolver: zodResolver(z.object({ text: schema })) as unknown as Resolver<{ text: string }, unknown, Values<T>>,
    defaultValues: { text: '' },
  });
  useEffect(() => reset({ text: '' }), [target?.id, reset]);
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      busy={pending}
      size="lg"
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      description={target && description(target)}
      error={error}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      onConfirm={(event) => void handleSubmit((values) => onConfirm(values.text))(event)}
    >
      <ReasonField
        className="mt-4"
        label={field.label}
        isRequired={field.required}
        hint={field.hint}
        maxLength={field.maxLength}
        error={errors.text?.message}
        {...register('text')}
      />
    </ConfirmDialog>
  );
}
