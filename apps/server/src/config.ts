// Server settings, read from environment variables only and validated once at start.
import { resolve } from 'node:path';
import { z } from 'zod';
import { OIDC_CLIENT_ID } from '@costory/shared';
import { DEMO_USER_PASSWORD } from './db/demo-account';
import { defaultDataDir, defaultWebDistDir } from './paths';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe('postgres://user:password@host:5432/database'),
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('smtp://user:password@mail.example.com:587 or smtps://…:465'),
  MAIL_FROM: z.string().min(3).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  API_DOCS: booleanFlag.optional(),
  REGISTRATIONS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  JOB_WORKERS: booleanFlag.default(true),
  METRICS: booleanFlag.default(false),
  EXPORT_JOB_ROWS: z.coerce.number().int().min(1).default(2000),
  CALCULATION_THREAD_INSTANCES: z.coerce.number().int().min(0).default(2000),
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).optional(),
});

export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = (typeof NODE_ENVS)[number];

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; unused when `databaseUrl` is set. */
  dataDir: string;
  /** When set, the server uses this PostgreSQL server instead of PGlite. */
  databaseUrl: string | undefined;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** Folder of the built SPA that the server serves outside /api. */
  webDistDir: string;
  /**
   * The address users reach the app at (e.g. https://costory.example.com), without a trailing
   * slash: the sign-in issuer is `<publicOrigin>/auth`, mail links start with it, and cookies are
   * marked Secure when it is https. Defaults to http://localhost:PORT.
   */
  publicOrigin: string;
  /** Load demo data into a database that has just been created (off in production unless asked). */
  seedDemo: boolean;
  /** The demo user's password: the published one, except in production (DEMO_PASSWORD). */
  demoPassword: string;
  /** Mails go out through this SMTP server; without it they stay in the outbox (see /dev/mailbox). */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /** An external OpenID Connect issuer to sign in with instead of the built-in one. */
  oidcIssuer: string | undefined;
  /** The SPA's client id at the issuer (the built-in issuer's is always OIDC_CLIENT_ID). */
  oidcClientId: string;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Serve Swagger UI and the OpenAPI document at /api/docs (off in production unless asked). */
  apiDocs: boolean;
  /**
   * Registrations and confirmation resends one client address may ask for in an hour (decision
   * 0026); raise it when many people register from behind one address.
   */
  registrationsPerClient: number;
  /** Whether this process works background jobs (mail, recalculation); every process sends them. */
  jobWorkers: boolean;
  /** Serve Prometheus metrics at /metrics. */
  metrics: boolean;
  /**
   * Exports of reports with at least this many table rows render as background jobs (202 and a
   * job to poll); smaller ones are answered at once.
   */
  exportJobRows: number;
  /**
   * Stories of at least this many instances are calculated (and their lineups priced) on the
   * calculation thread, off the main thread; smaller ones at once (0: all on the thread).
   */
  calculationThreadInstances: number;
  /**
   * API requests one process works on at once (256 on PostgreSQL, 64 on PGlite); one more is
   * answered 503 with Retry-After at once instead of waiting behind them (0: no limit).
   */
  maxRequestsInFlight: number;
}

/** The shortest demo password production accepts. */
export const DEMO_PASSWORD_MIN_LENGTH = 12;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=` in a compose file) means "not set", not "invalid".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const vars = parsed.data;
  if (vars.OIDC_CLIENT_ID !== undefined && vars.OIDC_ISSUER === undefined) {
    // The built-in issuer has one fixed client; a client id alone would silently be ignored.
    throw new ConfigError('Invalid environment: OIDC_CLIENT_ID: set it together with OIDC_ISSUER');
  }
  const production = vars.NODE_ENV === 'production';
  const seedDemo = vars.SEED_DEMO ?? !production;
  if (production && seedDemo) {
    // The published demo password would be a known way into a production install.
    const password = vars.DEMO_PASSWORD ?? '';
    if (password.length < DEMO_PASSWORD_MIN_LENGTH || password === DEMO_USER_PASSWORD) {
      throw new ConfigError(
        `Invalid environment: DEMO_PASSWORD: with SEED_DEMO in production, set a demo password of at least ${DEMO_PASSWORD_MIN_LENGTH} characters other than the published one`,
      );
    }
  }
  const publicOrigin = new URL(vars.PUBLIC_ORIGIN ?? `http://localhost:${vars.PORT}`).origin;
  return {
    port: vars.PORT,
    host: vars.HOST,
    // Relative paths given by the operator follow the working directory, as with any CLI;
    // the defaults sit beside the server package so that `node dist/main.js` works from anywhere.
    dataDir: vars.DATA_DIR ? resolve(vars.DATA_DIR) : defaultDataDir(),
    databaseUrl: vars.DATABASE_URL,
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.WEB_DIST_DIR ? resolve(vars.WEB_DIST_DIR) : defaultWebDistDir(),
    publicOrigin,
    seedDemo,
    demoPassword: vars.DEMO_PASSWORD ?? DEMO_USER_PASSWORD,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `Costory <no-reply@${new URL(publicOrigin).hostname}>`,
    oidcIssuer: vars.OIDC_ISSUER?.replace(/\/+$/, ''),
    oidcClientId: vars.OIDC_CLIENT_ID ?? OIDC_CLIENT_ID,
    trustProxy: vars.TRUST_PROXY,
    // The document maps every endpoint for whoever asks; a production install opts in.
    apiDocs: vars.API_DOCS ?? !production,
    registrationsPerClient: vars.REGISTRATIONS_PER_CLIENT,
    jobWorkers: vars.JOB_WORKERS,
    metrics: vars.METRICS,
    exportJobRows: vars.EXPORT_JOB_ROWS,
    calculationThreadInstances: vars.CALCULATION_THREAD_INSTANCES,
    // PGlite answers one query at a time in this process: a shorter queue keeps waits short.
    maxRequestsInFlight: vars.MAX_REQUESTS_IN_FLIGHT ?? (vars.DATABASE_URL ? 256 : 64),
  };
}
