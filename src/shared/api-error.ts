/**
 * An API failure as the public pages see it: the HTTP status and the `{ error: { code, message } }`
 * body (status 0: no answer). Shared because the pages' loaders run on both sides: the browser reads
 * it from a response, the server render (src/server/features/ssr) throws it from the services' refusals.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
