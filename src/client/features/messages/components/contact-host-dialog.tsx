/**
 * "Contact host": the signed-in guest writes to the home's host before booking. Sending opens
 * the conversation, where the host's answer appears without reloading. Loaded on first use.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { secondaryButtonClass } from '#client/components/ui/form-field';
import { useReturnFocus } from '#client/components/ui/return-focus';
import { useSession } from '#client/lib/session';
import { Composer } from './composer';
import { messageKeys, sendInquiry } from '../lib/messages-api';

export interface ContactHostDialogProps {
  homeId: string;
  homeTitle: string;
  onClose: () => void;
}

export function ContactHostDialog({ homeId, homeTitle, onClose }: ContactHostDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus(true);
  const { user } = useSession();

  async function send(text: string) {
    const { conversationId } = await sendInquiry(homeId, { text });
    await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    onClose();
    navigate(`/dashboard/messages/${conversationId}`);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl outline-none"
        >
          <Dialog.Title className="text-xl font-bold text-gray-900">Contact host</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-800">
            Ask the host of <strong className="font-semibold">{homeTitle}</strong> anything before you book. Their
            answer arrives in Messages.
          </Dialog.Description>
          {/* The dialog puts focus on its first field: the message. */}
          <div className="mt-4">
            <Composer
              label="Your message"
              onSend={send}
              placeholder="Hello! Is the home quiet at night?"
              draftKey={user ? `${user.id}:inquiry:${homeId}` : undefined}
            />
          </div>
          <Dialog.Close className={`${secondaryButtonClass} mt-4`}>Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export { ContactHostDialog as default };
