/**
 * One imported calendar: its name and link, when it was last synced, the last error, how many
 * night ranges it blocks and where it clashes with confirmed bookings; "Sync now" (with
 * progress; its result goes to the panel's notice line) and "Remove" (after a confirmation).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CalendarImport } from '#shared/schemas/calendar-sync';
import { formatDay } from '#shared/dates';
import { plural } from '#shared/plural';
import { errorText } from '#client/components/ui/status';
import { calendarSyncKeys, removeImport, syncImport } from '../lib/calendar-sync-api';
import { Button } from '#client/components/ui/button';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function ImportItem({
  homeId,
  item,
  onBlocksChanged,
  onNotice,
}: {
  homeId: string;
  item: CalendarImport;
  onBlocksChanged?: () => void;
  /** The panel's one notice line: a new notice replaces the one before (of any calendar). */
  onNotice: (text: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const headingId = `import-${item.id}`;
  const refresh = () => {
    onBlocksChanged?.();
    return queryClient.invalidateQueries({ queryKey: calendarSyncKeys.imports(homeId) });
  };
  const sync = useMutation({
    mutationFn: () => syncImport(homeId, item.id),
    onSuccess: async (after) => {
      onNotice(after.lastError ? null : `${item.name} synced: ${plural(after.blockedRanges, 'night range')} blocked.`);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => removeImport(homeId, item.id), onSuccess: refresh });

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h4 id={headingId} className="text-lg font-semibold text-gray-900">
        {item.name}
      </h4>
      <p className="mt-1 break-all font-mono text-sm text-gray-700">{item.url}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {/* lastSyncedAt is the last attempt: after a failure it is not a time the nights were up to date. */}
        <dt className="font-semibold text-gray-900">{item.lastError ? 'Last tried' : 'Last sync'}</dt>
        <dd className="text-gray-800">
          {item.lastSyncedAt ? when.format(new Date(item.lastSyncedAt)) : 'Not synced yet'}
          {item.lastSyncedAt && item.lastError ? ' (failed)' : ''}
        </dd>
        <dt className="font-semibold text-gray-900">Blocks</dt>
        <dd className="text-gray-800">{plural(item.blockedRanges, 'night range')}</dd>
      </dl>
      {item.lastError && (
        <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          <strong>Last sync failed:</strong> {item.lastError}{' '}
          <span className="text-red-800">({item.lastErrorCode})</span>
        </p>
      )}
      {item.conflicts.length > 0 && (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
          <p className="font-semibold">
            {plural(item.conflicts.length, 'conflict')} with StayHub bookings (nothing was cancelled; please sort them
            out with the other site):
          </p>
          <ul className="mt-1 list-disc pl-5">
            {item.conflicts.map((c) => (
              <li key={`${c.bookingId}-${c.from}`}>
                {item.name} blocks {formatDay(c.from)} – {formatDay(c.to)}, over a booking from{' '}
                {formatDay(c.bookingFrom)} to {formatDay(c.bookingTo)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          disabled={sync.isPending}
          aria-busy={sync.isPending || undefined}
          aria-describedby={headingId}
          onClick={() => {
            onNotice(null);
            sync.mutate();
          }}
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </Button>
        {sync.isPending && <progress aria-label={`Syncing ${item.name}`} className="h-2 w-32 accent-rose-700" />}
        {!confirmRemove && (
          <Button
            variant="secondary"
            aria-describedby={headingId}
            onClick={() => setConfirmRemove(true)}
            className="border-red-700 text-red-800 hover:bg-red-50"
          >
            Remove
          </Button>
        )}
      </div>
      {sync.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {errorText(sync.error)}
        </p>
      )}
      {confirmRemove && (
        <div
          role="group"
          aria-label={`Remove ${item.name}`}
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <p className="text-gray-900">Stop importing {item.name}? The nights it blocks become free again.</p>
          {remove.isError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {errorText(remove.error)}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? 'Removing…' : `Yes, remove ${item.name}`}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmRemove(false)}>
              Keep it
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
