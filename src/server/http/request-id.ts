import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming request id is kept only when it looks like one (no spaces, quotes or control characters). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the `x-request-id` a trusted proxy (TRUST_PROXY) sent, else a new UUID.
 * A client cannot choose the id its requests are logged under.
 */
export function requestIds(trustProxy: readonly string[] | undefined): (req: IncomingMessage) => string {
  const trusted = trustProxy?.length ? proxyAddr.compile([...trustProxy]) : null;
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (trusted && typeof incoming === 'string' && REQUEST_ID.test(incoming)) {
      const from = req.socket?.remoteAddress;
      if (from && trusted(from, 0)) return incoming;
    }
    return randomUUID();
  };
}
