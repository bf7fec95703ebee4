/**
 * Adds an external calendar (name and .ics link) and syncs it at once. Checked with the
 * server's schema; a refusal shows above the form and keeps what was typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createCalendarImportSchema, type CalendarImport } from '#shared/schemas/calendar-sync';
import { TextField } from '#client/components/ui/form-field';
import { FormAlert } from '#client/components/ui/form-alert';
import { errorText } from '#client/components/ui/status';
import { addImport, calendarSyncKeys, syncImport } from '../lib/calendar-sync-api';
import { Button } from '#client/components/ui/button';

type Input = z.input<typeof createCalendarImportSchema>;
type Values = z.output<typeof createCalendarImportSchema>;

export function AddImportForm({ homeId, onAdded }: { homeId: string; onAdded: (added: CalendarImport) => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(createCalendarImportSchema),
    defaultValues: { name: '', url: '' },
  });
  const add = useMutation({
    mutationFn: async (values: Values) => {
      const created = await addImport(homeId, values);
      // Fetched at once, so the host sees what it blocks (or why it failed) without waiting for the worker.
      return syncImport(homeId, created.id).catch(() => created);
    },
    onSuccess: async (added) => {
      reset();
      onAdded(added);
      await queryClient.invalidateQueries({ queryKey: calendarSyncKeys.imports(homeId) });
    },
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit((values) => add.mutate(values))(event)}
      noValidate
      aria-labelledby="add-import-title"
      className="rounded-xl border border-gray-200 bg-gray-50 p-4"
    >
      <h4 id="add-import-title" className="text-lg font-semibold text-gray-900">
        Add a calendar
      </h4>
      <div className="mt-3 flex flex-col gap-4">
        <FormAlert>{add.isError ? errorText(add.error) : null}</FormAlert>
        <TextField
          label="Name"
          hint="For example Airbnb or Booking.com"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Calendar link (.ics)"
          hint="The export or iCal link the other site gives you, starting with https://"
          inputMode="url"
          autoComplete="off"
          error={errors.url?.message}
          {...register('url')}
        />
        <div>
          <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {add.isPending ? 'Adding and syncing…' : 'Add calendar'}
          </Button>
        </div>
      </div>
    </form>
  );
}
