/**
 * The homes API's schemas, one file per group, re-exported here so that importers name one module.
 * In this order, the order they were declared in when they were one file (the OpenAPI document's
 * components follow it):
 * - home-response.ts: the Home it answers;
 * - home-limits.ts: the limits its fields are checked against;
 * - home-search-query.ts: the search's query (GET /api/homes);
 * - home-write.ts: the create and edit bodies (POST /api/homes, PUT /api/home/:id).
 */
export * from './home-response';
export * from './home-limits';
export * from './home-search-query';
export * from './home-write';
