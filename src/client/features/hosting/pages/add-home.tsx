/**
 * /dashboard/add-home (hosts): the spec's add-home form, validated with the same
 * schema as the server (createHomeSchema). Pictures upload as they are chosen;
 * "Save & Continue" waits for them, reads "loading..." while saving, and on
 * success shows "Home Added Successful" and opens manage-home. On failure the
 * loading state clears, the server's message shows and every input is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { createHomeSchema } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { FormAlert, primaryButtonClass, required, TextField } from '#client/components/ui/form-field';
import { useSession } from '#client/lib/session';
import { Screen } from '#client/components/layout/screen';
import { HomeFields } from '../components/home-fields';
import { PicturePicker } from '../components/picture-picker';
import { defaultAvailability } from '../lib/dates';
import { createHome } from '../lib/hosting-api';
import { isUploading, uploadedUrls } from '../lib/pictures';
import { usePictures } from '../lib/use-pictures';
import { useSaveHome } from '../lib/use-save-home';

type AddHomeInput = z.input<typeof createHomeSchema>;
type AddHomeValues = z.output<typeof createHomeSchema>;

/** The message of an array field's error: its own, or its first element's. */
function firstMessage(
  error: { message?: string; [index: number]: { message?: string } | undefined } | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const item of Object.values(error)) {
    if (item && typeof item === 'object' && 'message' in item && typeof item.message === 'string') return item.message;
  }
  return undefined;
}

const WAIT_FOR_UPLOADS = 'Wait until the pictures have finished uploading.';

export function AddHomePage() {
  const { user } = useSession();
  const { pictures, add, remove, move } = usePictures();
  const [defaults] = useState(() => defaultAvailability(new Date()));
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<AddHomeInput, unknown, AddHomeValues>({
    resolver: zodResolver(createHomeSchema),
    defaultValues: {
      location: '',
      title: '',
      from: defaults.from,
      to: defaults.to,
      description: '',
      hostEmail: user?.email,
    },
  });

  const { save, formError, clearFormError } = useSaveHome(
    (home: AddHomeValues) => createHome(home),
    () => toast.success(TEXTS.homeAdded),
  );

  const uploading = isUploading(pictures);
  const busy = save.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (uploading || busy) {
      event.preventDefault();
      return;
    }
    // The pictures are form values too, so the shared schema checks them with the rest.
    const urls = uploadedUrls(pictures);
    setValue('images', urls);
    setValue('image', urls[0]);
    if (user?.email) setValue('hostEmail', user.email);
    clearFormError();
    void handleSubmit((home) => save.mutate(home))(event);
  }

  return (
    <Screen
      title="Add Home"
      intro="Describe your home, set when it is available and add pictures. Fields marked * are required."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
        className="max-w-3xl space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <FormAlert message={formError} />
        <HomeFields
          register={register}
          errors={errors}
          between={
            <>
              <TextField
                label={required('Available from')}
                type="date"
                required
                error={errors.from?.message}
                {...register('from')}
              />
              <TextField
                label={required('Available to')}
                type="date"
                required
                error={errors.to?.message}
                {...register('to')}
              />
            </>
          }
        />
        <PicturePicker
          pictures={pictures}
          onAdd={add}
          onRemove={remove}
          onMove={move}
          disabled={busy}
          error={firstMessage(errors.images) ?? errors.image?.message ?? errors.hostEmail?.message}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy || uploading}
            aria-describedby={uploading ? 'add-home-wait' : undefined}
            className={primaryButtonClass}
          >
            {busy ? TEXTS.savingLower : TEXTS.saveAndContinue}
          </button>
          {uploading && (
            <p id="add-home-wait" className="text-sm text-gray-700">
              {WAIT_FOR_UPLOADS}
            </p>
          )}
        </div>
      </form>
    </Screen>
  );
}

export { AddHomePage as Component };
