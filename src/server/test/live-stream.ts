/**
 * A client of GET /api/conversations/stream over a real socket, for tests of the live stream:
 *
 *   const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
 *   const stream = await openStream(base, guest);
 *   await stream.until(/event: ready/);
 *   await stream.cancel();
 */
import type { SignedIn } from './test-app';

export interface LiveStreamClient {
  /** Everything received so far. */
  text(): string;
  /** Waits until the received text matches. */
  until(pattern: RegExp, ms?: number): Promise<string>;
  /** Resolves when the server ends the answer (or the test cancels it). */
  ended: Promise<void>;
  /** True once `ended` has resolved. */
  isEnded(): boolean;
  cancel(): Promise<void>;
  response: Response;
}

export async function openStream(base: string, who: SignedIn | null): Promise<LiveStreamClient> {
  const response = await fetch(`${base}/api/conversations/stream`, {
    headers: { ...(who?.headers ?? {}), 'accept-encoding': 'gzip, br' },
  });
  let received = '';
  let done = false;
  // Called after every chunk and at the end: `until` waits on these instead of polling.
  const onChange = new Set<() => void>();
  const changed = () => onChange.forEach((listener) => listener());
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      received += decoder.decode(chunk.value, { stream: true });
      changed();
    }
    done = true;
    changed();
  })();
  return {
    response,
    text: () => received,
    ended,
    isEnded: () => done,
    async until(pattern, ms = 5_000) {
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(received) && !done) return;
          onChange.delete(check);
          clearTimeout(deadline);
          if (pattern.test(received)) resolve();
          else reject(new Error(`stream ended without matching ${pattern}; got:\n${received}`));
        };
        const deadline = setTimeout(() => {
          onChange.delete(check);
          reject(new Error(`stream never matched ${pattern}; got:\n${received}`));
        }, ms);
        onChange.add(check);
        check();
      });
      return received;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
