import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (Redis), which a test can cut and restore
 * without touching the server itself (other tests share it):
 * - `cut('refuse')`: open connections are closed and new ones refused, as when Redis stopped;
 * - `cut('hang')`: nothing more passes either way and new connections are accepted but not
 *   served, as in a network partition (TCP holds the bytes: they flow on after `restore()`).
 */
export interface TcpProxy {
  port: number;
  /** `redis://127.0.0.1:<port>` */
  url: string;
  cut(mode: 'refuse' | 'hang'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  type Pair = { client: Socket; upstream: Socket | null };
  const pairs = new Set<Pair>();
  let state: 'open' | 'refuse' | 'hang' = 'open';

  const bridge = (pair: Pair) => {
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
  };
  const onConnection = (client: Socket) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (state === 'hang') client.pause();
    else bridge(pair);
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen(0);
  const port = (server.address() as { port: number }).port;

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async cut(mode) {
      state = mode;
      if (mode === 'refuse') {
        const closed = stopListening();
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        await closed;
      } else {
        for (const { client, upstream } of pairs) {
          if (!upstream) continue;
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        }
      }
    },
    async restore() {
      const was = state;
      state = 'open';
      if (was === 'refuse') {
        server = createServer(onConnection);
        await listen(port);
      } else if (was === 'hang') {
        for (const pair of pairs) {
          if (!pair.upstream) bridge(pair);
          else {
            pair.client.pipe(pair.upstream);
            pair.upstream.pipe(pair.client);
          }
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      if (server.listening) await stopListening();
    },
  };
}
