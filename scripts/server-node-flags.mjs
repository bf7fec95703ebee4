// The Node options of a server process, wherever it runs as in production: `npm start`
// (package.json), the image (deploy/Dockerfile) and the bench's server (bench/). Node reads them
// only on its command line or in NODE_OPTIONS, before the heap exists, so start.mjs cannot set them
// itself. server-node-flags.test.ts holds package.json and the Dockerfile to this list.
//
// A 64 MB semi-space (ADR 0079): with V8's default of 16 MB, a search under load filled the young
// generation every 40 ms, and the pages still in flight were copied at each scavenge.
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=64']);
