/**
 * Zod 4 probes `new Function('')` the first time an object schema parses, to decide whether to
 * compile its parsers. Our Content-Security-Policy has no 'unsafe-eval' (and must not), so in the
 * browser that probe is a CSP violation Chrome reports as an issue (Lighthouse best practices on
 * /details/:id). The client's parses are few and small: it runs zod without compiled parsers.
 * Zod takes its settings object from this global when it loads, so this module is imported by the
 * root layout, which the entry evaluates before any page chunk (and zod) loads. Not on the server:
 * there compiled parsers are worth having.
 * Why not zod's public `config({ jitless: true })`: importing it puts zod's core (3.7 KiB gzip,
 * measured 2026-11-26) into the root chunk every page loads first, while zod itself loads only with
 * the pages that parse. This global is the object `config` writes to; zod reads it when it loads.
 */
if (typeof window !== 'undefined') {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
}

export {};
