// Benchmark of story instances from a spreadsheet (issue 20 item 3): dry run and apply of a 5,000-row instance sheet (.xlsx and CSV) of a demo catalog item into empty stories, on a fresh PGlite through app.inject; the target is under 5 s each.
import ExcelJS from 'exceljs';
import { performance } from 'node:perf_hooks';
import { desc, eq } from 'drizzle-orm';
import type { InstanceImportReport } from '@costory/shared';
import { catalogItems, itemVersions } from '../apps/server/src/db/schema';
import { startStoryApiBench } from './story-api-kit';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);

async function main(): Promise<void> {
  const bench = await startStoryApiBench({ instances: 100, stories: 3 });
  const { app, database, generated, headers } = bench;
  const [item] = await database.db
    .select({ code: catalogItems.code })
    .from(catalogItems)
    .where(eq(catalogItems.id, generated.repeatableItemId));
  const [version] = await database.db
    .select({ attributes: itemVersions.attributes })
    .from(itemVersions)
    .where(eq(itemVersions.itemId, generated.repeatableItemId))
    .orderBy(desc(itemVersions.version))
    .limit(1);
  if (!item || !version) throw new Error('The generated stories have no repeatable item');
  const attributes = version.attributes.filter((attribute) => attribute.level === 1);
  const valueOf = (
    attribute: (typeof attributes)[number],
    index: number,
  ): string | number | boolean => {
    switch (attribute.type) {
      case 'NUMBER':
      case 'INTEGER': {
        const low = attribute.minimum ?? 1;
        const high = attribute.maximum ?? low + 20;
        return Math.min(high, low + (index % 20));
      }
      case 'BOOLEAN':
        return index % 2 === 0;
      case 'ENUM':
        return attribute.enumValues[0]?.code ?? '';
      case 'TEXT':
        return `Text ${index}`;
    }
  };
  const header = ['item', 'name', 'level', 'optional', ...attributes.map((a) => `value.${a.code}`)];
  const rows = Array.from({ length: ROWS }, (_, index) => [
    item.code,
    `Řádek ${index}`,
    1,
    index % 10 === 0,
    ...attributes.map((attribute) => valueOf(attribute, index)),
  ]);
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Instances').addRows([header, ...rows]);
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  const csv = Buffer.from(
    `${[header, ...rows].map((row) => row.map(String).join(';')).join('\r\n')}\r\n`,
    'utf8',
  );

  const results: { scenario: string; ms: number; report: string }[] = [];
  async function run(scenario: string, storyId: number, file: Buffer, query: string) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/stories/${storyId}/instances/imports?${query}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: file,
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
    const report = response.json<InstanceImportReport>();
    if (report.problemCount > 0)
      throw new Error(`${scenario}: ${JSON.stringify(report.problems.slice(0, 3))}`);
    results.push({
      scenario,
      ms,
      report: `${report.applied ? 'applied' : 'not applied'}; ${report.changeCount} rows`,
    });
  }

  const [first, second] = generated.smallStoryIds;
  if (first === undefined || second === undefined) throw new Error('Two empty stories needed');
  console.log(
    `\nInstance import: ${ROWS.toLocaleString('en')} rows of ${item.code} with ${attributes.length} values each (.xlsx ${(xlsx.length / 1024).toFixed(0)} KB, CSV ${(csv.length / 1024).toFixed(0)} KB), PGlite in memory, Node ${process.version}\n`,
  );
  await run('dry run (.xlsx)', first, xlsx, 'apply=false&fileName=instances.xlsx');
  await run('apply (.xlsx), empty story', first, xlsx, 'apply=true&fileName=instances.xlsx');
  await run('dry run (CSV)', second, csv, 'apply=false&fileName=instances.csv');
  await run('apply (CSV), empty story', second, csv, 'apply=true&fileName=instances.csv');
  const width = Math.max(...results.map((result) => result.scenario.length));
  console.log(`${'scenario'.padEnd(width)}  ${'ms'.padStart(8)}  report`);
  for (const result of results) {
    console.log(
      `${result.scenario.padEnd(width)}  ${result.ms.toFixed(0).padStart(8)}  ${result.report}`,
    );
  }
  await bench.close();
}

await main();
