// Runs before any schema is built: zod then never probes `new Function`, which the page's CSP (no 'unsafe-eval') reports as a violation.
import { z } from 'zod';

z.config({ jitless: true });
