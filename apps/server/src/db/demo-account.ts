// The demo account's sign-in, known to the start-up settings, the seed and the sign-in page's hint.
export const DEMO_COMPANY_NAME = 'Costory Demo s.r.o.';
export const DEMO_USER_EMAIL = 'demo@costory.test';
// Published on purpose outside production: the sign-in page shows it while the demo user still
// uses it. Production refuses it (config.ts).
export const DEMO_USER_PASSWORD = 'Demo1234';
