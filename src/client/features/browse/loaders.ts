import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { calendarDate } from '#shared/stay';
import { isApiError, type HomesFilter } from '#client/lib/api';
import {
  ALL_HOMES_FILTER,
  experiencesQuery,
  homeDetailQuery,
  homePageHomesQuery,
  homeReviewsQuery,
  homesPagesQuery,
} from './lib/page-queries';
import type { PublicData } from '#shared/public-data';
import { searchFromParams } from './lib/search-filter';

/**
 * What the route loaders need. The same loaders run on the server (static handler) and in the
 * browser; they fill the QueryClient under the SAME query keys the pages read, so the pages stay
 * TanStack Query components and the server's cache, dehydrated into the HTML, is the browser's.
 */
export interface LoaderContext {
  queryClient: QueryClient;
  data: PublicData;
  /**
   * The server waits for the data (it renders it and answers 404 for an unknown home). The browser
   * only starts the fetch: a navigation then shows the page's skeleton at once, as before, while the
   * fetch runs beside the page's code download (the page's own query joins the same request).
   */
  wait: boolean;
}

/** Loader data of a page whose subject does not exist (the page shows its own not-found text). */
export interface NotFoundData {
  notFound: true;
}

/**
 * The context of one loader call: the server hands each request's own (QueryClient) to its one
 * long-lived static handler as `requestContext`, which loaders receive as `context`; the browser
 * router passes none, and the context the routes were built with applies.
 */
function contextOf(args: { context?: unknown }, fallback: LoaderContext): LoaderContext {
  const given = args.context as Partial<LoaderContext> | undefined;
  return given && typeof given === 'object' && given.queryClient && given.data ? (given as LoaderContext) : fallback;
}

async function settle(ctx: LoaderContext, work: Promise<unknown>): Promise<null> {
  if (!ctx.wait) {
    // The page's query reports a failure; nothing to do here.
    work.catch(() => {});
    return null;
  }
  await work;
  return null;
}

/** The first page of a HomesGrid (an infinite query, first page param null). */
function firstGridPage(ctx: LoaderContext, filter: HomesFilter) {
  return ctx.queryClient.ensureInfiniteQueryData(homesPagesQuery(filter, ctx.data));
}

export function browseLoaders(built: LoaderContext) {
  return {
    home: (args: LoaderFunctionArgs) => {
      const ctx = contextOf(args, built);
      return settle(
        ctx,
        Promise.all([
          ctx.queryClient.ensureQueryData(homePageHomesQuery(ctx.data)),
          ctx.queryClient.ensureQueryData(experiencesQuery(ctx.data)),
        ]),
      );
    },
    allHomes: (args: LoaderFunctionArgs) => {
      const ctx = contextOf(args, built);
      return settle(ctx, firstGridPage(ctx, ALL_HOMES_FILTER));
    },
    search: (args: LoaderFunctionArgs) => {
      const ctx = contextOf(args, built);
      const { filter } = searchFromParams(new URL(args.request.url).searchParams, calendarDate(new Date()));
      return settle(ctx, firstGridPage(ctx, filter));
    },
    details: async (args: LoaderFunctionArgs) => {
      const ctx = contextOf(args, built);
      const id = args.params.id ?? '';
      const work = ctx.queryClient.ensureQueryData(homeDetailQuery(id, ctx.data));
      // The reviews' first page beside the home, so the page arrives with them; they are not the
      // page's subject: if they fail, the page shows without them and the browser asks again.
      const reviews = ctx.queryClient.ensureInfiniteQueryData(homeReviewsQuery(id, ctx.data)).catch(() => {
        // On the server: render them as still loading, as the browser starts (it then fetches
        // them); in the browser the reviews' own query shows the failure with its Retry.
        if (ctx.wait) ctx.queryClient.removeQueries({ queryKey: homeReviewsQuery(id).queryKey, exact: true });
      });
      try {
        await Promise.all([settle(ctx, work), ctx.wait ? reviews : null]);
        return null;
      } catch (error) {
        // 404 unknown id; 400 an id the server cannot even read: both are "not found" to a visitor.
        if (isApiError(error) && (error.status === 404 || error.status === 400)) {
          return data<NotFoundData>({ notFound: true }, { status: 404 });
        }
        throw error;
      }
    },
    /** Any other path: the wrong-path page, answered with status 404. */
    notFound: () => data(null, { status: 404 }),
  };
}
