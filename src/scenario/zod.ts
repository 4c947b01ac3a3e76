/**
 * zod, configured once for everything that builds or runs schemas: import `z` from here, never
 * from 'zod' directly. `jitless` keeps zod from compiling parsers with `new Function` and from
 * probing whether it may — the app's Content-Security-Policy forbids eval, and a strict policy
 * reports even the caught probe as a violation. It must be set before any schema is built
 * (zod decides per object schema at construction), which importing `z` from here guarantees.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
