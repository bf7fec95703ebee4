/**
 * `zod` in the browser build: vite.config.ts resolves the bare specifier `zod` to this module, which
 * turns zod's compiled parsers off through its public `config` and hands on the rest of zod unchanged.
 *
 * Why: zod 4 decides when it builds an object schema whether to compile that schema's parser, and
 * probes `new Function('')` to find out whether it may. Our Content-Security-Policy has no
 * 'unsafe-eval' (and must not), so in the browser that probe is a CSP violation Chrome reports as an
 * issue (Lighthouse best practices on /details/:id). With `jitless` zod never probes; the client's
 * parses are few and small. Not on the server (it does not go through Vite): there compiled parsers
 * are worth having.
 *
 * Why here and not a module the root layout imports first: every module that builds a schema imports
 * `zod`, so this module's body has run before any schema exists (ES modules evaluate a module's
 * imports before its body), whichever chunk loads first. Imported by the root layout instead, the
 * `config` call would put zod's core (core.js and util.js, +3.7 KiB gzip, measured) into the shell
 * chunk every page loads first; here zod's core stays in the chunks of the pages that parse.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
