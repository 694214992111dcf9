// Vite build and dev server of the SPA: React plugin, API and sign-in proxied to the local server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './build/precompress-plugin.ts';
import { routeBudget } from './build/route-budget-plugin.ts';
import { shellChunk } from './build/shell-chunk-plugin.ts';

const apiServer = process.env.COSTORY_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), shellChunk(), routeBudget(), precompressAssets()],
  // `@/x` is `src/x` (also in tsconfig.json and the web project of vitest.config.ts).
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/auth': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Keeps every script an external file so a `script-src 'self'` policy holds.
    assetsInlineLimit: 0,
  },
});
