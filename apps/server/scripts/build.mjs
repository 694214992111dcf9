// Bundles src/main.ts into dist/main.js and the export worker into dist/render-worker.js: our workspace packages inlined, every npm package left to node_modules.
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
  // The export pool starts its worker from the file beside the bundle that inlines it
  // (src/modules/exports/render/render-pool.ts), so both must land in the same folder.
  entryPoints: {
    main: 'src/main.ts',
    'render-worker': 'src/modules/exports/render/render-worker.ts',
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
console.log(`dist/main.js and dist/render-worker.js built from ${inputs} source files`);
