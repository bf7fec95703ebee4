/**
 * "Block" in a conversation (issue 30): the other person can no longer message the caller; "Unblock"
 * undoes it. The state is the server's (GET /api/users/{id}/block), so a person blocked earlier, or
 * in another tab, shows "Unblock" on load; the button waits for it rather than guess
 * (and, should the read fail, offers "Block": blocking twice is harmless).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { fetchBlocked, moderationKeys, setBlocked } from '../lib/moderation-api';

export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: moderationKeys.block(userId),
    queryFn: ({ signal }) => fetchBlocked(userId, signal),
  });
  const blocked = state.data?.blocked ?? false;
  const toggle = useMutation({
    mutationFn: () => setBlocked(userId, !blocked),
    onSuccess: (answer) => {
      queryClient.setQueryData(moderationKeys.block(userId), answer);
      notify('success', answer.blocked ? `${name} can no longer message you.` : `${name} can message you again.`);
    },
    onError: (error) => notify('error', errorText(error)),
  });
  return (
    <Button
      variant="secondary"
      busy={toggle.isPending}
      disabled={state.isPending}
      onClick={() => toggle.mutate()}
      aria-pressed={blocked}
    >
      {blocked ? `Unblock ${name}` : `Block ${name}`}
    </Button>
  );
}
