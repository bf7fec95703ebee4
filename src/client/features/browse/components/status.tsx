import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      {children && <div className="mt-2 text-gray-700">{children}</div>}
    </div>
  );
}
