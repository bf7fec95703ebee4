/**
 * The home's secret iCal feed URL: shown read-only, copied with one button, and replaced
 * ("Get a new link", after a confirmation) when it leaked; the old one stops working.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { inputClass } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { errorText } from '#client/components/ui/status';
import { calendarSyncKeys, fetchFeed, rotateFeed } from '../lib/calendar-sync-api';
import { Button } from '#client/components/ui/button';

export function FeedLink({ homeId }: { homeId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: calendarSyncKeys.feed(homeId),
    queryFn: ({ signal }) => fetchFeed(homeId, signal),
  });
  const [copied, setCopied] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateFeed(homeId),
    onSuccess: (answer) => {
      queryClient.setQueryData(calendarSyncKeys.feed(homeId), answer);
      setConfirming(false);
      setCopied('A new link is ready. The old one no longer works: give the new one to your other sites.');
    },
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied.');
    } catch {
      // No clipboard permission: select the text so the host can copy it by hand.
      const input = document.getElementById(`${id}-url`) as HTMLInputElement | null;
      input?.select();
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected link.');
    }
  };

  return (
    <QueryView query={feed} loadingLabel="Loading the calendar link">
      {(data) => (
        <div>
          <label htmlFor={`${id}-url`} className="block font-semibold text-gray-900">
            Calendar link (iCal)
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
            Paste it into Airbnb, Booking.com or your calendar app so they see the nights booked or blocked here. Keep
            it private: it shows only “Reserved”, never who stays.
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-url`}
              readOnly
              value={data.url}
              aria-describedby={`${id}-hint`}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputClass} font-mono text-sm`}
            />
            <Button onClick={() => void copy(data.url)} className="shrink-0">
              Copy link
            </Button>
          </div>
          <p role="status" className="mt-2 min-h-6 text-sm text-gray-800">
            {copied}
          </p>
          {confirming ? (
            <div
              role="group"
              aria-labelledby={`${id}-rotate`}
              className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
            >
              <p id={`${id}-rotate`} className="text-gray-900">
                Get a new link? The current one stops working at once; sites that use it stop seeing your dates until
                you give them the new one.
              </p>
              {rotate.isError && (
                <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {errorText(rotate.error)}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-3">
                <Button
                  disabled={rotate.isPending}
                  aria-busy={rotate.isPending || undefined}
                  onClick={() => rotate.mutate()}
                >
                  {rotate.isPending ? 'Making a new link…' : 'Yes, get a new link'}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Keep this link
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)} className="mt-2">
              Get a new link
            </Button>
          )}
        </div>
      )}
    </QueryView>
  );
}
