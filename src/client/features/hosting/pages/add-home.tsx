/**
 * /dashboard/add-home (hosts): the spec's add-home form, validated with the same
 * schema as the server (createHomeSchema). Pictures upload as they are chosen;
 * "Save & Continue" waits for the ones still uploading, refuses while a picture
 * failed (retry or remove it: a home is never saved without a picture the host
 * chose), reads "loading..." while saving, and on
 * success shows "Home Added Successful" and opens manage-home. On failure the
 * loading state clears, the server's message shows and every input is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { createHomeSchema } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import { DEFAULT_TIME_ZONE, isTimeZone, zoneForLocation } from '#shared/time-zones';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSession } from '#client/lib/session';
import { Screen } from '#client/components/layout/screen';
import { HomeFields } from '../components/home-fields';
import { HomePinField } from '#client/features/map/components/home-pin-field';
import { WindowFields } from '../components/stay-settings-fields';
import { PicturePicker } from '../components/picture-picker';
import { defaultAvailability } from '../lib/dates';
import { createHome } from '../lib/hosting-api';
import { failedPictures, failedPicturesMessage, isUploading, uploadedUrls } from '../lib/pictures';
import { usePictures } from '../lib/use-pictures';
import { useSaveHome } from '../lib/use-save-home';
import { Button } from '#client/components/ui/button';

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

/** The browser's own zone: the proposal for a location the built-in city table does not know. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

export const WAIT_FOR_UPLOADS = 'Saving as soon as the pictures have finished uploading…';

export function AddHomePage() {
  const { user } = useSession();
  const { pictures, add, remove, move, retry } = usePictures();
  const formRef = useRef<HTMLFormElement>(null);
  /** Save was pressed while pictures were uploading: it goes on once they are done. */
  const [waiting, setWaiting] = useState(false);
  /** Save was refused because of a failed picture: the message stays until none has failed. */
  const [refused, setRefused] = useState(false);
  const [defaults] = useState(() => defaultAvailability(new Date()));
  /** The host chose a zone themselves: the location no longer proposes one. */
  const [zoneChosen, setZoneChosen] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<AddHomeInput, unknown, AddHomeValues>({
    resolver: zodResolver(createHomeSchema),
    defaultValues: {
      location: '',
      title: '',
      from: defaults.from,
      to: defaults.to,
      description: '',
      cleaningFee: 0,
      cancellationPolicy: 'flexible',
      timeZone: browserTimeZone(),
      hostEmail: user?.email,
    },
  });

  // A known city in the location proposes its zone (Dhaka: Asia/Dhaka), until the host picks one.
  const location = useWatch({ control, name: 'location' });
  const point = useWatch({ control, name: 'point' });
  useEffect(() => {
    if (!zoneChosen) setValue('timeZone', zoneForLocation(location ?? '') ?? browserTimeZone());
  }, [location, zoneChosen, setValue]);

  const { save, formError, clearFormError } = useSaveHome(
    (home: AddHomeValues) => createHome(home),
    () => toast.success(TEXTS.homeAdded),
  );

  const uploading = isUploading(pictures);
  const failed = failedPictures(pictures);
  const busy = save.isPending;
  const picturesProblem = refused && failed.length > 0 ? failedPicturesMessage(failed) : undefined;

  // The uploads Save was waiting for are done: submit again (onSubmit then ends the wait).
  useEffect(() => {
    if (waiting && !uploading) formRef.current?.requestSubmit();
  }, [waiting, uploading]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!uploading) setWaiting(false);
    if (busy) {
      event.preventDefault();
      return;
    }
    if (uploading) {
      event.preventDefault();
      setWaiting(true);
      return;
    }
    if (failed.length > 0) {
      // Never save without a picture the host chose: they retry it or remove it first.
      event.preventDefault();
      setRefused(true);
      const row = formRef.current?.querySelector(`[data-picture-id="${failed[0]!.id}"]`);
      row?.querySelector<HTMLButtonElement>('button[data-action="retry"], button[data-action="remove"]')?.focus();
      return;
    }
    setRefused(false);
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
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy || waiting}
        className="max-w-3xl space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <FormAlert>{formError}</FormAlert>
        <HomeFields
          register={register}
          errors={errors}
          onTimeZoneChosen={() => setZoneChosen(true)}
          between={
            <WindowFields
              from={register('from')}
              to={register('to')}
              errors={{ from: errors.from?.message, to: errors.to?.message }}
            />
          }
        />
        <HomePinField
          location={location ?? ''}
          value={point}
          onChange={(p) => setValue('point', p, { shouldDirty: true })}
        />
        <PicturePicker
          pictures={pictures}
          onAdd={add}
          onRemove={remove}
          onMove={move}
          onRetry={retry}
          disabled={busy}
          error={picturesProblem ?? firstMessage(errors.images) ?? errors.image?.message ?? errors.hostEmail?.message}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy || waiting} aria-describedby={waiting ? 'add-home-wait' : undefined}>
            {busy || waiting ? TEXTS.savingLower : TEXTS.saveAndContinue}
          </Button>
          <p id="add-home-wait" role="status" className="text-sm text-gray-700">
            {waiting ? WAIT_FOR_UPLOADS : ''}
          </p>
        </div>
      </form>
    </Screen>
  );
}

export { AddHomePage as Component };
