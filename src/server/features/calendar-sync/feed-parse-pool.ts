/**
 * Imported feeds are read in worker threads, never on the event loop: reading is CPU work a host
 * chooses the size of (node-ical parses every line and expands every RRULE synchronously; a
 * 2 MB feed took seconds, a 3 KB one with SECONDLY rules minutes; ADR 0028). At most MAX_THREADS
 * read at once; each feed has a deadline after which its thread is terminated, and a memory limit.
 * Threads are kept for the next feed and end after IDLE_MS without work; an idle thread does
 * not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { FeedParseError, type FeedRange } from './feed-parse';

/** How long reading one feed may take (its fetch has its own deadline, feed-fetch.ts). */
const FEED_PARSE_TIMEOUT_MS = 10_000;
/** Threads reading feeds at once in one process (each at the lowest CPU priority on Linux, feed-parse-worker.mjs). */
const MAX_THREADS = 2;
/** Feeds waiting for a thread; past this a sync fails at once instead of queueing more bodies. */
const MAX_WAITING = 100;
const IDLE_MS = 30_000;
const START_TIMEOUT_MS = 60_000;
const MEMORY_MB = 256;
const ENTRY = new URL('./feed-parse-worker.mjs', import.meta.url);

export interface ParseRequest {
  text: string;
  today: string;
}
export type ParseAnswer = { ranges: FeedRange[] } | { refused: { code: string; message: string } } | { failed: string };

interface Job extends ParseRequest {
  timeoutMs: number;
  resolve: (ranges: FeedRange[]) => void;
  reject: (err: Error) => void;
}
interface Thread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
  gone: boolean;
}

const idle: Thread[] = [];
const waiting: Job[] = [];
let live = 0;

function forget(thread: Thread): void {
  if (thread.gone) return;
  thread.gone = true;
  live--;
  clearTimeout(thread.idleTimer);
  const i = idle.indexOf(thread);
  if (i >= 0) idle.splice(i, 1);
  void thread.worker.terminate();
}

function startThread(): Promise<Thread> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
    const thread: Thread = { worker, gone: false };
    let started = false;
    const fail = (err: Error) => {
      clearTimeout(timer);
      forget(thread);
      if (!started) reject(err);
    };
    const timer = setTimeout(() => fail(new Error('the feed parser thread did not start in time')), START_TIMEOUT_MS);
    // Without a listener an 'error' event would end the process; the job running (if any) gets it from runOn.
    worker.on('error', (err) => fail(err));
    // A thread that ends on its own (crash, out of memory) is never handed work again.
    worker.once('exit', (code) => fail(new Error(`the feed parser thread stopped (exit code ${code})`)));
    worker.once('message', () => {
      started = true;
      clearTimeout(timer);
      resolve(thread);
    });
  });
}

const timedOut = (ms: number) =>
  new FeedParseError(
    'parse_timeout',
    `This calendar took more than ${ms / 1000} seconds to read, so StayHub stopped reading it. Nothing was imported from it.`,
  );
const outOfMemory = () =>
  new FeedParseError('too_complex', 'This calendar needs too much memory to read. Nothing was imported from it.');

type Outcome = { ranges: FeedRange[] } | { error: Error; threadLost: boolean };

/** Reads the job's feed on the thread, within the job's deadline. */
function runOn(thread: Thread, job: Job): Promise<Outcome> {
  const { worker } = thread;
  return new Promise((done) => {
    const settle = (outcome: Outcome) => {
      clearTimeout(deadline);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      done(outcome);
    };
    const onMessage = (answer: ParseAnswer) =>
      settle(
        'ranges' in answer
          ? { ranges: answer.ranges }
          : 'refused' in answer
            ? { error: new FeedParseError(answer.refused.code, answer.refused.message), threadLost: false }
            : { error: new Error(`reading the feed failed in its thread: ${answer.failed}`), threadLost: false },
      );
    const onError = (err: Error & { code?: string }) =>
      settle({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : err, threadLost: true });
    const onExit = (code: number) =>
      settle({ error: new Error(`the feed parser thread stopped (exit code ${code})`), threadLost: true });
    // The hard stop: whatever the thread is doing, it is terminated (by forget, in work).
    const deadline = setTimeout(() => settle({ error: timedOut(job.timeoutMs), threadLost: true }), job.timeoutMs);
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
    worker.postMessage({ text: job.text, today: job.today } satisfies ParseRequest);
  });
}

async function work(job: Job, reuse: Thread | undefined): Promise<void> {
  let thread: Thread;
  try {
    thread = reuse ?? (await startThread());
  } catch (err) {
    job.reject(err instanceof Error ? err : new Error(String(err)));
    pump();
    return;
  }
  clearTimeout(thread.idleTimer);
  thread.worker.ref();
  const outcome = await runOn(thread, job);
  // The thread is back in the pool before the caller hears, so a feed it sends next reuses it.
  if ('error' in outcome && outcome.threadLost) forget(thread);
  else if (!thread.gone) {
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => forget(thread), IDLE_MS).unref();
    idle.push(thread);
  }
  if ('error' in outcome) job.reject(outcome.error);
  else job.resolve(outcome.ranges);
  pump();
}

function pump(): void {
  while (waiting.length && (idle.length || live < MAX_THREADS)) {
    const reuse = idle.pop();
    if (!reuse) live++;
    void work(waiting.shift()!, reuse);
  }
}

/** parseFeed(text, today) in a feed-parser thread, refused with `parse_timeout` after `timeoutMs`. */
export function parseFeedOffThread(
  text: string,
  today: string,
  timeoutMs = FEED_PARSE_TIMEOUT_MS,
): Promise<FeedRange[]> {
  if (waiting.length >= MAX_WAITING) {
    return Promise.reject(
      new FeedParseError('busy', 'StayHub is reading many calendars right now. It will try this one again later.'),
    );
  }
  return new Promise((resolve, reject) => {
    waiting.push({ text, today, timeoutMs, resolve, reject });
    pump();
  });
}
