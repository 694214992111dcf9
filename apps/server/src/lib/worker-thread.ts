// Starts a worker thread from a module of ours, both from the esbuild bundle (dist/<name>.js beside dist/main.js) and from the TypeScript sources (vitest, `tsx watch`).
import { Worker } from 'node:worker_threads';

/**
 * A worker running `source` (a .ts module, addressed from its caller's `import.meta.url`), or
 * `dist/<bundled>.js` in the bundle. From the TypeScript sources Node cannot run the module by
 * itself, and tsx's `--import` hooks do not reach worker threads on Node 20; so a bootstrap module
 * loads it through tsx's tsImport instead. scripts/build.mjs writes one entry per worker.
 */
export function startWorker(source: URL, bundled: string): Worker {
  if (!new URL(import.meta.url).pathname.endsWith('.ts')) {
    return new Worker(new URL(`./${bundled}.js`, import.meta.url));
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = source.href;
  const bootstrap = [
    `const { tsImport } = await import(${JSON.stringify(tsx)});`,
    `await tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
}
