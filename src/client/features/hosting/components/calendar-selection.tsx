/**
 * What the host can do with the nights they selected on the calendar: block them
 * with an optional private note, or unblock the selected nights of their own blocks
 * (the rest of each block stays), or remove a block whole. Stays in the way are
 * named; the server's refusal shows as it is, and the note is kept. Beside Block,
 * Set price gives the nights a price of their own (issue 27; any nights, booked ones
 * too: a stay keeps the price it was booked at), and the price periods the selection
 * touches are listed to change or remove.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { BLOCK_NOTE_MAX } from '#shared/schemas/calendar';
import type { PricePeriod } from '#shared/schemas/pricing';
import { plural } from '#shared/plural';
import { TextAreaField } from '#client/components/ui/form-field';
import { FormAlert } from '#client/components/ui/form-alert';
import { blockNights, calendarKeys, unblock, unblockNights } from '../lib/calendar-api';
import { rangeText, type RangeSummary } from '../lib/calendar-nights';
import { Button } from '#client/components/ui/button';
import { PricePeriodDialog, PricePeriodItem } from './price-periods';

/** How the selection's panel names a stay in the way, before its guest's name. */
const STAY_TEXT: Record<RangeSummary['stays'][number]['status'], string> = {
  booked: 'Booked by',
  requested: 'Requested by',
  held: 'Reservation in progress for',
};

export function CalendarSelection({
  homeId,
  range,
  summary,
  complete,
  periods,
  onDone,
}: {
  homeId: string;
  range: { from: string; to: string };
  summary: RangeSummary;
  /** Both ends are picked. */
  complete: boolean;
  /** The home's price periods; undefined while they load (or could not be): no Set price then. */
  periods: PricePeriod[] | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const [pricing, setPricing] = useState(false);
  const touching = periods?.filter((p) => p.from < range.to && range.from < p.to) ?? [];
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.home(homeId) });

  const block = useMutation({
    mutationFn: () => blockNights(homeId, { from: range.from, to: range.to, ...(note.trim() ? { note } : {}) }),
    onSuccess: async () => {
      toast.success(`Blocked ${rangeText(range.from, range.to)} (${plural(summary.nights, 'night')})`);
      setNote('');
      await refresh();
      onDone();
    },
    onError: (e: Error) => setError(e.message),
  });
  const free = useMutation({
    mutationFn: (blockId: string) => unblock(homeId, blockId),
    onSuccess: async () => {
      toast.success('Unblocked');
      await refresh();
      onDone();
    },
    onError: (e: Error) => setError(e.message),
  });
  const freeSelected = useMutation({
    mutationFn: () => unblockNights(homeId, range),
    onSuccess: async ({ freedNights }) => {
      toast.success(freedNights ? `Unblocked ${plural(freedNights, 'night')}` : 'None of these nights were blocked');
      await refresh();
      onDone();
    },
    onError: (e: Error) => setError(e.message),
  });
  const busy = block.isPending || free.isPending || freeSelected.isPending;
  const blockable = summary.blockable && summary.hostBlocks.length === 0;

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-semibold text-gray-900">
        Selected: {rangeText(range.from, range.to)} ({plural(summary.nights, 'night')})
      </h2>
      {!complete && (
        <p className="mt-1 text-sm text-gray-700">
          Pick the last night too (or block just this one). Press Escape to clear the selection.
        </p>
      )}
      <div className="mt-3 space-y-3">
        <FormAlert>{error}</FormAlert>
        {summary.stays.length > 0 && (
          <div className="text-sm text-gray-800">
            <p>These nights have stays, which cannot be blocked:</p>
            <ul className="mt-1 list-disc pl-5">
              {summary.stays.map((s) => (
                <li key={s.bookingId}>
                  {STAY_TEXT[s.status]} {s.guestName}
                </li>
              ))}
            </ul>
          </div>
        )}
        {(summary.blockedNights > 0 || (!summary.loaded && summary.hostBlocks.length > 0)) && (
          <div className="space-y-2">
            <Button
              disabled={busy}
              onClick={() => {
                setError(null);
                freeSelected.mutate();
              }}
            >
              {freeSelected.isPending
                ? 'Unblocking…'
                : summary.loaded
                  ? `Unblock ${plural(summary.blockedNights, 'selected night')}`
                  : // Part of the selection is in months not on screen: the server counts what it frees.
                    'Unblock the selected nights'}
            </Button>
            {summary.imported > 0 && (
              <p className="text-sm text-gray-700">
                {plural(summary.imported, 'night')} from an imported calendar stay blocked: free them in that calendar.
              </p>
            )}
          </div>
        )}
        {summary.hostBlocks.map((b) => {
          // A block inside the selection goes with the button above; one reaching past it can also go whole.
          const reachesOut = b.from < range.from || range.to < b.to;
          return (
            <div key={b.id} className="flex flex-wrap items-center gap-3 text-sm text-gray-800">
              <span>
                Blocked {rangeText(b.from, b.to)}
                {b.note ? `: ${b.note}` : ''}
              </span>
              {reachesOut && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => {
                    setError(null);
                    free.mutate(b.id);
                  }}
                >
                  {free.isPending && free.variables === b.id
                    ? 'Unblocking…'
                    : `Unblock all of ${rangeText(b.from, b.to)}`}
                </Button>
              )}
            </div>
          );
        })}
        {touching.length > 0 && (
          <div className="text-sm text-gray-800">
            <p>Prices you set for these nights:</p>
            <ul className="mt-2 space-y-2">
              {touching.map((p) => (
                <PricePeriodItem key={p._id} homeId={homeId} period={p} />
              ))}
            </ul>
          </div>
        )}
        {blockable && (
          <form
            id={`${id}-block`}
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              block.mutate();
            }}
            aria-busy={block.isPending}
          >
            <TextAreaField
              label="Private note (optional)"
              hint="Only you see it; guests see the nights as unavailable."
              rows={2}
              maxLength={BLOCK_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </form>
        )}
        <div className="flex flex-wrap gap-3">
          {blockable && (
            <Button type="submit" form={`${id}-block`} disabled={busy}>
              {block.isPending ? 'Blocking…' : `Block ${plural(summary.nights, 'night')}`}
            </Button>
          )}
          {periods && (
            <Button variant={blockable ? 'secondary' : 'primary'} disabled={busy} onClick={() => setPricing(true)}>
              Set price
            </Button>
          )}
        </div>
        {pricing && (
          <PricePeriodDialog homeId={homeId} open onClose={() => setPricing(false)} range={range} onSaved={onDone} />
        )}
      </div>
    </section>
  );
}
