import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  HOME_DESCRIPTION_MAX,
  HOME_GUESTS_MAX,
  HOME_ROOMS_MAX,
  HOME_TEXT_MAX,
  type UpdateHomeInput,
} from '#shared/schemas/homes';
import { countInput, moneyInput, required, TextAreaField, TextField } from '#client/components/ui/form-field';

/** The fields the add-home and update-home forms share (updateHomeSchema's; the add form has them too). */
export type HomeFieldsInput = Pick<
  UpdateHomeInput,
  'location' | 'title' | 'price' | 'total_guest' | 'bedrooms' | 'bathrooms' | 'description'
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
}: {
  register: UseFormRegister<HomeFieldsInput>;
  errors: FieldErrors<HomeFieldsInput>;
  between?: ReactNode;
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
        {between}
        <TextField
          label={required('Price per night (USD)')}
          required
          {...moneyInput}
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
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
