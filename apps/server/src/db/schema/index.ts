// Every table of the database; drizzle-kit generates the SQL migrations from this module.
export * from './companies';
export * from './users';
export * from './email-confirmations';
export * from './outbox-mails';
export * from './sign-in-devices';
export * from './audit-events';
export * from './oidc';
export * from './catalogs';
export * from './stories';
export * from './partner-companies';
export * from './lineups';
export * from './rate-limits';
export * from './export-jobs';
export * from './story-versions';
export * from './api-tokens';
