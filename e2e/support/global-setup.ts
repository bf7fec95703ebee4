// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../../scripts/client-build.mjs';
import { startServer } from './server';

/**
 * Builds the client if needed and starts the real server with demo data on a
 * free 127.0.0.1 port; every test gets it as baseURL. Stopped after the run.
 */
export default async function globalSetup() {
  buildClientIfStale();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => server.stop();
}
