/**
 * The review form, for either side of a stay: the guest rates the home overall and in four categories,
 * the host rates the guest overall; both write up to 1,000 characters. Checked with the shared schema
 * before sending; the server's refusal shows above the button and nothing typed is lost.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS, REVIEW_TEXT_MAX, type ReviewCategory } from '#shared/reviews';
import { createReviewSchema, type CreateReview, type ReviewStay } from '#shared/schemas/reviews';
import { FieldError, inputClass, primaryButtonClass } from '#client/components/ui/form-field';
import { ErrorText } from '#client/components/ui/status';
import { postReview } from '../lib/reviews-api';
import { reviewKeys } from '../lib/reviews-public-api';
import { RatingInput } from './rating-input';

type Ratings = Partial<Record<'overall' | ReviewCategory, number>>;

/** What is missing or wrong, one message per field (empty when the review can be sent). */
function findProblems(ratings: Ratings, text: string, asGuest: boolean): Record<string, string> {
  const parsed = createReviewSchema.safeParse({ ...ratings, text });
  const found: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0] ?? 'text');
    found[key] ??= issue.message;
  }
  if (asGuest) {
    for (const c of REVIEW_CATEGORIES) {
      if (ratings[c] === undefined) found[c] ??= `Rate ${REVIEW_CATEGORY_LABELS[c].toLowerCase()} from 1 to 5 stars.`;
    }
  }
  if (ratings.overall === undefined) found.overall = 'Rate the stay overall from 1 to 5 stars.';
  return found;
}

export function ReviewForm({ stay, onDone }: { stay: ReviewStay; onDone?: () => void }) {
  const [ratings, setRatings] = useState<Ratings>({});
  const [text, setText] = useState('');
  // Nothing is flagged before the first try to send; from then on the messages follow the fields
  // as they are filled (as react-hook-form's reValidateMode 'onChange'), so a fixed field loses its error.
  const [tried, setTried] = useState(false);
  // The server's refusal (ErrorText: a 401 links to sign-in).
  const [problem, setProblem] = useState<unknown>(null);
  const textId = useId();
  const queryClient = useQueryClient();
  const asGuest = stay.role === 'guest';
  const errors = tried ? findProblems(ratings, text, asGuest) : {};
  const send = useMutation({
    mutationFn: (review: CreateReview) => postReview(stay.bookingId, review),
    onSuccess: async (review) => {
      toast.success(review.published ? 'Your review is published' : 'Thank you! Your review is saved');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      onDone?.();
    },
    onError: (error) => setProblem(error),
  });

  const rate = (key: keyof Ratings) => (value: number) => setRatings((r) => ({ ...r, [key]: value }));

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        const body = { ...ratings, text };
        const found = findProblems(ratings, text, asGuest);
        setTried(true);
        setProblem(null);
        if (Object.keys(found).length === 0) send.mutate(body as CreateReview);
      }}
    >
      <RatingInput
        legend={asGuest ? 'Overall' : `Overall, as a guest`}
        value={ratings.overall}
        onChange={rate('overall')}
        error={errors.overall}
      />
      {asGuest && (
        <div className="grid gap-4 sm:grid-cols-2">
          {REVIEW_CATEGORIES.map((c) => (
            <RatingInput
              key={c}
              legend={REVIEW_CATEGORY_LABELS[c]}
              value={ratings[c]}
              onChange={rate(c)}
              error={errors[c]}
            />
          ))}
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
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${textId}-hint${errors.text ? ` ${textId}-error` : ''}`}
          className={`${inputClass} mt-1`}
        />
        <FieldError id={`${textId}-error`}>{errors.text}</FieldError>
      </div>
      {problem !== null && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          <ErrorText error={problem} />
        </p>
      )}
      <div>
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
        >
          {send.isPending ? 'Sending…' : 'Submit review'}
        </button>
      </div>
    </form>
  );
}
