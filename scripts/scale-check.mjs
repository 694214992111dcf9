// npm run scale:check: builds the server, then runs the scale check (apps/server/test/scale) against the built server on the local PostgreSQL, printing its figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const databaseUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((path) => existsSync(path))) {
  console.error('The scale check needs nginx: apt-get install -y nginx-light');
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npm', ['run', 'build', '-w', '@costory/server']);
run('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/scale'], {
  TEST_PG_URL: databaseUrl,
  COSTORY_SERVER_ENTRY: 'dist',
});
