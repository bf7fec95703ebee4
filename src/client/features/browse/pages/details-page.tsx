import { useQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useParams } from 'react-router';
import { formatDay } from '#shared/dates';
import type { Home } from '#shared/schemas/homes';
import { formatAmount } from '#shared/money';
import { FULL_IMAGE_HEIGHT, FULL_IMAGE_WIDTH, cardImage, responsiveImage } from '#shared/images';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '#client/components/page-title';
import { HomeMeta } from '#client/components/seo/home-meta';
import { PageMeta } from '#client/components/seo/page-meta';
import { PolicyTerms } from '#client/components/pricing/policy-terms';
import { isApiError } from '#client/lib/api';
import { homeDetailQuery } from '../lib/page-queries';
import { ErrorPanel, errorText } from '#client/components/ui/status';
import { BookingWidget, BookingWidgetPlaceholder } from '../components/booking-widget';
import { ContactHost } from '../components/contact-host';
import { ShowAllPhotos } from '../components/show-all-photos';
import { Rating } from '../components/home-card';
import { sameEmail } from '#shared/emails';
import { useSession } from '#client/lib/session';
import { HeartButton } from '#client/features/wishlist/components/heart-button';
import { HostSection } from '#client/features/reviews/components/host-section';
import { ReportButton } from '#client/features/moderation/components/report-button';
import { UnlistedNotice } from '#client/features/moderation/components/unlisted-notice';
import { HomeReviews } from '#client/features/reviews/components/home-reviews';
import type { NotFoundData } from '../loaders';
import { AreaMap } from '#client/features/map/components/maps';

function NotFound({ id }: { id: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta
        title="Home not found"
        description="This home does not exist or is no longer listed on StayHub."
        path={`/details/${encodeURIComponent(id)}`}
        noindex
      />
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Home not found</h1>
      <p className="mt-3 text-gray-700">This home does not exist or is no longer listed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800">
          Home
        </Link>
        <Link
          to="/all-home"
          className="rounded-md border border-gray-300 px-5 py-3 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Browse all homes
        </Link>
      </div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-gray-50 p-3">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

const bar = 'rounded bg-gray-200';
const FACTS = 6;
const DESCRIPTION_LINES = ['w-full', 'w-full', 'w-11/12', 'w-2/3'];

/**
 * The page's shape while the home loads (each block as tall as what replaces it:
 * title, location, the two 4:3 pictures, host line, facts, description and the
 * booking box), so the footer is not painted under the header and then pushed down.
 */
function DetailsSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle title={TEXTS.loading} />
      <p role="status" className="sr-only">
        Loading the home
      </p>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="flex h-10 items-center">
          <div className={`${bar} h-7 w-2/3 sm:h-8 sm:w-1/2`} />
        </div>
        <div className="mt-2 flex h-7 items-center">
          <div className={`${bar} h-5 w-40`} />
        </div>
        <div className="flex h-5 items-center">
          <div className={`${bar} h-3.5 w-32`} />
        </div>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <div className="aspect-[4/3] w-full rounded-xl bg-gray-100" />
          <div className="aspect-[4/3] w-full rounded-xl bg-gray-100" />
        </div>
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_380px]">
          <div>
            <div className="flex h-16 items-center gap-3">
              <div className="h-12 w-12 rounded-full bg-gray-200" />
              <div className={`${bar} h-4 w-64 max-w-full`} />
            </div>
            <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {Array.from({ length: FACTS }, (_, i) => (
                <div key={i} className="rounded-lg bg-gray-50 p-3">
                  <div className="flex h-5 items-center">
                    <div className={`${bar} h-3.5 w-20`} />
                  </div>
                  <div className="flex h-7 items-center">
                    <div className={`${bar} h-5 w-16`} />
                  </div>
                </div>
              ))}
            </div>
            <div className="mt-8 flex h-7 items-center">
              <div className={`${bar} h-5 w-44`} />
            </div>
            <div className="mt-2">
              {DESCRIPTION_LINES.map((width, i) => (
                <div key={i} className="flex h-[26px] items-center">
                  <div className={`${bar} h-4 ${width}`} />
                </div>
              ))}
            </div>
          </div>
          <BookingWidgetPlaceholder />
        </div>
      </div>
    </div>
  );
}

