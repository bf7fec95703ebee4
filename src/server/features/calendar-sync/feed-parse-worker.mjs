// The entry of a feed-parser thread (feed-parse-pool.ts).
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// The lowest CPU priority (nice 19), for this thread (and threads it starts) only: on Linux the nice value
// is per thread (man 2 setpriority), so the server's requests get the CPU before a feed being
// read. Elsewhere it would lower the whole process, so it is not done there.
if (process.platform === 'linux') {
  try {
    setPriority(19);
  } catch {
    // Not allowed here: the thread reads at normal priority, still off the event loop.
  }
}
// A worker thread starts without the TypeScript loader its parent runs under (tsx for the
// server, Vite's transform in tests), so it registers tsx itself before the TypeScript side.
register();
await import('./feed-parse-thread.ts');
