/**
 * "Contact host": the signed-in guest writes to the home's host before booking. Sending opens
 * the conversation, where the host's answer appears without reloading. Loaded on first use.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DialogCancel, DialogFrame } from '#client/components/ui/confirm-dialog';
import { useSession } from '#client/lib/session';
import { Composer } from './composer';
import { messageKeys, sendInquiry } from '../lib/messages-api';

interface ContactHostDialogProps {
  homeId: string;
  homeTitle: string;
  onClose: () => void;
}

function ContactHostDialog({ homeId, homeTitle, onClose }: ContactHostDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();

  async function send(text: string) {
    const { conversationId } = await sendInquiry(homeId, { text });
    await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    onClose();
    void navigate(`/dashboard/messages/${conversationId}`);
  }

  return (
    <DialogFrame
      open
      onClose={onClose}
      size="lg"
      title="Contact host"
      description={
        <>
          Ask the host of <strong className="font-semibold">{homeTitle}</strong> anything before you book. Their answer
          arrives in Messages.
        </>
      }
    >
      {/* The dialog puts focus on its first field: the message. */}
      <div className="mt-4">
        <Composer
          label="Your message"
          onSend={send}
          placeholder="Hello! Is the home quiet at night?"
          draftKey={user ? `${user.id}:inquiry:${homeId}` : undefined}
        />
      </div>
      <DialogCancel label="Cancel" className="mt-4" />
    </DialogFrame>
  );
}

export { ContactHostDialog as default };
