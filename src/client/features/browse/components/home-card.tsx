import { Link } from 'react-router';
import type { Home } from '#shared/schemas/homes';
import { formatAmount } from '#shared/money';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage, responsiveImage } from '#shared/images';
import { formatDay } from '#shared/dates';
import { plural } from '#shared/plural';
import { HeartButton } from '#client/features/wishlist/components/heart-button';

export interface HomeCardProps {
  home: Home;
  /** Where the card leads; defaults to the home's detail page. */
  to?: string;
  /** `full` lists every field (all homes, search results); `compact` is for the home page. */
  variant?: 'full' | 'compact';
  /** Cards that start below the fold load their picture lazily. */
  eager?: boolean;
  /** The first card's picture is the page's likely LCP element: fetched first. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/**
 * One field of a card; `wide` takes the whole row, `stacked` puts the value under
 * its label. A value too long for its column wraps below its label, never cut.
 */
function Fact({
  label,
  value,
  wide = false,
  stacked = false,
}: {
  label: string;
  value: string | number;
  wide?: boolean;
  stacked?: boolean;
}) {
  return (
    <div className={`flex min-w-0 ${stacked ? 'flex-col' : 'flex-wrap gap-x-1'}${wide ? ' col-span-2' : ''}`}>
      <dt className="text-gray-700">{label}:</dt>
      <dd className="min-w-0 break-words font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/** "★ 4.8 (10 reviews)", or "New" while a home has no published review. */
export function Rating({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count === 0) return <p className="text-sm text-gray-700">New · no reviews yet</p>;
  return (
    <p className="text-sm text-gray-900">
      <span aria-hidden="true" className="text-rose-700">
        ★
      </span>{' '}
      <span className="font-semibold">{rating.toFixed(1)}</span>
      <span className="sr-only"> out of 5</span> <span className="text-gray-700">({plural(count, 'review')})</span>
    </p>
  );
}

/** One column on phones, then 2, 3 and 4 across (the grids' breakpoints; max-w-7xl caps a card near 300 px). */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

export function HomeCard({
  home,
  to,
  variant = 'full',
  eager = false,
  priority = false,
  headingLevel = 'h3',
}: HomeCardProps) {
  const Heading = headingLevel;
  const href = to ?? `/details/${encodeURIComponent(home._id)}`;
  // A dated search prices the stay (issue 27): its average nightly price and its total.
  const price = formatAmount(home.stay?.nightly ?? home.price);
  const total = home.stay ? `${formatAmount(home.stay.total)} for ${plural(home.stay.nights, 'night')}` : null;

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <img
        src={cardImage(home.image)}
        {...responsiveImage(home.image, CARD_SIZES)}
        alt={home.title}
        width={CARD_IMAGE_WIDTH}
        height={CARD_IMAGE_HEIGHT}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className="aspect-[4/3] w-full bg-gray-100 object-cover"
      />
      {/* Above the card-wide link, so it is its own button. */}
      <HeartButton homeId={home._id} title={home.title} className="absolute right-3 top-3 z-10" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-rose-800">{home.location}</p>
        <Rating rating={home.rating} count={home.reviewCount} />
        <Heading className="text-lg font-semibold leading-snug text-gray-900">
          {/* The link covers the whole card (after:), so the card is one tab stop. */}
          <Link to={href} className="rounded after:absolute after:inset-0 after:content-['']">
            {home.title}
          </Link>
        </Heading>
        {variant === 'full' ? (
          <>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <Fact label="Bedrooms" value={home.bedrooms} />
              <Fact label="Bathrooms" value={home.bathrooms} />
              <Fact label="Members" value={home.total_guest} wide />
              <Fact label="From" value={formatDay(home.from)} stacked />
              <Fact label="To" value={formatDay(home.to)} stacked />
              <Fact label="Price" value={`${price}/night`} wide />
              {total ? <Fact label="Total" value={total} wide /> : null}
            </dl>
            <div className="text-sm">
              <p className="font-semibold text-gray-900">Details</p>
              <p className="line-clamp-3 text-gray-700">{home.description}</p>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-gray-700">
              {plural(home.total_guest, 'guest')} · {plural(home.bedrooms, 'bedroom')} ·{' '}
              {plural(home.bathrooms, 'bathroom')}
            </p>
            <p className="mt-auto text-gray-900">
              <span className="font-bold">{price}</span> <span className="text-gray-700">night</span>
              {total ? <span className="block text-sm text-gray-700">Total {total}</span> : null}
            </p>
          </>
        )}
      </div>
    </article>
  );
}

/** A grey line as tall as one line of the text it stands for (it sits in the same font size and line height). */
function Line({ width }: { width: string }) {
  return <span className={`inline-block ${width} rounded bg-gray-100`}>&nbsp;</span>;
}

/**
 * The shape of a HomeCard while its home loads: the same picture ratio, paddings
 * and line heights, so the page does not move when the real card replaces it.
 */
export function HomeCardSkeleton({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  return (
    <div
      aria-hidden="true"
      className="flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <div className="aspect-[4/3] w-full animate-pulse bg-gray-100 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm">
          <Line width="w-1/3" />
        </p>
        <p className="text-sm">
          <Line width="w-1/4" />
        </p>
        <p className="text-lg leading-snug">
          <Line width="w-3/4" />
        </p>
        {variant === 'full' ? (
          <>
            <div className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <Line width="w-4/5" />
              <Line width="w-4/5" />
              <Line width="w-2/5 col-span-2" />
              <span>
                <Line width="w-1/3" />
                <br />
                <Line width="w-4/5" />
              </span>
              <span>
                <Line width="w-1/4" />
                <br />
                <Line width="w-4/5" />
              </span>
              <Line width="w-1/2 col-span-2" />
            </div>
            <div className="text-sm">
              <p>
                <Line width="w-1/4" />
              </p>
              <p>
                <Line width="w-full" />
              </p>
              <p>
                <Line width="w-full" />
              </p>
              <p>
                <Line width="w-2/3" />
              </p>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm">
              <Line width="w-5/6" />
            </p>
            <p className="mt-auto">
              <Line width="w-1/3" />
            </p>
          </>
        )}
      </div>
    </div>
  );
}
