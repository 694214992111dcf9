// Benchmark of the catalogue import (issue 20): dry run and apply of a 10,000-item workbook (with an attribute and a formula per item) and of a 10,000-row CSV, on a fresh PGlite through app.inject, with the memory it took.
import ExcelJS from 'exceljs';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import type { CatalogImportReport } from '@costory/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createPgliteDatabase } from '../apps/server/src/db/database';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { accessTokenFor, bearer } from '../apps/server/test/helpers/tokens';
import { xsrfHeaders } from '../apps/server/test/helpers/xsrf';
import { generateCatalog } from './catalog-data';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const ORIGIN = 'http://localhost:3000';

/** A workbook of ITEMS items in the template's shape; `suffix` changes every name. */
async function workbook(suffix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Roles').addRows([
    ['code', 'name.en', 'unit', 'price'],
    ['DEV', 'Developer', 'MANDAYS', 850.5],
  ]);
  const codes = Array.from(
    { length: ITEMS },
    (_, index) => `ITEM-${String(index).padStart(5, '0')}`,
  );
  book
    .addWorksheet('Items')
    .addRows([
      ['code', 'name.en', 'name.cs', 'group', 'phase', 'repeatable'],
      ...codes.map((code, index) => [
        code,
        `Item ${index}${suffix}`,
        `Položka ${index}`,
        `G${index % 10}-${index % 5}`,
        'DESIGN',
        index % 2 === 0,
      ]),
    ]);
  book
    .addWorksheet('Attributes')
    .addRows([
      ['item', 'code', 'level', 'type', 'name.en', 'mandatory', 'default', 'minimum'],
      ...codes.map((code) => [code, 'area', 1, 'NUMBER', 'Area', false, 10, 0]),
    ]);
  book
    .addWorksheet('Formulas')
    .addRows([
      ['item', 'role', 'level', 'name', 'expression'],
      ...codes.map((code) => [code, 'DEV', 1, 'Work', 'area * 0.1']),
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function csv(suffix: string): Buffer {
  const lines = ['code;name.en;name.cs'];
  for (let index = 0; index < ITEMS; index += 1) {
    lines.push(`ITEM-${String(index).padStart(5, '0')};Item ${index}${suffix};Položka ${index}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function main(): Promise<void> {
  const client = await PGlite.create();
  const database = createPgliteDatabase(client);
  await migrateDatabase(database);
  const generated = await generateCatalog(database.db, 0);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: ORIGIN }),
    seedDemo: false,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  const headers = {
    ...bearer(await accessTokenFor(database.db, ORIGIN, generated.adminId)),
    ...xsrfHeaders(),
    'content-type': 'application/octet-stream',
  };
  const url = `/api/v1/catalogs/${generated.catalogId}/imports`;

  const results: { scenario: string; ms: number; heapMb: number; report: string }[] = [];
  async function run(scenario: string, file: Buffer, query: string): Promise<void> {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `${url}?${query}`,
      headers,
      payload: file,
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (response.statusCode !== 200)
      throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
    const report = response.json<CatalogImportReport>();
    if (report.problemCount > 0)
      throw new Error(`${scenario}: ${JSON.stringify(report.problems.slice(0, 3))}`);
    const counts = report.sheets
      .map((sheet) => `${sheet.sheet} +${sheet.created} ~${sheet.updated} =${sheet.unchanged}`)
      .join(', ');
    results.push({
      scenario,
      ms,
      heapMb: peak / 1024 / 1024,
      report: `${report.applied ? 'applied' : 'not applied'}; ${counts}`,
    });
  }

  const first = await workbook('');
  const renamed = await workbook(' (renamed)');
  console.log(
    `\nCatalogue import: ${ITEMS.toLocaleString('en')} items with an attribute and a formula each (.xlsx ${(first.length / 1024).toFixed(0)} KB), PGlite in memory, Node ${process.version}\n`,
  );
  await run('dry run, new catalogue (.xlsx)', first, 'apply=false&fileName=items.xlsx');
  await run('apply, new catalogue (.xlsx)', first, 'apply=true&fileName=items.xlsx');
  await run('dry run, same file again (.xlsx)', first, 'apply=false&fileName=items.xlsx');
  await run('dry run, every name changed (.xlsx)', renamed, 'apply=false&fileName=items.xlsx');
  await run('apply, every name changed (.xlsx)', renamed, 'apply=true&fileName=items.xlsx');
  const plain = csv(' (csv)');
  await run(
    `dry run, CSV of names (${(plain.length / 1024).toFixed(0)} KB)`,
    plain,
    'apply=false&fileName=items.csv',
  );
  await run('apply, CSV of names', plain, 'apply=true&fileName=items.csv');

  const width = Math.max(...results.map((result) => result.scenario.length));
  console.log(
    `${'scenario'.padEnd(width)}  ${'ms'.padStart(8)}  ${'peak heap MB'.padStart(12)}  report`,
  );
  for (const result of results) {
    console.log(
      `${result.scenario.padEnd(width)}  ${result.ms.toFixed(0).padStart(8)}  ${result.heapMb.toFixed(0).padStart(12)}  ${result.report}`,
    );
  }
  await app.close();
  await client.close();
}

await main();
