import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from '#client/components/page-title';
import { useFocusHeading } from '#client/lib/use-focus-heading';

/** The centred card the auth screens share; focuses its heading when the page opens. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();
  useFocusHeading(ref, location.key, true);
  return (
    <section ref={ref} aria-labelledby="auth-title" className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <PageTitle title={title} />
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-2xl font-bold text-gray-900 outline-none sm:text-3xl">
          {title}
        </h1>
        {intro && <div className="mt-2 text-gray-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-gray-700">{footer}</div>}
    </section>
  );
}
