/**
 * A local HTTP server for the calendar import tests: serves .ics bodies (or redirects, errors,
 * slow or huge answers) at paths the test sets, with ETag / Last-Modified and 304 answers to
 * conditional requests like a real calendar host, and records what it was asked.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FeedRoute {
  status?: number;
  /** Text, or bytes (a picture, a compressed file) for answers that are not a calendar. */
  body?: string | Buffer;
  etag?: string;
  lastModified?: string;
  headers?: Record<string, string>;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
}

export interface FeedServer {
  url: (path: string) => string;
  set: (path: string, route: FeedRoute) => void;
  /** The requests received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders; status: number }[];
  close: () => Promise<void>;
}

export async function startFeedServer(host = '127.0.0.1'): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>();
  const requests: FeedServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const route = routes.get(path);
    const answer = () => {
      if (!route) {
        requests.push({ path, headers: req.headers, status: 404 });
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      const fresh =
        (route.etag && req.headers['if-none-match'] === route.etag) ||
        (!route.etag && route.lastModified && req.headers['if-modified-since'] === route.lastModified);
      const status = fresh ? 304 : (route.status ?? 200);
      requests.push({ path, headers: req.headers, status });
      const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8', ...route.headers };
      if (route.etag) headers.etag = route.etag;
      if (route.lastModified) headers['last-modified'] = route.lastModified;
      res.writeHead(status, headers);
      res.end(status === 304 ? undefined : (route.body ?? ''));
    };
    if (route?.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${host}:${port}${path}`,
    set: (path, route) => routes.set(path, route),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
