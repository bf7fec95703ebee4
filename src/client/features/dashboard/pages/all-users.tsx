/**
 * /dashboard/alluser (admin): every account with its role. Approve Request makes a
 * requested user a host at once; Decline asks first (with an optional reason). Either
 * way the user is mailed and signed out (ADR 0008). A suspended account (issue 30) says so,
 * and its suspension can be lifted here, with a note.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { fetchUsers, putUser, userKeys } from '#client/lib/users';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { LiftSuspensionDialog } from '#client/features/moderation/components/lift-suspension-dialog';
import { liftSuspension } from '#client/features/moderation/lib/moderation-api';
import { DeclineDialog } from '../components/decline-dialog';

export const APPROVED = 'Host request approved. The user was mailed and signs in again as a host.';
export const DECLINED = 'Host request declined. The user was mailed.';
export const LIFTED = 'Suspension lifted. The user can sign in again, and their homes are listed again.';

const COLUMNS: ScrollTableColumn[] = [{ label: 'Email' }, { label: 'Role' }, { label: 'Action' }];

type Decision = { email: string; role: 'host' | null; reason?: string };

const actionButton =
  'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

function UserRow({
  user,
  index,
  busy,
  decided,
  onDecide,
  onLift,
}: {
  user: User;
  index: number;
  busy: boolean;
  /** This row's request was just decided: its buttons are gone, so the focus goes to its new role. */
  decided: boolean;
  onDecide: (d: Decision) => void;
  onLift: (user: User) => void;
}) {
  // Approve is one click (the spec's Approve Request); Decline opens the confirmation dialog.
  const emailId = `alluser-email-${index}`;
  const roleCell = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    if (decided && user.role !== 'requested') roleCell.current?.focus();
  }, [decided, user.role]);
  return (
    <tr className="border-t border-gray-200">
      <td id={emailId} data-label="Email" className="break-all px-3 py-3 lg:px-2.5 text-gray-900">
        {user.email}
      </td>
      <td
        ref={roleCell}
        tabIndex={decided ? -1 : undefined}
        data-label="Role"
        className="px-3 py-3 lg:px-2.5 text-gray-800"
      >
        {user.role ?? 'guest'}
        {user.suspended && ' · suspended'}
      </td>
      <td data-label="Action" className="px-3 py-3 lg:px-2.5">
        {user.suspended ? (
          <button
            type="button"
            aria-describedby={emailId}
            onClick={() => onLift(user)}
            className={`${actionButton} border border-gray-400 text-gray-900 hover:bg-gray-50`}
          >
            Lift suspension
          </button>
        ) : user.role === 'requested' ? (
          <div className="flex flex-wrap gap-2">
            {user.docImage && (
              <a
                href={user.docImage}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={emailId}
                className={`${actionButton} border border-gray-400 text-gray-900 hover:bg-gray-50`}
              >
                View document<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <button
              type="button"
              disabled={busy}
              aria-describedby={emailId}
              onClick={() => onDecide({ email: user.email, role: 'host' })}
              className={`${actionButton} bg-rose-700 text-white hover:bg-rose-800`}
            >
              {TEXTS.approveRequest}
            </button>
            <button
              type="button"
              disabled={busy}
              aria-describedby={emailId}
              onClick={() => onDecide({ email: user.email, role: null })}
              className={`${actionButton} border border-red-700 text-red-800 hover:bg-red-50`}
            >
              Decline
            </button>
          </div>
        ) : (
          <span className="text-gray-700">—</span>
        )}
      </td>
    </tr>
  );
}

export function AllUsersPage() {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchUsers(signal) });
  /** The requester whose Decline asks for confirmation. */
  const [declining, setDeclining] = useState<string | null>(null);
  /** The requester just approved or declined. */
  const [decided, setDecided] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: ({ email, role, reason }: Decision) => putUser(email, reason ? { role, reason } : { role }),
    onSuccess: async (_answer, { email, role }) => {
      toast.success(role === 'host' ? APPROVED : DECLINED);
      setDeclining(null);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      setDecided(email);
    },
    onError: (error, { role }) => {
      // A refused decline shows in its dialog; a refused approval as a toast.
      if (role === 'host') toast.error(errorText(error));
    },
  });
  /** The suspended user whose suspension the admin is about to lift. */
  const [lifting, setLifting] = useState<User | null>(null);
  const lift = useMutation({
    mutationFn: ({ user, note }: { user: User; note: string }) => liftSuspension(user._id, note),
    onSuccess: async () => {
      toast.success(LIFTED);
      setLifting(null);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const declineBusy = decide.isPending && decide.variables.role === null;
  const declineError = decide.isError && decide.variables.role === null ? errorText(decide.error) : null;

  return (
    <Screen title="All Users" intro="Every StayHub account. Approve or decline requests to become a host.">
      <QueryView
        query={users}
        loadingLabel="Loading users"
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-800">
            There are no users yet.
          </p>
        }
      >
        {(list) => (
          <ScrollTable
            // Not the screen's own name ("All Users"): two landmarks of one name cannot be told apart.
            label="All users table"
            caption="All users with their role; host requests can be approved or declined."
            columns={COLUMNS}
            minWidthClass="sm:min-w-[36rem]"
          >
            {list.map((user, index) => (
              <UserRow
                key={user._id}
                user={user}
                index={index}
                busy={decide.isPending && decide.variables.email === user.email}
                decided={decided === user.email}
                onLift={(target) => {
                  lift.reset();
                  setLifting(target);
                }}
                onDecide={(decision) => {
                  if (decision.role === 'host') {
                    decide.mutate(decision);
                  } else {
                    decide.reset();
                    setDeclining(decision.email);
                  }
                }}
              />
            ))}
          </ScrollTable>
        )}
      </QueryView>
      <DeclineDialog
        email={declining}
        busy={declineBusy}
        error={declineError}
        onConfirm={(email, reason) => decide.mutate({ email, role: null, ...(reason ? { reason } : {}) })}
        onCancel={() => setDeclining(null)}
      />
      <LiftSuspensionDialog
        email={lifting?.email ?? null}
        busy={lift.isPending}
        error={lift.isError ? errorText(lift.error) : null}
        onConfirm={(note) => lifting && lift.mutate({ user: lifting, note })}
        onCancel={() => setLifting(null)}
      />
    </Screen>
  );
}

export { AllUsersPage as Component };
