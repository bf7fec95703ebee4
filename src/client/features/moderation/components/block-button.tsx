/** "Block" in a conversation (issue 30): the other person can no longer message the caller; "Unblock" undoes it. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { setBlocked } from '../lib/moderation-api';

export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const [blocked, setBlockedState] = useState(false);
  const toggle = useMutation({
    mutationFn: () => setBlocked(userId, !blocked),
    onSuccess: (answer) => {
      setBlockedState(answer.blocked);
      notify('success', answer.blocked ? `${name} can no longer message you.` : `${name} can message you again.`);
    },
    onError: (error) => notify('error', errorText(error)),
  });
  return (
    <Button variant="secondary" busy={toggle.isPending} onClick={() => toggle.mutate()} aria-pressed={blocked}>
      {blocked ? `Unblock ${name}` : `Block ${name}`}
    </Button>
  );
}
