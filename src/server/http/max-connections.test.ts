/**
 * MAX_CONNECTIONS (issue 24): beyond it a new connection is dropped at once, while the
 * connections already accepted are served; a closed one makes room again.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

const t = useTestApp(() => ({ maxConnections: 2 }));
let port = 0;
const sockets: Socket[] = [];

/** A raw connection; `ask` sends GET /api/health and resolves with the answer's text ('' when the server closed it unanswered). */
async function open() {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    isClosed: () => closed,
    async ask() {
      if (!closed) socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await expect.poll(() => closed || /\r\n\r\n\{"ok":true\}/.test(received), { timeout: 5_000 }).toBe(true);
      return received;
    },
  };
}

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => {
  for (const s of sockets) s.destroy();
});

describe('MAX_CONNECTIONS', () => {
  it('drops connections beyond it, serves the accepted ones, and takes new ones once one closes', async () => {
    const first = await open();
    const second = await open();
    const third = await open();
    await expect.poll(() => third.isClosed(), { timeout: 5_000 }).toBe(true);
    expect(await third.ask()).toBe('');

    expect(await first.ask()).toMatch(/^HTTP\/1\.1 200/);
    second.socket.destroy();
    await expect.poll(async () => (await open()).ask(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200/);
  });
});
