import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { fetchUsers, putUser, userKeys } from '#client/lib/users';
import { QueryView } from '#client/components/ui/query-view';
import { ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';

export const APPROVED = 'Host request approved';
export const DECLINED = 'Host request declined';

const COLUMNS: ScrollTableColumn[] = [{ label: 'Email' }, { label: 'Role' }, { label: 'Action' }];

type Decision = { email: string; role: 'host' | null };

const actionButton =
  'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

function UserRow({
  user,
  index,
  busy,
  onDecide,
}: {
  user: User;
  index: number;
  busy: boolean;
  onDecide: (d: Decision) => void;
}) {
  const emailId = `alluser-email-${index}`;
  return (
    <tr className="border-t border-gray-200">
      <td id={emailId} data-label="Email" className="break-all px-3 py-3 text-gray-900">
        {user.email}
      </td>
      <td data-label="Role" className="px-3 py-3 text-gray-800">
        {user.role ?? 'guest'}
      </td>
      <td data-label="Action" className="px-3 py-3">
        {user.role === 'requested' ? (
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
  const decide = useMutation({
    mutationFn: ({ email, role }: Decision) => putUser(email, { role }),
    onSuccess: async (_answer, { role }) => {
      toast.success(role === 'host' ? APPROVED : DECLINED);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });

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
            label="All users"
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
                onDecide={(decision) => decide.mutate(decision)}
              />
            ))}
          </ScrollTable>
        )}
      </QueryView>
    </Screen>
  );
}

export { AllUsersPage as Component };
