import { Link } from 'react-router';
import { PageMeta } from '#client/components/seo/page-meta';

export function Component() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <PageMeta
        title="Experiences coming soon"
        description="Cooking classes, guided walks, boat trips and more, hosted by locals: experiences are coming soon to StayHub."
        path="/coming-soon"
      />
      <svg aria-hidden="true" width="96" height="96" viewBox="0 0 96 96" className="text-rose-700">
        <circle cx="48" cy="48" r="44" fill="currentColor" opacity="0.12" />
        <path d="M20 66 38 38l12 16 8-10 18 22H20Z" fill="currentColor" />
        <circle cx="64" cy="30" r="7" fill="currentColor" />
      </svg>
      <h1 className="mt-6 text-3xl font-bold text-gray-900 sm:text-4xl">Experiences are coming soon</h1>
      <p className="mt-4 text-lg text-gray-700">
        Cooking classes, guided walks, boat trips and more, hosted by locals. We are getting them ready; until then,
        find a place to stay.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800">
          Home
        </Link>
        <Link
          to="/all-home"
          className="rounded-md border border-gray-300 px-5 py-3 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Browse homes
        </Link>
      </div>
    </section>
  );
}
