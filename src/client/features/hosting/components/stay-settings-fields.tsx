/**
 * The edit form's fields beyond the spec (D41): the availability window and the
 * home's stay settings (shortest and longest stay, check-in and check-out times,
 * house rules shown in checkout's rules tab).
 */
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { MAX_STAY_NIGHTS } from '#shared/constants';
import { HOUSE_RULES_MAX, type UpdateHomeInput } from '#shared/schemas/homes';
import { countInput, required, TextAreaField, TextField } from '#client/components/ui/form-field';

export type StaySettingsInput = Pick<
  UpdateHomeInput,
  'from' | 'to' | 'minNights' | 'maxNights' | 'checkInTime' | 'checkOutTime' | 'houseRules'
>;

/** The availability window's two dates, as the add and the edit forms both ask for them. */
export function WindowFields({
  from,
  to,
  errors,
}: {
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  errors: { from?: string | undefined; to?: string | undefined };
}) {
  return (
    <>
      <TextField label={required('Available from')} type="date" required error={errors.from} {...from} />
      <TextField label={required('Available to')} type="date" required error={errors.to} {...to} />
    </>
  );
}

export function StaySettingsFields({
  register,
  errors,
}: {
  register: UseFormRegister<StaySettingsInput>;
  errors: FieldErrors<StaySettingsInput>;
}) {
  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold text-gray-900">Availability and stays</legend>
      <p className="text-sm text-gray-700">
        The window cannot leave out a booked stay: the save is refused, naming the booking.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <WindowFields
          from={register('from')}
          to={register('to')}
          errors={{ from: errors.from?.message, to: errors.to?.message }}
        />
        <TextField
          label="Minimum nights"
          {...countInput(1, MAX_STAY_NIGHTS)}
          error={errors.minNights?.message}
          {...register('minNights', { valueAsNumber: true })}
        />
        <TextField
          label="Maximum nights"
          {...countInput(1, MAX_STAY_NIGHTS)}
          error={errors.maxNights?.message}
          {...register('maxNights', { valueAsNumber: true })}
        />
        <TextField label="Check-in from" type="time" error={errors.checkInTime?.message} {...register('checkInTime')} />
        <TextField
          label="Check-out by"
          type="time"
          error={errors.checkOutTime?.message}
          {...register('checkOutTime')}
        />
      </div>
      <TextAreaField
        label="House rules"
        hint="Guests read them in the checkout's first step, beside the general terms."
        rows={4}
        maxLength={HOUSE_RULES_MAX}
        error={errors.houseRules?.message}
        {...register('houseRules')}
      />
    </fieldset>
  );
}
