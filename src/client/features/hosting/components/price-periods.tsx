/**
 * The host's price periods on the calendar (issue 27): a nightly price for some nights that wins
 * over the price per night and the weekend price, with an optional name ("High season") that the
 * guest's breakdown shows. Set from the selected nights ("Set price"), listed under the calendar and beside a selection they touch, changed in place (its price and
 * its nights, one PATCH) and removed like blocks.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { formatAmount } from '#shared/money';
import { plural } from '#shared/plural';
import { createPricePeriodSchema, PRICE_PERIOD_NAME_MAX, type PricePeriod } from '#shared/schemas/pricing';
import { addDays, isIsoDate, nightsBetween } from '#shared/stay';
import { Button } from '#client/components/ui/button';
import { DialogCancel, DialogFrame } from '#client/components/ui/confirm-dialog';
import { FormAlert } from '#client/components/ui/form-alert';
import { moneyInput, TextField } from '#client/components/ui/form-field';
import { errorText } from '#client/components/ui/status';
import { rangeText } from '../lib/calendar-nights';
import { createPricePeriod, deletePricePeriod, pricePeriodKeys, updatePricePeriod } from '../lib/price-periods-api';

/**
 * The dialog's fields: the first and the last night (the host thinks in nights; the API's `to` is
 * the day after), the price and the name, checked by the shared schema's own rules.
 */
const periodFormSchema = z
  .object({
    from: z.string().refine(isIsoDate, 'Choose the first night'),
    last: z.string().refine(isIsoDate, 'Choose the last night'),
    price: createPricePeriodSchema.shape.price,
    // '' (or blank) is no name.
    name: createPricePeriodSchema.shape.name.unwrap().unwrap(),
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.from) && isIsoDate(v.last) && v.last < v.from) {
      ctx.addIssue({ code: 'custom', path: ['last'], message: 'The last night must be on or after the first' });
    }
  });
type PeriodFormInput = z.input<typeof periodFormSchema>;
type PeriodFormValues = z.output<typeof periodFormSchema>;

export interface PricePeriodDialogProps {
  homeId: string;
  open: boolean;
  onClose: () => void;
  /** The nights [from, to) to price; with `replaces`, the period being changed. */
  range: { from: string; to: string };
  /** Changing a period: its price and nights, in place. */
  replaces?: PricePeriod;
  /** After the save (the dialog has closed). */
  onSaved?: () => void;
}

export function PricePeriodDialog({ homeId, open, onClose, range, replaces, onSaved }: PricePeriodDialogProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PeriodFormInput, unknown, PeriodFormValues>({
    resolver: zodResolver(periodFormSchema),
    defaultValues: {
      from: range.from,
      last: addDays(range.to, -1),
      name: replaces?.name ?? '',
      ...(replaces ? { price: replaces.price } : {}),
    },
  });

  const save = useMutation({
    mutationFn: async ({ from, last, price, name }: PeriodFormValues) => {
      const body = { from, to: addDays(last, 1), price, name: name || null };
      if (!replaces)
        return createPricePeriod(homeId, { from, to: body.to, price, ...(body.name ? { name: body.name } : {}) });
      // One PATCH: the period is never gone, even for a moment; only what changed is sent, so a period
      // already under way can take a new price and end without touching its (past) first night.
      const changes = {
        ...(body.from !== replaces.from ? { from: body.from } : {}),
        ...(body.to !== replaces.to ? { to: body.to } : {}),
        ...(body.price !== replaces.price ? { price: body.price } : {}),
        ...(body.name !== replaces.name ? { name: body.name } : {}),
      };
      // Saved unchanged: nothing to send (the server refuses an empty change).
      if (Object.keys(changes).length > 0) await updatePricePeriod(homeId, replaces._id, changes);
    },
    onSuccess: async (_, { from, last, price }) => {
      toast.success(`${capitalize(rangeText(from, addDays(last, 1)))}: ${formatAmount(price)} a night`);
      await queryClient.invalidateQueries({ queryKey: pricePeriodKeys.home(homeId) });
      onClose();
      onSaved?.();
    },
    onError: (e) => setError(errorText(e)),
  });

  const nights = nightsBetween(range.from, range.to);
  const onSubmit = handleSubmit((values) => {
    setError(null);
    save.mutate(values);
  });
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      busy={save.isPending}
      title={replaces ? 'Change the price' : 'Set a price'}
      description={
        replaces
          ? 'Change the nights, the nightly price or the name of this period.'
          : `${capitalize(rangeText(range.from, range.to))} (${plural(nights, 'night')}).`
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" aria-busy={save.isPending}>
        {replaces && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First night" type="date" error={errors.from?.message} {...register('from')} />
            <TextField label="Last night" type="date" error={errors.last?.message} {...register('last')} />
          </div>
        )}
        <TextField
          label="Nightly price (USD)"
          hint="Wins over the price per night and the weekend price for these nights. Stays already booked keep their price."
          {...moneyInput}
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <TextField
          label="Name (optional)"
          hint={`Guests see it in the price breakdown, e.g. "High season". At most ${PRICE_PERIOD_NAME_MAX} characters.`}
          autoComplete="off"
          maxLength={PRICE_PERIOD_NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCancel label="Cancel" disabled={save.isPending} />
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save price'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One period: its nights and price, with Change and Remove. */
export function PricePeriodItem({
  homeId,
  period,
  onRemoved,
}: {
  homeId: string;
  period: PricePeriod;
  onRemoved?: () => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nights = rangeText(period.from, period.to);
  const remove = useMutation({
    mutationFn: () => deletePricePeriod(homeId, period._id),
    onSuccess: async () => {
      toast.success(`Removed the price of ${nights}`);
      await queryClient.invalidateQueries({ queryKey: pricePeriodKeys.home(homeId) });
      onRemoved?.();
    },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <li className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-800">
        <span className="min-w-0 grow break-words">
          {period.name && <span className="font-medium">{period.name}, </span>}
          {period.name ? nights : capitalize(nights)}:{' '}
          <strong className="font-semibold">{formatAmount(period.price)} a night</strong>
        </span>
        <span className="flex gap-2">
          {/* The names start with the words shown (one "Change" per period on screen). */}
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            aria-label={`Change the price of ${nights}`}
            onClick={() => setEditing(true)}
          >
            Change
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            busy={remove.isPending}
            aria-label={`Remove the price of ${nights}`}
            onClick={() => {
              setError(null);
              remove.mutate();
            }}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </Button>
        </span>
      </div>
      <FormAlert>{error}</FormAlert>
      {editing && (
        <PricePeriodDialog
          homeId={homeId}
          open
          onClose={() => setEditing(false)}
          range={{ from: period.from, to: period.to }}
          replaces={period}
        />
      )}
    </li>
  );
}

/** Every price period of the home, under the calendar. */
export function PricePeriodList({ homeId, periods }: { homeId: string; periods: PricePeriod[] }) {
  return (
    <section aria-labelledby="price-periods-title" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="price-periods-title" className="font-semibold text-gray-900">
        Price periods
      </h2>
      {periods.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">
          None yet. Select nights on the calendar and choose Set price to charge more (or less) for them.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {periods.map((p) => (
            <PricePeriodItem key={p._id} homeId={homeId} period={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
