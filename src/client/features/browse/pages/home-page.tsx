import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_PAGE_HOMES } from '#shared/constants';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage } from '#shared/images';
import { APARTMENT_TYPES, TEXTS } from '#shared/texts';
import { PageMeta } from '#client/components/seo/page-meta';
import { HomeCard, HomeCardSkeleton } from '../components/home-card';
import { SearchForm } from '../components/search-form';
import { ErrorPanel, errorText } from '#client/components/ui/status';
import { EmptyState } from '../components/status';
import { TypingTitle } from '../components/typing-title';
import { experiencePrice } from '../lib/experiences';
import { experiencesQuery, homePageHomesQuery } from '../lib/page-queries';

const TITLE = 'Find a home away from home';
const HOME_DESCRIPTION =
  'Homes, apartments and spa stays in cities you love. Search by place and dates, see the real total, book in minutes.';

const seeAllClass =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold text-rose-800 underline underline-offset-4 hover:bg-rose-50';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A grey line as tall as one line of text in its parent's font. */
function Line({ width }: { width: string }) {
  return <span className={`inline-block ${width} rounded bg-gray-100`}>&nbsp;</span>;
}

/** Placeholders shaped like the section's cards (same grid, picture ratio and line heights), so nothing moves when they arrive. */
function CardSkeletons({ label, kind }: { label: string; kind: 'homes' | 'experiences' }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {TEXTS.loading} {label}
      </p>
      <div aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) =>
          kind === 'homes' ? (
            <div key={i} className="flex">
              <HomeCardSkeleton variant="compact" />
            </div>
          ) : (
            <div key={i} className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
              <div className="aspect-[4/3] w-full animate-pulse bg-gray-100 motion-reduce:animate-none" />
              <div className="space-y-1 p-4">
                <p className="text-sm">
                  <Line width="w-1/3" />
                </p>
                <p>
                  <Line width="w-3/4" />
                </p>
                <p>
                  <Line width="w-1/2" />
                </p>
              </div>
            </div>
          ),
        )}
      </div>
    </div>
  );
}

function HomesSection() {
  const query = useQuery(homePageHomesQuery());
  return (
    <Section
      id="homes-heading"
      title="Homes"
      action={
        <Link to="/all-home" className={seeAllClass}>
          {TEXTS.seeAll}
        </Link>
      }
    >
      {query.isPending ? (
        <CardSkeletons label="homes" kind="homes" />
      ) : query.isError ? (
        <ErrorPanel centered message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.homes.length === 0 ? (
        <EmptyState title="No homes yet">New homes appear here as soon as hosts add them.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {query.data.homes.slice(0, HOME_PAGE_HOMES).map((home) => (
            <li key={home._id} className="flex">
              <HomeCard home={home} variant="compact" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ExperiencesSection() {
  const query = useQuery(experiencesQuery());
  return (
    <Section
      id="experiences-heading"
      title="Experiences"
      action={
        <Link to="/coming-soon" className={seeAllClass}>
          {TEXTS.seeAll}
        </Link>
      }
    >
      {query.isPending ? (
        <CardSkeletons label="experiences" kind="experiences" />
      ) : query.isError ? (
        <ErrorPanel centered message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title="No experiences yet" />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {query.data.map((experience, index) => (
            <li key={`${experience.title}-${index}`}>
              <article className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
                <img
                  src={cardImage(experience.image)}
                  alt={experience.title}
                  width={CARD_IMAGE_WIDTH}
                  height={CARD_IMAGE_HEIGHT}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-gray-100 object-cover"
                />
                <div className="space-y-1 p-4">
                  <p className="text-sm font-medium text-rose-800">{experience.location}</p>
                  <h3 className="font-semibold text-gray-900">{experience.title}</h3>
                  <p className="text-gray-900">
                    From <span className="font-bold">{experiencePrice(experience.price)}</span>{' '}
                    <span className="text-gray-700">/ person</span>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const TYPE_DETAILS: Record<(typeof APARTMENT_TYPES)[number], { text: string; floors: number }> = {
  Apartment: { text: 'One level, close to everything: ideal for a city break or a work trip.', floors: 1 },
  'Du-plex': { text: 'Two floors with room to spread out, for families and small groups.', floors: 2 },
  'Tri-plex': { text: 'Three floors of space for big groups, reunions and long weekends.', floors: 3 },
};

function BuildingIcon({ floors }: { floors: number }) {
  const height = 14 + floors * 14;
  return (
    <svg aria-hidden="true" width="72" height="72" viewBox="0 0 72 72" className="text-rose-700">
      <rect x="14" y={66 - height} width="44" height={height} rx="3" fill="currentColor" opacity="0.15" />
      <rect
        x="14"
        y={66 - height}
        width="44"
        height={height}
        rx="3"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      />
      {Array.from({ length: floors }, (_, f) => (
        <g key={f} fill="currentColor">
          <rect x="22" y={58 - 14 * (f + 1)} width="9" height="8" rx="1" />
          <rect x="41" y={58 - 14 * (f + 1)} width="9" height="8" rx="1" />
        </g>
      ))}
      <rect x="31" y="56" width="10" height="10" fill="currentColor" />
    </svg>
  );
}

function ApartmentTypesSection() {
  return (
    <Section id="types-heading" title="Apartment types">
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-3">
        {APARTMENT_TYPES.map((type) => (
          <li
            key={type}
            className="flex flex-col items-start gap-3 rounded-xl border border-gray-200 bg-rose-50/60 p-6"
          >
            <BuildingIcon floors={TYPE_DETAILS[type].floors} />
            <h3 className="text-xl font-semibold text-gray-900">{type}</h3>
            <p className="text-gray-700">{TYPE_DETAILS[type].text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function SpaHero() {
  return (
    <section aria-labelledby="spa-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="grid items-center gap-8 overflow-hidden rounded-2xl bg-teal-900 text-white md:grid-cols-2">
        <div className="p-8 sm:p-12">
          <p className="text-sm font-semibold uppercase tracking-wider text-teal-100">Spa hotels</p>
          <h2 id="spa-heading" className="mt-2 text-3xl font-bold sm:text-4xl">
            Unwind at a spa hotel
          </h2>
          <p className="mt-4 text-teal-50">
            Thermal pools, saunas and quiet rooms with a view. Book a spa hotel stay in a few clicks and pay only when
            you confirm.
          </p>
          <Link
            to="/all-home"
            className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-teal-900 hover:bg-teal-50"
          >
            {TEXTS.getStarted}
          </Link>
        </div>
        <img
          src="/spa-hero.svg"
          alt="A calm spa pool under palm trees at sunset"
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
    </section>
  );
}

export function Component() {
  return (
    <>
      <PageMeta description={HOME_DESCRIPTION} path="/" />
      <section className="bg-gradient-to-b from-rose-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-12 sm:px-6 sm:pt-16">
          <TypingTitle
            text={TITLE}
            className="max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl"
          />
          <p className="mt-4 max-w-2xl text-lg text-gray-700">
            Homes, apartments and spa stays in cities you love. Search by place and dates, see the real total, book in
            minutes.
          </p>
          <div className="mt-8">
            <SearchForm />
          </div>
        </div>
      </section>
      <HomesSection />
      <ExperiencesSection />
      <ApartmentTypesSection />
      <SpaHero />
    </>
  );
}
