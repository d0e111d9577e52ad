import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that by calling it. The shell's
 * Content-Security-Policy allows no eval: the browser entry parses without compiling, so no probe is refused.
 */
z.config({ jitless: true });
