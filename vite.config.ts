import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
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
  plugins: [
    react(),
    tailwindcss(),
    // ANALYZE=1 npm run build: what each chunk holds, gzip sizes per module (dist/bundle-stats.*).
    process.env.ANALYZE === '1' &&
      visualizer({
        filename: fileURLToPath(new URL('./dist/bundle-stats.json', import.meta.url)),
        template: 'raw-data',
        gzipSize: true,
      }),
  ],
  resolve: {
    // The browser's zod is jitless (our CSP forbids eval): `zod` is zod behind its public config call.
    // Only the bare specifier: the module itself imports `zod/v4`.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/lib/zod-csp.ts', import.meta.url)) }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/client/.vite/manifest.json maps each route module to its chunks (the bench reads it).
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: the polyfill is dead weight on `/`.
    modulePreload: { polyfill: false },
    // Anything larger than this is a sign a route stopped being split.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // React and the router (every page needs them, they change rarely) in one
        // long-cached chunk. No catch-all vendor group: it would pull libraries that
        // only a lazy route uses (forms, dialogs, payments) into the first load of `/`.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the entry imports statically (layout, session, TanStack Query): one
            // chunk instead of ~20 tiny shared ones after server rendering's entry (33 script
            // requests on `/`). Never the entry itself (main.tsx or the HTML proxy): its top-level
            // await loads a page chunk that imports this chunk, which would wait on it forever.
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]client[\\/]main\.tsx$|\.html/.test(id),
              priority: 1,
            },
          ],
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
      // robots.txt, the sitemaps and the site's share card come from the API server too (ADR 0022).
      '/robots.txt': { target: apiTarget, changeOrigin: false },
      '^/sitemap(-homes-\\d+)?\\.xml$': { target: apiTarget, changeOrigin: false },
      '/og/': { target: apiTarget, changeOrigin: false },
      // The map's style, basemap and tiles (issue 29).
      '/map/': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
