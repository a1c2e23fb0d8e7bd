import { z } from 'zod/v4';

/**
 * The browser's zod: every `import … from 'zod'` of the client build resolves here (vite.config.ts), so this
 * runs before any schema exists. zod's JIT compiles object parsers with `new Function`, and probes for it
 * with `new Function('')` when a schema is built: an `eval` the pages' CSP (script-src 'self') refuses and
 * Chromium reports as a violation even though zod catches it. Jitless parsing is what zod falls back to
 * under that CSP anyway. The server is not bundled by Vite and keeps the JIT.
 */
z.config({ jitless: true });

export * from 'zod/v4';
