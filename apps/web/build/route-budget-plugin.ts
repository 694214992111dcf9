// Vite plugin that prints each budgeted route's gzipped JavaScript after a build and fails the build when one is over budget (bytes or files).
import type { Plugin } from 'vite';
import { formatKb, routeWeights, type BuiltChunk } from './route-weight.ts';

export function routeBudget(): Plugin {
  return {
    name: 'costory-route-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push(output);
      }
      const weights = routeWeights(chunks);
      const lines = weights.map(
        (weight) =>
          `  ${weight.route.padEnd(40)} ${formatKb(weight.gzipBytes).padStart(10)} (limit ${formatKb(weight.maxGzipBytes)}, target ${formatKb(weight.targetGzipBytes)}; ${weight.files.length} files, limit ${weight.maxFiles})`,
      );
      this.info(`gzipped JavaScript per route:\n${lines.join('\n')}`);
      const over = weights.flatMap((weight) => [
        ...(weight.gzipBytes > weight.maxGzipBytes
          ? [`${weight.route} ${formatKb(weight.gzipBytes)} > ${formatKb(weight.maxGzipBytes)}`]
          : []),
        ...(weight.files.length > weight.maxFiles
          ? [`${weight.route} ${weight.files.length} files > ${weight.maxFiles}`]
          : []),
      ]);
      if (over.length > 0) this.error(`over the JavaScript budget: ${over.join(', ')}`);
    },
  };
}
