// s3rver ships no types; only what src/server/test/s3-server.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's flag: no console.error for errors it handles. */
    silent: boolean;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
