// Server settings, read from environment variables only and validated once at start.
import { resolve } from 'node:path';
import { z } from 'zod';
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
  SEED_DEMO: booleanFlag.default(true),
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
  /** The address users reach the app at (e.g. https://costory.example.com), when it differs from HOST:PORT. */
  publicOrigin: string | undefined;
  /** Load demo data into a database that has just been created. */
  seedDemo: boolean;
}

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
    publicOrigin: vars.PUBLIC_ORIGIN?.replace(/\/+$/, ''),
    seedDemo: vars.SEED_DEMO,
  };
}
