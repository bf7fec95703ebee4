/**
 * The edit form's pricing and booking settings (issue 27), checked by the shared
 * `homePricingFieldsSchema` (through `updateHomeSchema`): the weekend price, the
 * discounts and their windows, the guests the price covers and the fee for each one
 * more, the security deposit; then instant book or request to book, and what instant
 * book asks of a guest. An empty weekend price means "the price per night"; an empty
 * discount or fee means none (0).
 */
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { HOME_GUESTS_MAX, type UpdateHomeInput } from '#shared/schemas/homes';
import {
  DISCOUNT_DAYS_MAX,
  DISCOUNT_PERCENT_MAX,
  INSTANT_BOOK_REQUIREMENTS,
  type BookingMode,
  type InstantBookRequirement,
} from '#shared/schemas/pricing';
import { countInput, describedBy, FieldError, moneyInput, TextField } from '#client/components/ui/form-field';

export type PricingInput = Pick<
  UpdateHomeInput,
  | 'weekendPrice'
  | 'weeklyDiscountPercent'
  | 'monthlyDiscountPercent'
  | 'lastMinuteDiscountPercent'
  | 'lastMinuteDays'
  | 'earlyBirdDiscountPercent'
  | 'earlyBirdDays'
  | 'guestsIncluded'
  | 'extraGuestFee'
  | 'securityDeposit'
  | 'bookingMode'
  | 'instantBookRequirements'
>;

/** An empty box is "none" (0), not "not a number"; anything else goes to the schema as typed. */
const zeroIfEmpty = (value: unknown) => (value === '' || value === null ? 0 : Number(value));
/** An empty weekend price is null: the weekend nights cost the price per night. */
const nullIfEmpty = (value: unknown) => (value === '' || value === null ? null : Number(value));

const percentInput = countInput(0, DISCOUNT_PERCENT_MAX);
const daysInput = countInput(1, DISCOUNT_DAYS_MAX);

export function PricingFields({
  register,
  errors,
}: {
  register: UseFormRegister<PricingInput>;
  errors: FieldErrors<PricingInput>;
}) {
  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold text-gray-900">Pricing</legend>
      <p className="text-sm text-gray-700">
        Set a price for some nights (a high season, a festival week) on the home&apos;s calendar: it wins over the price
        per night and the weekend price.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Weekend price (USD)"
          hint="A night, for Friday and Saturday nights. Leave empty to use the price per night."
          {...moneyInput}
          error={errors.weekendPrice?.message}
          {...register('weekendPrice', { setValueAs: nullIfEmpty })}
        />
        <TextField
          label="Security deposit (USD)"
          hint="Held on the guest's card at booking, not charged; released after check-out unless you claim damage. 0 for none."
          {...moneyInput}
          min="0"
          error={errors.securityDeposit?.message}
          {...register('securityDeposit', { setValueAs: zeroIfEmpty })}
        />
        <TextField
          label="Weekly discount (%)"
          hint="Off the nights of a stay of 7 nights or more. 0 for none."
          {...percentInput}
          error={errors.weeklyDiscountPercent?.message}
          {...register('weeklyDiscountPercent', { setValueAs: zeroIfEmpty })}
        />
        <TextField
          label="Monthly discount (%)"
          hint="Stays of 28 nights or more take it instead of the weekly one. 0 for none."
          {...percentInput}
          error={errors.monthlyDiscountPercent?.message}
          {...register('monthlyDiscountPercent', { setValueAs: zeroIfEmpty })}
        />
        <TextField
          label="Last-minute discount (%)"
          hint="When the guest books close to check-in. 0 for none."
          {...percentInput}
          error={errors.lastMinuteDiscountPercent?.message}
          {...register('lastMinuteDiscountPercent', { setValueAs: zeroIfEmpty })}
        />
        <TextField
          label="Last-minute days"
          hint="Check-in within this many days of booking."
          {...daysInput}
          error={errors.lastMinuteDays?.message}
          {...register('lastMinuteDays', { valueAsNumber: true })}
        />
        <TextField
          label="Early-bird discount (%)"
          hint="When the guest books well ahead. 0 for none."
          {...percentInput}
          error={errors.earlyBirdDiscountPercent?.message}
          {...register('earlyBirdDiscountPercent', { setValueAs: zeroIfEmpty })}
        />
        <TextField
          label="Early-bird days"
          hint="Booked at least this many days before check-in."
          {...daysInput}
          error={errors.earlyBirdDays?.message}
          {...register('earlyBirdDays', { valueAsNumber: true })}
        />
        <TextField
          label="Guests included"
          hint="The price per night covers this many guests (at most the total guests)."
          {...countInput(1, HOME_GUESTS_MAX)}
          error={errors.guestsIncluded?.message}
          {...register('guestsIncluded', { valueAsNumber: true })}
        />
        <TextField
          label="Extra-guest fee per night (USD)"
          hint="For each guest above those included. 0 for none."
          {...moneyInput}
          min="0"
          error={errors.extraGuestFee?.message}
          {...register('extraGuestFee', { setValueAs: zeroIfEmpty })}
        />
      </div>
      <p className="text-sm text-gray-700">
        At most one of the weekly and monthly discounts applies to a stay, and at most one of the last-minute and
        early-bird discounts (the larger).
      </p>
    </fieldset>
  );
}

