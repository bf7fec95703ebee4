// The Node options of a server process, wherever it runs as in production: `npm start`
// (package.json), the image (deploy/Dockerfile) and the bench's server (bench/). Node reads them
// only on its command line, before the heap exists (it refuses the second in NODE_OPTIONS), so
// start.mjs cannot set them itself. server-node-flags.test.ts holds package.json and the
// Dockerfile to this list.
//
// ADR 0079: a 64 MB semi-space (with V8's 16 MB on Node 20, a search under load scavenged every
// 40 ms, copying the pages still in flight each time), and no allocation-site pretenuring (after a
// burst, V8 went on allocating the objects of sites whose objects had survived the burst straight
// into the old generation, which then grew by about 10 MB a second until a mark-compact).
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=64', '--no-allocation-site-pretenuring']);
