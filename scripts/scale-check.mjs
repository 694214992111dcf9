// npm run scale:check: builds the server, then runs the scale check (apps/server/test/scale) against the built server on the local PostgreSQL, restarting that server for real when it may, printing its figures.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const databaseUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((path) => existsSync(path))) {
  console.error('The scale check needs nginx: apt-get install -y nginx-light');
  process.exit(1);
}

/**
 * The Debian cluster ("15 main") serving the check's database when this user may restart it
 * (root, pg_ctlcluster present, the database on this machine): the check then stops and starts
 * the real PostgreSQL under load. Elsewhere it cuts the processes off at a proxy instead.
 */
function restartableCluster() {
  const url = new URL(databaseUrl);
  if (process.getuid?.() !== 0 || !['127.0.0.1', 'localhost'].includes(url.hostname)) return '';
  try {
    const port = url.port || '5432';
    const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
    const line = clusters
      .split('\n')
      .map((row) => row.trim().split(/\s+/))
      .find((columns) => columns[2] === port && columns[3] === 'online');
    return line ? `${line[0]} ${line[1]}` : '';
  } catch {
    return '';
  }
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
run('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/scale/scale-check.test.ts'], {
  TEST_PG_URL: databaseUrl,
  COSTORY_SERVER_ENTRY: 'dist',
  SCALE_CHECK_PG_CLUSTER: process.env.SCALE_CHECK_PG_CLUSTER ?? restartableCluster(),
});
// The kill -9 case on a PGlite folder: one process, no PostgreSQL.
run('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/scale/pglite-kill.test.ts'], {
  TEST_PG_URL: '',
  COSTORY_SERVER_ENTRY: 'dist',
});
