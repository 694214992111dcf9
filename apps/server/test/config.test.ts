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
      publicOrigin: 'http://localhost:3000',
      seedDemo: true,
      demoPassword: 'Demo1234',
      smtpUrl: undefined,
      mailFrom: 'Costory <no-reply@localhost>',
      oidcIssuer: undefined,
      oidcClientId: 'costory-web',
      trustProxy: false,
      apiDocs: true,
      registrationsPerClient: 20,
      jobWorkers: true,
      metrics: false,
      exportJobRows: 2000,
      calculationThreadInstances: 2000,
      maxRequestsInFlight: 64,
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
      SMTP_URL: 'smtp://mailer:secret@mail.internal:587',
      MAIL_FROM: 'Costory <hello@example.com>',
      OIDC_ISSUER: 'https://login.example.com/realms/costory/',
      OIDC_CLIENT_ID: 'costory-spa',
      TRUST_PROXY: 'true',
      API_DOCS: 'true',
      REGISTRATIONS_PER_CLIENT: '200',
      JOB_WORKERS: 'false',
      METRICS: 'true',
      EXPORT_JOB_ROWS: '500',
      CALCULATION_THREAD_INSTANCES: '0',
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
      smtpUrl: 'smtp://mailer:secret@mail.internal:587',
      mailFrom: 'Costory <hello@example.com>',
      oidcIssuer: 'https://login.example.com/realms/costory',
      oidcClientId: 'costory-spa',
      trustProxy: true,
      apiDocs: true,
      registrationsPerClient: 200,
      jobWorkers: false,
      metrics: true,
      exportJobRows: 500,
      calculationThreadInstances: 0,
    });
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith(join('var', 'costory'))).toBe(true);
  });

  it('serves the API documentation outside production, and in production only when asked', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('loads no demo data in production unless asked, and then never with the published password', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /DEMO_PASSWORD/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: 'Demo1234' }),
    ).toThrow(/DEMO_PASSWORD/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: 'short1' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: 'a-long-private-1' }),
    ).toMatchObject({ seedDemo: true, demoPassword: 'a-long-private-1' });
  });

  it('derives PUBLIC_ORIGIN from PORT and the sender from PUBLIC_ORIGIN', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({
      publicOrigin: 'http://localhost:8080',
      mailFrom: 'Costory <no-reply@localhost>',
    });
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://costory.example.com/app' })).toMatchObject({
      publicOrigin: 'https://costory.example.com',
      mailFrom: 'Costory <no-reply@costory.example.com>',
    });
  });

  it('refuses OIDC_CLIENT_ID without OIDC_ISSUER, and mail servers that are not SMTP', () => {
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
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
