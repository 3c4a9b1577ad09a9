import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const sharedAliases = {
  '@shared': fromRoot('./shared'),
  '@': fromRoot('./renderer'),
};

const apiPort = process.env.API_PORT ?? '8787';

/** Built files the server can hand out precompressed (HTML is rendered per request and compressed then). */
const PRECOMPRESSED = /\.(js|mjs|css|svg|json|wasm|webmanifest|txt)$/;

/** Built files above this size are left out of the service worker's precache (see workbox below). */
const LAZY_ASSET_BYTES = 1024 * 1024;

export default defineConfig({
  root: fromRoot('./renderer'),
  publicDir: fromRoot('./resources/public'),
  resolve: { alias: sharedAliases },
  worker: { format: 'es' },
  plugins: [
    react(),
    VitePWA({
      // Registered by renderer/app/pwa.ts through workbox-window so the page can show update state.
      injectRegister: null,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifest: false,
      workbox: {
        // The wasm codecs (AVIF, MozJPEG, OxiPNG, 7-Zip, libheif: ~13 MB) and the few JavaScript chunks
        // over 1 MB (the OpenCC dictionary, the encoding detector's jschardet model) are fetched only
        // when a tool needs them and cached from then on, instead of being precached for every
        // visitor. Asset names carry a content hash, so cache-first never serves a stale file.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => entry.size <= LAZY_ASSET_BYTES), warnings: [] })],
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        runtimeCaching: [
          { urlPattern: /\.wasm$/, handler: 'CacheFirst', options: { cacheName: 'baibao-wasm' } },
          { urlPattern: /\/assets\/[^/]+\.js$/, handler: 'CacheFirst', options: { cacheName: 'baibao-lazy-js', expiration: { maxEntries: 32 } } },
        ],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip siblings of every asset worth compressing, written once at build so the server
    // never compresses a static file per request (server/modules/website/static-files.ts picks one).
    compression({ include: PRECOMPRESSED, threshold: 1024, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  build: {
    // WEB_OUT_DIR lets parallel e2e runs each build and serve their own copy.
    outDir: process.env.WEB_OUT_DIR ?? fromRoot('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
    // .vite/manifest.json: the first-load budget check (scripts/first-load-budget.ts) reads the import graph from it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}`, '/sitemap.xml': `http://localhost:${apiPort}` },
  },
});
