/**
 * /dashboard/moderation (admin, issue 30): reports grouped by what they name, most reported
 * first, with the content in context (a message's conversation opens through the recorded admin
 * read), and the actions with a required note. After a suspension, the user's confirmed stays to
 * come are listed to cancel (full refund, the admin cancel) or keep.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  MODERATION_NOTE_MAX,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ReportGroup,
  type SuspensionResponse,
} from '#shared/schemas/moderation';
import { formatDayRange } from '#shared/dates';
import { Screen } from '#client/components/layout/screen';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { TextAreaField, inputClass } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { cancelBooking } from '../../bookings/lib/bookings-api';
import { fetchReports, moderationKeys, resolveReport } from '../lib/moderation-api';

const ACTIONS: Record<ReportGroup['targetType'], Array<{ value: ReportAction; label: string }>> = {
  home: [
    { value: 'dismiss', label: 'Dismiss' },
    { value: 'unlist', label: 'Unlist the home' },
    { value: 'suspend', label: 'Suspend the host' },
  ],
  user: [
    { value: 'dismiss', label: 'Dismiss' },
    { value: 'suspend', label: 'Suspend the user' },
  ],
  message: [
    { value: 'dismiss', label: 'Dismiss' },
    { value: 'remove', label: 'Remove the message' },
    { value: 'suspend', label: 'Suspend the sender' },
  ],
  review: [
    { value: 'dismiss', label: 'Dismiss' },
    { value: 'remove', label: 'Remove the review' },
    { value: 'suspend', label: 'Suspend the author' },
  ],
};

const TYPE_LABELS: Record<ReportGroup['targetType'], string> = {
  home: 'Home',
  user: 'User',
  message: 'Message',
  review: 'Review',
};

export function Component() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [suspension, setSuspension] = useState<SuspensionResponse | null>(null);
  const id = useId();
  const query = useQuery({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ signal }) => fetchReports(status, signal),
  });
  return (
    <Screen title="Moderation" intro="Reports from members, grouped by what they name. Every action needs a note.">
      <label htmlFor={`${id}-status`} className="block font-semibold text-gray-900">
        Show
      </label>
      <select
        id={`${id}-status`}
        value={status}
        onChange={(e) => setStatus(e.target.value as 'open' | 'resolved')}
        className={`${inputClass} mt-1 sm:w-56`}
      >
        <option value="open">Open reports</option>
        <option value="resolved">Resolved reports</option>
      </select>
      {suspension && <UpcomingStays suspension={suspension} onDone={() => setSuspension(null)} />}
      <QueryView
        query={query}
        loadingLabel="Loading reports"
        isEmpty={(groups) => groups.length === 0}
        empty={<p className="mt-6 text-gray-700">No {status} reports.</p>}
      >
        {(groups) => (
          <ul className="mt-6 space-y-4">
            {groups.map((group) => (
              <li key={`${group.targetType}:${group.targetId}`}>
                <ReportCard group={group} onSuspended={setSuspension} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Screen>
  );
}

function ReportedContent({ group }: { group: ReportGroup }) {
  const { content } = group;
  return (
    <div className="mt-2 text-gray-800">
      {content.text && <p className="whitespace-pre-line rounded-lg bg-gray-50 p-3">{content.text}</p>}
      <p className="mt-2 text-sm text-gray-700">
        {content.userName ? `By ${content.userName}` : 'Author unknown'}
        {content.hidden && ' · already hidden, unlisted or suspended'}
        {content.gone && ' · no longer exists'}
      </p>
      {content.conversationId && (
        <Link className="text-sm underline" to={`/dashboard/messages/${content.conversationId}`}>
          Read the conversation (your read is recorded)
        </Link>
      )}
      {group.targetType === 'home' && content.homeId && !content.hidden && (
        <Link className="text-sm underline" to={`/details/${content.homeId}`}>
          Open the home
        </Link>
      )}
    </div>
  );
}

function ReportCard({ group, onSuspended }: { group: ReportGroup; onSuspended: (s: SuspensionResponse) => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [action, setAction] = useState<ReportAction>('dismiss');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const open = group.reports.filter((r) => r.status === 'open');
  const resolve = useMutation({
    mutationFn: () => resolveReport(open[0]!.id, action, note.trim()),
    onSuccess: (done) => {
      // A suspension answers the user's stays to come, for the admin to decide on.
      if (done.suspension) onSuspended(done.suspension);
      notify('success', `Resolved ${done.resolved} report${done.resolved === 1 ? '' : 's'}.`);
      void queryClient.invalidateQueries({ queryKey: ['moderation'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setNoteError('Say why (the note is required).');
    setNoteError(undefined);
    resolve.mutate();
  };
  return (
    <article className="rounded-2xl border border-gray-200 p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
        {TYPE_LABELS[group.targetType]}: {group.content.title}{' '}
        <span className="text-base font-normal text-gray-700">
          ({group.count} report{group.count === 1 ? '' : 's'})
        </span>
      </h2>
      <ReportedContent group={group} />
      <ul className="mt-3 space-y-1 text-sm text-gray-800">
        {group.reports.map((r) => (
          <li key={r.id}>
            <strong>{REPORT_REASON_LABELS[r.reason]}</strong>
            {r.text && `: ${r.text}`} <span className="text-gray-700">({r.reporterName ?? 'former member'})</span>
            {r.action && (
              <span className="text-gray-700">
                {' '}
                · {r.action}: {r.note}
              </span>
            )}
          </li>
        ))}
      </ul>
      {open.length > 0 && (
        <form noValidate onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[14rem_1fr] sm:items-start">
          <div>
            <label htmlFor={`${id}-action`} className="block text-sm font-semibold text-gray-900">
              Action
            </label>
            <select
              id={`${id}-action`}
              value={action}
              onChange={(e) => setAction(e.target.value as ReportAction)}
              className={`${inputClass} mt-1`}
            >
              {ACTIONS[group.targetType].map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <TextAreaField
            label="Note (required, kept in the audit log)"
            rows={2}
            maxLength={MODERATION_NOTE_MAX}
            aria-required
            value={note}
            error={noteError}
            onChange={(e) => setNote(e.target.value)}
          />
          <FormAlert className="sm:col-span-2">{resolve.isError ? errorText(resolve.error) : null}</FormAlert>
          <div className="sm:col-span-2">
            <Button type="submit" busy={resolve.isPending}>
              Apply
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

function UpcomingStays({ suspension, onDone }: { suspension: SuspensionResponse; onDone: () => void }) {
  const [decided, setDecided] = useState<Record<string, 'cancelled' | 'kept'>>({});
  const cancel = useMutation({
    mutationFn: (bookingId: string) => cancelBooking(bookingId),
    onSuccess: (_, bookingId) => setDecided((d) => ({ ...d, [bookingId]: 'cancelled' })),
    onError: (error) => notify('error', errorText(error)),
  });
  return (
    <section aria-labelledby="suspended-stays" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="suspended-stays" className="text-lg font-bold text-gray-900">
        The suspended user&apos;s stays to come
      </h2>
      {suspension.upcomingStays.length === 0 ? (
        <p className="mt-2 text-gray-800">None: nothing to decide.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {suspension.upcomingStays.map((stay) => (
            <li key={stay.bookingId} className="flex flex-wrap items-center gap-3">
              <span>
                {stay.homeTitle}, {formatDayRange(stay.checkIn, stay.checkOut)} (as {stay.role})
              </span>
              {decided[stay.bookingId] ? (
                <strong>{decided[stay.bookingId] === 'cancelled' ? 'Cancelled, refunded in full' : 'Kept'}</strong>
              ) : (
                <>
                  <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate(stay.bookingId)}>
                    Cancel with full refund
                  </Button>
                  <Button variant="secondary" onClick={() => setDecided((d) => ({ ...d, [stay.bookingId]: 'kept' }))}>
                    Keep
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
