/**
 * The host's one public reply to a review of their home. Checked with the shared schema by hand, not
 * react-hook-form: this form is in the details page's chunk, which react-hook-form would grow by
 * ~14 KiB gzip for one text area (ADR 0047).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { REVIEW_TEXT_MAX } from '#shared/reviews';
import { replySchema } from '#shared/schemas/reviews';
import { FieldError, inputClass } from '#client/components/ui/form-field';
import { ErrorText } from '#client/components/ui/status';
import { postReply } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';
import { Button } from '#client/components/ui/button';

export function ReplyForm({ reviewId, homeId }: { reviewId: string; homeId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // After a first try to publish, the check follows the text as it changes, so a fixed reply loses its error.
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const parsed = replySchema.safeParse({ text });
  const invalid = tried && !parsed.success ? (parsed.error.issues[0]?.message ?? 'Check your reply.') : null;
  const problem = invalid ?? (failure !== null ? <ErrorText error={failure} /> : null);
  const id = useId();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => postReply(reviewId, text),
    onSuccess: async () => {
      toast.success('Your reply is published');
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.home(homeId) });
    },
    // The text stays in the box, so nothing typed is lost.
    onError: (error) => setFailure(error),
  });
  if (!open) {
    return (
      <Button variant="secondary" className="mt-3 px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        Reply publicly
      </Button>
    );
  }
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        setFailure(null);
        if (parsed.success) send.mutate();
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        Your public reply
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        maxLength={REVIEW_TEXT_MAX}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={`${inputClass} mt-1`}
      />
      <FieldError id={`${id}-error`}>{problem}</FieldError>
      <div className="mt-2 flex gap-2">
        <Button type="submit" className="px-3 py-1.5 text-sm" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Publish reply'}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
