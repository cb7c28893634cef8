// Zod probes for eval (new Function) on its first parse to compile a faster path. In the browser
// our CSP forbids eval, and the probe is reported as a CSP violation even though zod then does
// without; the compiled path is not worth that, on either side. Every shared module that defines
// zod shapes imports this first, so it holds whichever of them a page loads (the first page loads
// none: e2e/client-bundle.e2e.ts).
import { z } from "zod";

z.config({ jitless: true });
