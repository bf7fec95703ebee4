/** The host's one public reply to a review of their home. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { REVIEW_TEXT_MAX } from '#shared/reviews';
import { replySchema } from '#shared/schemas/reviews';
import { Button } from '#client/components/ui/button';
import { FieldError, inputClass } from '#client/components/ui/form-field';
import { ErrorText } from '#client/components/ui/status';
import { postReply } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';

type Input = z.input<typeof replySchema>;
type Values = z.output<typeof replySchema>;

export function ReplyForm({ reviewId, homeId }: { reviewId: string; homeId: string }) {
  const [open, setOpen] = useState(false);
  // After a first try to publish, the check follows the text as it changes (react-hook-form's
  // default reValidateMode), so a fixed reply loses its error.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(replySchema), defaultValues: { text: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const problem = errors.text?.message ?? (failure !== null ? <ErrorText error={failure} /> : null);
  const id = useId();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (values: Values) => postReply(reviewId, values.text),
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
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        void handleSubmit((values) => send.mutate(values))(event);
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        Your public reply
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={REVIEW_TEXT_MAX}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={`${inputClass} mt-1`}
        {...register('text')}
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
