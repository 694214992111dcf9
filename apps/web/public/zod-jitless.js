// zod's settings, read from this global when zod loads. A classic script at the end of the body
// runs before any module script, so no schema is built without them: jitless, zod never probes
// `new Function`, which the page's CSP (no 'unsafe-eval') reports as a violation. The probe runs
// when the first object schema is built, as the chunk holding the shared schemas loads, before
// any code of the app could call z.config().
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