const MODE_TEXT: Record<BookingMode, { label: string; hint: string }> = {
  instant: { label: 'Instant book', hint: 'Guests book and pay at once.' },
  request: {
    label: 'Request to book',
    hint: "You accept or decline each request within 24 hours; the guest's card is charged only if you accept.",
  },
};

const REQUIREMENT_LABELS: Record<InstantBookRequirement, string> = {
  verified_email: 'A verified email',
  profile_photo: 'A profile photo',
  good_review: 'A good review from a past host',
};

const radioClass = 'mt-1 h-4 w-4 shrink-0 accent-rose-700';

export function BookingModeFields({
  register,
  errors,
  mode,
}: {
  register: UseFormRegister<PricingInput>;
  errors: FieldErrors<PricingInput>;
  /** The mode chosen now: the instant-book requirements show only for instant book. */
  mode: BookingMode | undefined;
}) {
  const id = useId();
  const modeError = errors.bookingMode?.message;
  const requirementsError = errors.instantBookRequirements?.message;
  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold text-gray-900">Booking</legend>
      <fieldset aria-describedby={describedBy(modeError && `${id}-mode-error`)}>
        <legend className="mb-2 text-sm font-semibold text-gray-900">How guests book</legend>
        <div className="space-y-3">
          {(['instant', 'request'] as const).map((value) => (
            <div key={value} className="flex items-start gap-3">
              <input
                id={`${id}-${value}`}
                type="radio"
                value={value}
                className={radioClass}
                aria-describedby={`${id}-${value}-hint`}
                {...register('bookingMode')}
              />
              <div>
                <label htmlFor={`${id}-${value}`} className="font-semibold text-gray-900">
                  {MODE_TEXT[value].label}
                </label>
                <p id={`${id}-${value}-hint`} className="text-sm text-gray-700">
                  {MODE_TEXT[value].hint}
                </p>
              </div>
            </div>
          ))}
        </div>
        <FieldError id={`${id}-mode-error`}>{modeError}</FieldError>
      </fieldset>
      {mode === 'instant' && (
        <fieldset
          aria-describedby={describedBy(`${id}-req-hint`, requirementsError && `${id}-req-error`)}
          className="border-t border-gray-200 pt-4"
        >
          <legend className="mb-1 text-sm font-semibold text-gray-900">Instant book only for guests with</legend>
          <p id={`${id}-req-hint`} className="mb-2 text-sm text-gray-700">
            Guests without them can still request to book. None ticked: every guest books instantly.
          </p>
          <div className="space-y-2">
            {INSTANT_BOOK_REQUIREMENTS.map((value) => (
              <div key={value} className="flex items-start gap-3">
                <input
                  id={`${id}-${value}`}
                  type="checkbox"
                  value={value}
                  className={radioClass}
                  {...register('instantBookRequirements')}
                />
                <label htmlFor={`${id}-${value}`} className="text-gray-900">
                  {REQUIREMENT_LABELS[value]}
                </label>
              </div>
            ))}
          </div>
          <FieldError id={`${id}-req-error`}>{requirementsError}</FieldError>
        </fieldset>
      )}
    </fieldset>
  );
}
