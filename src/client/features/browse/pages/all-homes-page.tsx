import { PageMeta } from '#client/components/seo/page-meta';
import { EmptyState } from '../components/status';
import { HomesGrid } from '../components/homes-grid';
import { ALL_HOMES_FILTER } from '../lib/page-queries';

export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageMeta
        title="All homes"
        description="Every home on StayHub, newest first: apartments, houses and villas with their price per night, rooms and dates."
        path="/all-home"
      />
      <h1 className="mb-2 text-3xl font-bold text-gray-900 sm:text-4xl">All homes</h1>
      <p className="mb-8 text-gray-700">Every home on StayHub, newest first.</p>
      <HomesGrid
        filter={ALL_HOMES_FILTER}
        label="Homes"
        empty={<EmptyState title="No homes yet">New homes appear here as soon as hosts add them.</EmptyState>}
      />
    </div>
  );
}
