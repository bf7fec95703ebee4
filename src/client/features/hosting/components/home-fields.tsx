import { useId, useState, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  HOME_DESCRIPTION_MAX,
  HOME_GUESTS_MAX,
  HOME_ROOMS_MAX,
  HOME_TEXT_MAX,
  type UpdateHomeInput,
} from '#shared/schemas/homes';
import { CANCELLATION_POLICIES, POLICY_LABELS, POLICY_TERMS } from '#shared/cancellation';
import { timeZoneNames } from '#shared/time-zones';
import {
  FieldError,
  countInput,
  describedBy,
  inputClass,
  moneyInput,
  required,
  TextAreaField,
  TextField,
} from '#client/components/ui/form-field';

/** An empty fee box means "no cleaning fee" (left out: the server keeps or defaults it), not "not a number". */
const optionalMoney = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

/** The host's cancellation policy: a native select (keyboard and screen readers for free), its terms below. */
function PolicySelect({ register, error }: { register: UseFormRegister<HomeFieldsInput>; error: string | undefined }) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-900">
        Cancellation policy
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-terms`, error ? `${id}-error` : null)}
        {...register('cancellationPolicy')}
      >
        {CANCELLATION_POLICIES.map((policy) => (
          <option key={policy} value={policy}>
            {POLICY_LABELS[policy]}
          </option>
        ))}
      </select>
      <ul id={`${id}-terms`} className="mt-1 space-y-0.5 text-sm text-gray-700">
        {CANCELLATION_POLICIES.map((policy) => (
          <li key={policy}>
            <span className="font-semibold">{POLICY_LABELS[policy]}:</span> {POLICY_TERMS[policy]}
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * The home's IANA time zone: a text box with the runtime's list of zones as suggestions (typing
 * "Dhaka" narrows it to Asia/Dhaka); the shared schema refuses a name that is not a zone.
 */
function TimeZoneField({
  register,
  error,
  onChosen,
}: {
  register: UseFormRegister<HomeFieldsInput>;
  error: string | undefined;
  onChosen?: () => void;
}) {
  const listId = useId();
  const [zones] = useState(timeZoneNames);
  return (
    <>
      <TextField
        label={required('Time zone')}
        hint="Check-in and check-out times and the cancellation deadlines are on this zone's clocks."
        autoComplete="off"
        spellCheck={false}
        required
        list={listId}
        error={error}
        {...register('timeZone', { onChange: onChosen })}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}

/** The fields the add-home and update-home forms share (updateHomeSchema's; the add form has them too). */
export type HomeFieldsInput = Pick<
  UpdateHomeInput,
  | 'location'
  | 'title'
  | 'price'
  | 'total_guest'
  | 'bedrooms'
  | 'bathrooms'
  | 'description'
  | 'cleaningFee'
  | 'cancellationPolicy'
  | 'timeZone'
>;

/**
 * The home's own fields, in the forms' order: location and title, `between`
 * (the add form's availability dates), price, guests, bedrooms, bathrooms, then
 * the description below the grid.
 */
export function HomeFields({
  register,
  errors,
  between,
  onTimeZoneChosen,
}: {
  register: UseFormRegister<HomeFieldsInput>;
  errors: FieldErrors<HomeFieldsInput>;
  between?: ReactNode;
  /** The host typed or picked a zone: the add form stops proposing one from the location. */
  onTimeZoneChosen?: () => void;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={required('Location')}
          autoComplete="off"
          required
          maxLength={HOME_TEXT_MAX}
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField
          label={required('Title')}
          autoComplete="off"
          required
          maxLength={HOME_TEXT_MAX}
          error={errors.title?.message}
          {...register('title')}
        />
        <TimeZoneField register={register} error={errors.timeZone?.message} onChosen={onTimeZoneChosen} />
        {between}
        <TextField
          label={required('Price per night (USD)')}
          required
          {...moneyInput}
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <TextField
          label="Cleaning fee per stay (USD)"
          hint="Charged once per booking; leave 0 for none."
          {...moneyInput}
          min="0"
          error={errors.cleaningFee?.message}
          {...register('cleaningFee', { setValueAs: optionalMoney })}
        />
        <TextField
          label={required('Total guests')}
          required
          {...countInput(1, HOME_GUESTS_MAX)}
          error={errors.total_guest?.message}
          {...register('total_guest', { valueAsNumber: true })}
        />
        <TextField
          label={required('Bedrooms')}
          required
          {...countInput(0, HOME_ROOMS_MAX)}
          error={errors.bedrooms?.message}
          {...register('bedrooms', { valueAsNumber: true })}
        />
        <TextField
          label={required('Bathrooms')}
          required
          {...countInput(0, HOME_ROOMS_MAX)}
          error={errors.bathrooms?.message}
          {...register('bathrooms', { valueAsNumber: true })}
        />
        <PolicySelect register={register} error={errors.cancellationPolicy?.message} />
      </div>
      <TextAreaField
        label="Description"
        rows={5}
        maxLength={HOME_DESCRIPTION_MAX}
        error={errors.description?.message}
        {...register('description')}
      />
    </>
  );
}
