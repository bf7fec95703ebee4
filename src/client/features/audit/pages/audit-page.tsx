/**
 * /dashboard/audit (admin, issue 30): every admin action recorded in the audit log, newest first:
 * who, what, to what, when and why. Filters: the admin's email, a kind of action, a period (whole
 * days, UTC); older rows a page at a time.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '#shared/schemas/audit';
import { inputClass, TextField } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { Screen } from '#client/components/layout/screen';
import { auditKeys, fetchAudit, NO_FILTERS, type AuditFilters } from '../lib/audit-api';

/** The kinds of action to filter by: a family is its prefix ('host.' = approvals and declines). */
const ACTION_FILTERS: Array<{ value: string; label: string }> = [
  { value: '', label: 'Any action' },
  { value: 'host.', label: 'Host requests' },
  { value: 'booking.', label: 'Bookings' },
  { value: 'home.', label: 'Homes' },
  { value: 'claim.', label: 'Damage claims' },
  { value: 'report.', label: 'Reports' },
  { value: 'user.', label: 'Users' },
  { value: 'review.', label: 'Reviews' },
  { value: 'message.', label: 'Messages' },
  { value: 'conversation.read', label: 'Conversations read' },
  { value: 'document.read', label: 'Documents read' },
  { value: 'ledger.export', label: 'Ledger exports' },
];

/** How the known actions read; any other shows its code. */
const ACTION_LABELS: Record<string, string> = {
  'host.approve': 'Approved a host request',
  'host.decline': 'Declined a host request',
  'booking.cancel': 'Cancelled a booking',
  'booking.cancel_for_host': 'Cancelled a booking for its host',
  'booking.accept': 'Accepted a booking request',
  'booking.decline': 'Declined a booking request',
  'home.delete': 'Deleted a home',
  'claim.decide': 'Decided a damage claim',
  'conversation.read': 'Read a conversation',
  'document.read': 'Opened an identity document',
  'ledger.export': 'Exported the ledger',
};

const COLUMNS: ScrollTableColumn[] = [
  { label: 'When' },
  { label: 'Admin' },
  { label: 'Action' },
  { label: 'Target' },
  { label: 'Why' },
];

function EntryRow({ e }: { e: AuditEntry }) {
  return (
    <tr className="border-t border-gray-200 align-top">
      <td data-label="When" className="px-3 py-2 text-sm whitespace-nowrap text-gray-800">
        <time dateTime={e.at}>{e.at.replace('T', ' ').slice(0, 16)} UTC</time>
      </td>
      <td data-label="Admin" className="px-3 py-2 text-gray-900">
        {e.actorEmail ?? <span className="italic text-gray-700">Deleted user</span>}
      </td>
      <td data-label="Action" className="px-3 py-2 text-gray-900">
        {ACTION_LABELS[e.action]}
        <span className="block font-mono text-xs text-gray-700">{e.action}</span>
      </td>
      <td data-label="Target" className="px-3 py-2 text-sm text-gray-900">
        {e.targetType}
        {e.targetId && <span className="block break-all font-mono text-xs text-gray-700">{e.targetId}</span>}
      </td>
      <td data-label="Why" className="px-3 py-2 text-gray-900">
        {e.note ?? <span className="text-gray-700">—</span>}
      </td>
    </tr>
  );
}

function AuditTable({ filters }: { filters: AuditFilters }) {
  const query = useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return (
    <QueryView
      query={query}
      loadingLabel="Loading the audit log"
      isEmpty={(data) => data.pages[0]!.entries.length === 0}
      empty={
        <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-800">
          {Object.values(filters).some(Boolean)
            ? 'No admin actions match these filters.'
            : 'No admin actions yet: each one shows here once an admin takes it.'}
        </p>
      }
    >
      {(data) => (
        <>
          <ScrollTable
            label="Admin actions"
            caption="Admin actions, newest first. Times are UTC."
            columns={COLUMNS}
            minWidthClass="sm:min-w-[52rem]"
          >
            {data.pages.flatMap((page) => page.entries.map((e) => <EntryRow key={e.id} e={e} />))}
          </ScrollTable>
          {query.hasNextPage && (
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className="mt-4 rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
            >
              {query.isFetchingNextPage ? 'Loading older actions…' : 'Show older actions'}
            </button>
          )}
        </>
      )}
    </QueryView>
  );
}

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [error, setError] = useState<string | undefined>();
  const actionId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.to <= draft.from) return setError('The end must be after the start');
    setError(undefined);
    setFilters(draft);
  };
  return (
    <Screen
      title="Audit"
      intro="Every admin action: who did what, to what, when and why. Rows are never changed or removed."
    >
      <form onSubmit={apply} className="mb-6 flex flex-wrap items-end gap-3" noValidate aria-label="Filters">
        <TextField
          label="Admin's email"
          type="email"
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          className="min-w-[16rem]"
        />
        <div>
          <label htmlFor={actionId} className="mb-1 block text-sm font-semibold text-gray-900">
            Action
          </label>
          <select
            id={actionId}
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            className={inputClass}
          >
            {ACTION_FILTERS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To (not included)"
          type="date"
          value={draft.to}
          error={error}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <button type="submit" className="rounded-md bg-rose-700 px-4 py-2 font-semibold text-white hover:bg-rose-800">
          Show
        </button>
      </form>
      <AuditTable filters={filters} />
    </Screen>
  );
}

export { AuditPage as Component };
