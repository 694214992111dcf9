// Bundles src/main.ts into dist/main.js and the worker threads into dist/render-worker.js and dist/calculation-worker.js: our workspace packages inlined, every npm package left to node_modules.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    // Bare specifiers (`fastify`, `node:fs`) stay imports; @costory/* point at TypeScript sources
    // that Node cannot run, so esbuild inlines them.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@costory/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // Workers start from the file beside the bundle that inlines their pool (src/lib/worker-thread.ts),
  // so every entry must land in the same folder.
  entryPoints: {
    main: 'src/main.ts',
    'render-worker': 'src/modules/exports/render/render-worker.ts',
    'calculation-worker': 'src/modules/stories/calculation/calculation-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  metafile: true,
  plugins: [externalNpmPackages],
});

const inputs = Object.keys(result.metafile.inputs).length;
console.log(`dist/main.js and its workers built from ${inputs} source files`);
