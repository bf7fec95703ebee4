/**
 * The four states of a loaded list or record: a progress bar while pending, the
 * error with Try again, an empty state, then the data.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel, errorText, LoadingBar } from './status';

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Names what is loading, for the progress bar ("Loading bookings"). */
  loadingLabel: string;
  /** Whether the data counts as empty (then `empty` shows instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A screen's own answer to some errors (e.g. 404); undefined falls back to the error panel. */
  renderError?: (error: Error) => ReactNode | undefined;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, loadingLabel, isEmpty, empty, renderError, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingBar label={loadingLabel} />;
  if (query.isError) {
    return (
      renderError?.(query.error) ?? <ErrorPanel message={errorText(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
