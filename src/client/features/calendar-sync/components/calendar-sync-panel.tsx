/**
 * "Calendar sync" for one home, on the host's calendar screen: its iCal link for other sites,
 * and the other sites' calendars imported here (their events block nights; conflicts with
 * bookings are shown, never acted on). `onBlocksChanged` runs after a sync, an add or a removal
 * (the calendar around it re-reads its nights).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CalendarImport } from '#shared/schemas/calendar-sync';
import { plural } from '#shared/plural';
import { QueryView } from '#client/components/ui/query-view';
import { calendarSyncKeys, fetchImports } from '../lib/calendar-sync-api';
import { AddImportForm } from './add-import-form';
import { FeedLink } from './feed-link';
import { ImportItem } from './import-item';

export function CalendarSyncPanel({ homeId, onBlocksChanged }: { homeId: string; onBlocksChanged?: () => void }) {
  const imports = useQuery({
    queryKey: calendarSyncKeys.imports(homeId),
    queryFn: ({ signal }) => fetchImports(homeId, signal),
  });
  // One notice for the whole panel (an add, any calendar's sync): the newest replaces the one
  // before, so "Synced…" lines of earlier actions do not pile up under each calendar.
  const [notice, setNotice] = useState<string | null>(null);
  const onAdded = (item: CalendarImport) => {
    onBlocksChanged?.();
    setNotice(
      item.lastError
        ? `${item.name} was added, but its first sync failed: ${item.lastError}`
        : `${item.name} was added and synced: ${plural(item.blockedRanges, 'night range')} blocked.`,
    );
  };

  return (
    <section
      aria-labelledby="calendar-sync-title"
      className="flex flex-col gap-8 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h2 id="calendar-sync-title" className="text-2xl font-bold text-gray-900">
        Calendar sync
      </h2>
      <section aria-labelledby="feed-title">
        <h3 id="feed-title" className="mb-2 text-xl font-bold text-gray-900">
          Share this home&apos;s calendar
        </h3>
        <FeedLink homeId={homeId} />
      </section>
      <section aria-labelledby="imports-title">
        <h3 id="imports-title" className="text-xl font-bold text-gray-900">
          Calendars from other sites
        </h3>
        <p className="mb-2 mt-1 text-gray-700">
          Their bookings block nights here. StayHub fetches them every 30 minutes; “Sync now” fetches one at once.
        </p>
        <p role="status" className="mb-3 text-sm font-medium text-gray-900">
          {notice}
        </p>
        <QueryView
          query={imports}
          loadingLabel="Loading imported calendars"
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-800">
              No calendars imported yet.
            </p>
          }
        >
          {(list) => (
            <ul className="flex flex-col gap-4" aria-label="Imported calendars">
              {list.map((item) => (
                <ImportItem
                  key={item.id}
                  homeId={homeId}
                  item={item}
                  onBlocksChanged={onBlocksChanged}
                  onNotice={setNotice}
                />
              ))}
            </ul>
          )}
        </QueryView>
        <div className="mt-4">
          <AddImportForm homeId={homeId} onAdded={onAdded} />
        </div>
      </section>
    </section>
  );
}
