/**
 * An answer that is HTTP itself, not a rule of the domain: a request in the wrong transport shape
 * (415), a webhook that cannot be checked, a database refusal mapped to a status. Everything a
 * route or service refuses for a domain reason is a DomainError (#server/domain-errors): one
 * vocabulary of factories (`invalid`, `forbidden`, `notFound`, `conflict` ...), for routes and services.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
