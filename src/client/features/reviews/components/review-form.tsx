/**
 * The review form, for either side of a stay: the guest rates the home overall and in four categories,
 * the host rates the guest overall; both write up to 1,000 characters. Checked with the shared schema
 * before sending; the server's refusal shows above the button and nothing typed is lost.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS, REVIEW_TEXT_MAX, type ReviewCategory } from '#shared/reviews';
import { createReviewSchema, type CreateReview, type ReviewStay } from '#shared/schemas/reviews';
import { Button } from '#client/components/ui/button';
import { FieldError, inputClass } from '#client/components/ui/form-field';
import { FormAlert } from '#client/components/ui/form-alert';
import { ErrorText } from '#client/components/ui/status';
import { postReview } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';
import { RatingInput } from './rating-input';

type Input = z.input<typeof createReviewSchema>;
type Values = z.output<typeof createReviewSchema>;

const reviewResolver = zodResolver(createReviewSchema);

/**
 * The shared schema, and for a guest the four categories too (the server takes them as optional,
 * as a host sends none). Checked beside the schema, so every missing rating shows at once.
 */
const guestReviewResolver: Resolver<Input, unknown, Values> = async (values, context, options) => {
  const result = await reviewResolver(values, context, options);
  const missing = REVIEW_CATEGORIES.filter((c) => values[c] === undefined).map((c) => [
    c,
    { type: 'required', message: `Rate ${REVIEW_CATEGORY_LABELS[c].toLowerCase()} from 1 to 5 stars.` },
  ]);
  return missing.length ? { values: {}, errors: { ...Object.fromEntries(missing), ...result.errors } } : result;
};

export function ReviewForm({ stay, onDone }: { stay: ReviewStay; onDone?: () => void }) {
  const asGuest = stay.role === 'guest';
  // Nothing is flagged before the first try to send; from then on the messages follow the fields.
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: asGuest ? guestReviewResolver : reviewResolver,
    defaultValues: { text: '' },
  });
  // The server's refusal (ErrorText: a 401 links to sign-in).
  const [problem, setProblem] = useState<unknown>(null);
  const textId = useId();
  const queryClient = useQueryClient();
  const text = useWatch({ control, name: 'text' }) ?? '';
  const send = useMutation({
    mutationFn: (review: CreateReview) => postReview(stay.bookingId, review),
    onSuccess: async (review) => {
      toast.success(review.published ? 'Your review is published' : 'Thank you! Your review is saved');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      onDone?.();
    },
    onError: (error) => setProblem(error),
  });

  const rating = (key: 'overall' | ReviewCategory, legend: string) => (
    <Controller
      key={key}
      control={control}
      name={key}
      render={({ field, fieldState }) => (
        <RatingInput legend={legend} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        setProblem(null);
        void handleSubmit((review) => send.mutate(review))(event);
      }}
    >
      {rating('overall', asGuest ? 'Overall' : `Overall, as a guest`)}
      {asGuest && (
        <div className="grid gap-4 sm:grid-cols-2">
          {REVIEW_CATEGORIES.map((c) => rating(c, REVIEW_CATEGORY_LABELS[c]))}
        </div>
      )}
      <div>
        <label htmlFor={textId} className="block text-sm font-semibold text-gray-900">
          {asGuest ? 'Your review of the home' : 'Your review of the guest'}
        </label>
        <p id={`${textId}-hint`} className="text-sm text-gray-700">
          Up to {REVIEW_TEXT_MAX.toLocaleString('en-US')} characters ({text.length} used). The other side sees it once
          both of you have written, or when the 14 days are over.
        </p>
        <textarea
          id={textId}
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${textId}-hint${errors.text ? ` ${textId}-error` : ''}`}
          className={`${inputClass} mt-1`}
          {...register('text')}
        />
        <FieldError id={`${textId}-error`}>{errors.text?.message}</FieldError>
      </div>
      <FormAlert>{problem !== null && <ErrorText error={problem} />}</FormAlert>
      <div>
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
