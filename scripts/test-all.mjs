// Runs every check of the project (lint, types, unit, API on PGlite and PostgreSQL, end-to-end)
// and ends with one summary line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const only = process.argv.slice(2);
const results = [];

/** Runs a command with the environment plus `env`; a variable set to undefined is removed. */
function run(command, args, env = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const merged = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: merged });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: child.status === 0, seconds };
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function step(name, fn) {
  if (only.length > 0 && !only.includes(name)) return;
  results.push({ name, ...fn() });
}

function check(command, args) {
  const { ok, seconds } = run(command, args);
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds };
}

function vitest(label, args, env = {}) {
  const out = join(tmp, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const { ok, seconds } = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  const report = readJson(out);
  if (!report) return { passed: 0, failed: 1, seconds, note: 'no report' };
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  return { passed: report.numPassedTests, failed, seconds };
}

function playwright() {
  const build = run('npm', ['run', 'build']);
  if (!build.ok) return { passed: 0, failed: 1, seconds: build.seconds, note: 'build failed' };
  const out = join(tmp, 'playwright.json');
  rmSync(out, { force: true });
  const { ok, seconds } = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson(out);
  if (!report) return { passed: 0, failed: 1, seconds, note: 'no report' };
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
  const failed = unexpected + (ok || unexpected > 0 ? 0 : 1);
  return { passed: expected + flaky, failed, seconds };
}

step('lint', () => check('npx', ['eslint', '.', '--max-warnings=0']));
step('format', () => check('npx', ['prettier', '--check', '.']));
step('typecheck', () => check('npm', ['run', 'typecheck']));
step('unit', () =>
  vitest('unit', ['--project', 'shared', '--project', 'calc', '--project', 'web']),
);
// The first API pass is the embedded PGlite: TEST_PG_URL (which .ci/run exports for the second
// pass) must not reach it, or both passes would run on PostgreSQL.
step('api', () => vitest('api', ['--project', 'server'], { TEST_PG_URL: undefined }));
if (process.env.TEST_PG_URL) {
  step('api-postgres', () => vitest('api-postgres', ['--project', 'server']));
}
step('e2e', () => playwright());

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(13)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s${r.note ? `  (${r.note})` : ''}`,
  );
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(tmp, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
