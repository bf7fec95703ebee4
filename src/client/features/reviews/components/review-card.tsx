/** One published review: who wrote it and when, the stars, the text and the host's reply. */
import type { PublicReview } from '#shared/schemas/reviews';
import { Avatar } from '#client/components/ui/avatar';
import { ReportButton } from '../../moderation/components/report-button';
import { Stars } from './stars';

const month = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

export function ReviewCard({ review, children }: { review: PublicReview; children?: React.ReactNode }) {
  return (
    <article className="rounded-xl border border-gray-200 p-4">
      <div className="flex items-center gap-3">
        <Avatar name={review.author.name} image={review.author.image} />
        <div>
          <p className="font-semibold text-gray-900">{review.author.name}</p>
          <p className="text-sm text-gray-700">{month(review.createdAt)}</p>
        </div>
      </div>
      <p className="mt-2">
        <Stars value={review.overall} label="Rating" />
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-gray-800">{review.text}</p>
      {review.reply && (
        <div className="mt-3 rounded-lg bg-gray-50 p-3">
          <p className="text-sm font-semibold text-gray-900">Response from the host</p>
          <p className="mt-1 whitespace-pre-line break-words text-gray-800">{review.reply.text}</p>
        </div>
      )}
      {children}
      <ReportButton targetType="review" targetId={review._id} className="mt-2" />
    </article>
  );
}
