import { Link } from 'react-router';
import type { Home } from '#shared/schemas/homes';
import { formatAmount } from '#shared/money';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage } from '#shared/images';
import { formatDay } from '#shared/dates';
import { plural } from '#shared/plural';

export interface HomeCardProps {
  home: Home;
  /** Where the card leads; defaults to the home's detail page. */
  to?: string;
  /** `full` lists every field (all homes, search results); `compact` is for the home page. */
  variant?: 'full' | 'compact';
  /** Cards that start below the fold load their picture lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex gap-1">
      <dt className="text-gray-700">{label}:</dt>
      <dd className="font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

export function HomeCard({ home, to, variant = 'full', eager = false, headingLevel = 'h3' }: HomeCardProps) {
  const Heading = headingLevel;
  const href = to ?? `/details/${encodeURIComponent(home._id)}`;
  const price = formatAmount(home.price);

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <img
        src={cardImage(home.image)}
        alt={home.title}
        width={CARD_IMAGE_WIDTH}
        height={CARD_IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[4/3] w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-rose-800">{home.location}</p>
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
              <Fact label="Members" value={home.total_guest} />
              <Fact label="Price" value={`${price}/night`} />
              <Fact label="From" value={formatDay(home.from)} />
              <Fact label="To" value={formatDay(home.to)} />
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
            </p>
          </>
        )}
      </div>
    </article>
  );
}
