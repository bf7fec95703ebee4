import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const apiTarget = 'http://127.0.0.1:3001';

/**
 * The web client. Routes are lazy modules (src/client/routes.tsx), so `/` loads
 * the shell (React, the router, TanStack Query, the layout) plus the home page chunk.
 */
export default defineConfig({
  root: clientRoot,
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/client/.vite/manifest.json maps each route module to its chunks (the bench reads it).
    manifest: true,
    // Anything larger than this is a sign a route stopped being split.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // React and the router (every page needs them, they change rarely) in one
        // long-cached chunk. No catch-all vendor group: it would pull libraries that
        // only a lazy route uses (forms, dialogs, payments) into the first load of `/`.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
