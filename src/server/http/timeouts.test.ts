import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../app';
import { useTestApp } from '../test/test-app';

const t = useTestApp(() => ({ timeouts: { requestMs: 600, headersMs: 300, idleMs: 5_000, checkIntervalMs: 50 } }));

/** Opens a raw connection, writes `data` and never finishes; resolves when the server closes it. */
async function stall(data: string, giveUpMs = 4_000) {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const started = Date.now();
  return new Promise<{ closedAfterMs: number | null; answer: string }>((resolve) => {
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(data));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe('slow clients', () => {
  it('answers 408 and disconnects a client that sends half a body', async () => {
    const head =
      'POST /api/homes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const result = await stall(`${head}{"title":"half a bo`);
    expect(result.closedAfterMs, 'connection still open').not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(2_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('disconnects a client that never finishes its headers', async () => {
    const result = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(result.closedAfterMs, 'connection still open').not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(2_000);
  });

  it('still serves normal requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('has production deadlines by default: headers 10 s, whole request 60 s', () => {
    expect(DEFAULT_TIMEOUTS).toMatchObject({ headersMs: 10_000, requestMs: 60_000 });
    expect(t.app.server.requestTimeout).toBe(600);
    expect(t.app.server.headersTimeout).toBe(300);
  });
});
