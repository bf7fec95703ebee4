/** The worker-thread side of feed-parse-pool.ts: reads each feed it is sent with parseFeed and answers what came of it. */
import { parentPort } from 'node:worker_threads';
import { FeedParseError, parseFeed } from './feed-parse';
import type { ParseAnswer, ParseRequest } from './feed-parse-pool';

const port = parentPort;
if (!port) throw new Error('feed-parse-thread runs only as a worker thread (feed-parse-pool.ts starts it)');

port.on('message', ({ text, today }: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { ranges: parseFeed(text, today) };
  } catch (err) {
    answer =
      err instanceof FeedParseError
        ? { refused: { code: err.code, message: err.message } }
        : { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(answer);
});
// The parent hands out work only once the modules above are loaded, so the deadline is the parse's alone.
port.postMessage('ready');
