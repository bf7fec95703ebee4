/** The Node options of a server process (server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
