// Configuration from environment variables: defaults, conversions and clear refusals.
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { serverRoot } from '../src/paths';

describe('loadConfig', () => {
  it('has defaults that start the embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(serverRoot(), 'data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      logLevel: 'info',
      webDistDir: join(serverRoot(), '..', 'web', 'dist'),
      publicOrigin: undefined,
      seedDemo: true,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/costory',
      DATABASE_URL: 'postgres://costory:secret@db.internal:5432/costory',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/costory/web',
      PUBLIC_ORIGIN: 'https://costory.example.com/',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://costory:secret@db.internal:5432/costory',
      nodeEnv: 'production',
      logLevel: 'warn',
      webDistDir: '/srv/costory/web',
      publicOrigin: 'https://costory.example.com',
      seedDemo: false,
    });
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith(join('var', 'costory'))).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('refuses invalid values, naming each variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', SEED_DEMO: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT.*DATABASE_URL.*SEED_DEMO/);
  });
});
