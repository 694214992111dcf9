// Vite build and dev server of the SPA: React plugin, API and sign-in proxied to the local server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiServer = process.env.COSTORY_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so browsers keep them cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack|stylis)/ },
            // The formula parser is needed only where formulas are edited or calculated.
            {
              name: 'formula-parser',
              test: /node_modules[\\/](mathjs|decimal\.js|typed-function|complex\.js|fraction\.js|escape-latex|tiny-emitter|javascript-natural-sort|seedrandom)[\\/]/,
            },
            // Charts are drawn only on the story summaries, which import them lazily; in 'vendor'
            // they would load with the first page. Only recharts' own dependencies are listed.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|eventemitter3|decimal\.js-light|tiny-invariant)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
