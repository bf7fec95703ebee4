import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../../scripts/client-build.mjs';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Browser tests run against the built app served by the real server, with demo data. */
export default async function setup(project: TestProject) {
  buildClientIfStale();
  const server = await startServer();
  project.provide('baseURL', server.url);
  return () => server.stop();
}
