/**
 * Zod 4 probes `new Function('')` the first time an object schema parses, to decide whether to
 * compile its parsers. Our Content-Security-Policy has no 'unsafe-eval' (and must not), so in the
 * browser that probe is a CSP violation Chrome reports as an issue (Lighthouse best practices on
 * /details/:id). The client's parses are few and small: it runs zod without compiled parsers, set
 * through zod's public `config` (the core module only, so the root chunk gains a few hundred bytes,
 * not zod). The root layout imports this module, which the entry evaluates before any page parses.
 * Not on the server: there compiled parsers are worth having.
 */
import { config } from 'zod/v4/core';

if (typeof window !== 'undefined') config({ jitless: true });

export {};
