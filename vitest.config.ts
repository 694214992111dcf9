// Test projects of the monorepo: one per workspace, run by `npm test` through scripts/test-all.mjs.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'calc',
          root: './packages/calc',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        // `@/x` is `apps/web/src/x`, as in apps/web/vite.config.ts and apps/web/tsconfig.json.
        resolve: {
          alias: [
            {
              find: /^@\//,
              replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
