import type { ReactNode } from 'react';
import { PageTitle } from '#client/components/page-title';

/** A dashboard screen: document title, the page's h1 and its content. */
export function Screen({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="dashboard-screen-title">
      <PageTitle title={title} />
      <h1 id="dashboard-screen-title" className="text-2xl font-bold text-gray-900 outline-none sm:text-3xl">
        {title}
      </h1>
      {intro && <div className="mt-2 text-gray-700">{intro}</div>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
