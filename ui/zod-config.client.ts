// Zod compiles its object parsers with `new Function` where it may, and probes for that on the
// first schema it builds. The browser's CSP has no 'unsafe-eval': the probe fails quietly, but
// Chromium still reports it as a violation (Lighthouse: best practices below 100). In the browser
// the forms validate a few fields, so the plain parsers cost nothing; the server keeps the
// compiled ones.
//
// The flag goes straight into the object zod keeps its configuration in (what `z.config()` writes,
// zod/v4/core/core.js), created here if zod has not loaded yet: importing `config` from zod would
// put 11 KB of zod into every page's root chunk for one flag. Imported first by app/root.tsx and the provider's game client's root,
// before any route module builds a schema; zod-config.client.test.ts checks that zod reads it.
const ZOD_CONFIG = '__zod_globalConfig'
const holder = globalThis as { [ZOD_CONFIG]?: { jitless?: boolean } }
;(holder[ZOD_CONFIG] ??= {}).jitless = true

/** The flag this module sets (its test reads it back through zod). */
export const jitless = true