/** The two pictures share the row from 640 px on (max-w-7xl, so never wider than ~620 px each). */
const DETAILS_IMAGE_SIZES = '(min-width: 1280px) 620px, (min-width: 640px) 50vw, 100vw';

function HomeDetails({ home }: { home: Home }) {
  const { user } = useSession();
  const [first = home.image, second] = home.images;
  const secondImage = second ?? first;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <HomeMeta home={home} />
      {home.unlisted && <UnlistedNotice unlisted={home.unlisted} className="mb-6" />}
      <div className="flex items-start justify-between gap-4">
        <h1 className="min-h-10 text-3xl font-bold text-gray-900 sm:text-4xl">{home.title}</h1>
        <HeartButton homeId={home._id} title={home.title} className="shrink-0" />
      </div>
      <p className="mt-2 text-lg font-medium text-rose-800">{home.location}</p>
      <Rating rating={home.rating} count={home.reviewCount} />

      <div className="relative mt-6 grid gap-3 sm:grid-cols-2">
        {/* The LCP element: found in the server's HTML, fetched first, in the width the screen needs. */}
        <img
          src={first}
          {...responsiveImage(first, DETAILS_IMAGE_SIZES)}
          alt={home.title}
          width={FULL_IMAGE_WIDTH}
          height={FULL_IMAGE_HEIGHT}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-xl bg-gray-100 object-cover"
        />
        <img
          src={second ? secondImage : cardImage(secondImage)}
          {...(second ? responsiveImage(secondImage, DETAILS_IMAGE_SIZES) : {})}
          alt={`${home.title}, second view`}
          width={FULL_IMAGE_WIDTH}
          height={FULL_IMAGE_HEIGHT}
          decoding="async"
          className="aspect-[4/3] w-full rounded-xl bg-gray-100 object-cover"
        />
        <ShowAllPhotos title={home.title} images={home.images} />
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_380px]">
        <div>
          <HostSection home={home} />
          <ContactHost home={home} />
          <ReportButton targetType="home" targetId={home._id} className="mt-3" nounVisible />
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Fact label="Max guests" value={home.total_guest} />
            <Fact label="Bedrooms" value={home.bedrooms} />
            <Fact label="Bathrooms" value={home.bathrooms} />
            <Fact label="Price per night" value={formatAmount(home.price)} />
            <Fact label="Available from" value={formatDay(home.from)} />
            <Fact label="Available to" value={formatDay(home.to)} />
            {home.cleaningFee > 0 && <Fact label="Cleaning fee" value={formatAmount(home.cleaningFee)} />}
          </dl>
          <h2 className="mt-8 text-xl font-semibold text-gray-900">About this home</h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-gray-800">{home.description}</p>
          <PolicyTerms policy={home.cancellationPolicy} timeZone={home.timeZone} className="mt-8" />
          {home.point && (
            <section aria-labelledby="home-area-heading" className="mt-8">
              <h2 id="home-area-heading" className="text-xl font-semibold text-gray-900">
                Where you will be
              </h2>
              <p className="mt-2 text-gray-800">
                {home.location}. The circle is the area the home is in; the exact place comes with your confirmed
                booking.
              </p>
              <AreaMap className="mt-3 h-72" point={home.point} />
            </section>
          )}
        </div>
        <BookingWidget home={home} />
      </div>
      {/* After the booking box, so on a phone Reserve comes before the reviews. */}
      <HomeReviews homeId={home._id} isHost={Boolean(user && sameEmail(user.email, home.email))} />
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  // The server's loader found no such home (and answered 404): no need to ask the API again.
  const notFound = (useLoaderData() as NotFoundData | null)?.notFound === true;
  // A home moderation unlisted is 404 to the server's public render, but its host and admins may read it.
  const { user } = useSession();
  const query = useQuery({ ...homeDetailQuery(id), enabled: id.length > 0 && (!notFound || Boolean(user)) });

  if (!id || (notFound && !user)) return <NotFound id={id} />;
  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError) {
    // 404 unknown id; 400 an id the server cannot even read: both are "not found" to a visitor.
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <NotFound id={id} />;
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <PageTitle title="Home" />
        <h1 className="sr-only">Home details</h1>
        <ErrorPanel centered message={errorText(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <HomeDetails home={query.data} />;
}
