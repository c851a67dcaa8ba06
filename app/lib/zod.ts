import { z } from "zod";

/**
 * Zod, configured for a strict CSP: without `jitless` it probes `new Function()` to decide
 * whether to compile validators, which the browser reports as a CSP violation. Import `z` from
 * here, not from "zod", in code that can reach the browser.
 */
z.config({ jitless: true });

export { z };
