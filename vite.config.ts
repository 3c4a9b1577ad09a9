import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { antdLean } from './scripts/antd-lean-plugin';
import { webManifests } from './scripts/web-manifests-plugin';
import { toolTexts } from './scripts/tool-texts-plugin';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const sharedAliases = {
  '@shared': fromRoot('./shared'),
  '@': fromRoot('./renderer'),
};

const apiPort = process.env.API_PORT ?? '8787';

/** Built files the server can hand out precompressed (HTML is rendered per request and compressed then). */
const PRECOMPRESSED = /\.(js|mjs|css|svg|json|wasm|webmanifest|txt)$/;

/** The Fontsource packages /hand-write/generate ships (renderer/tools/hand-write/bundled-fonts.ts); the first is its default. */
const HANDWRITING_FONTS = ['ma-shan-zheng', 'long-cang', 'zhi-mang-xing', 'liu-jian-mao-cao'];
const OTHER_HANDWRITING_FONTS = HANDWRITING_FONTS.slice(1);

export default defineConfig({
  root: fromRoot('./renderer'),
  publicDir: fromRoot('./resources/public'),
  resolve: { alias: sharedAliases },
  worker: { format: 'es' },
  plugins: [
    react(),
    // A few imports inside antd that bring far more than they use, pointed at what they use (first load).
    antdLean(),
    webManifests(),
    // Each tool's English title and description in a chunk of their own, off the first load.
    toolTexts({ toolsDir: fromRoot('./renderer/tools') }),
    VitePWA({
      // Registered by renderer/app/pwa.ts through workbox-window, which offers a reload when an update waits.
      injectRegister: null,
      registerType: 'prompt',
      filename: 'sw.js',
      manifest: false,
      workbox: {
        // Everything a local tool needs, so each works offline after one visit: the shell, every tool's
        // and worker's chunks and every wasm codec (MozJPEG, WebP, AVIF, OxiPNG, 7-Zip, libheif; hashing,
        // jschardet and OpenCC are JavaScript). Not the threaded AVIF encoder: it loads only on a
        // cross-origin-isolated page, which this site never is (no COEP header), and weighs 3.5 MB.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest,wasm}'],
        // Of the handwriting fonts' slices (~20 MB) only the default font's (3.6 MB), so any text
        // handwrites offline after one visit; the others are fetched per slice a text needs, and the
        // rule below keeps each one fetched, so that text works offline in that font too.
        //
        // Nor the error reporter (renderer/app/error-reporting.ts, ~95 KB gz): it loads only where the
        // server names a DSN, and then from the network like any file outside the precache (offline
        // there is nothing to report to). Precached, every visitor's worker would fetch it for nothing.
        globIgnores: [
          '**/avif_enc_mt-*.wasm',
          `**/assets/{${OTHER_HANDWRITING_FONTS.join(',')}}-*.woff2`,
          '**/assets/error-reporting-*.js',
        ],
        runtimeCaching: [
          {
            urlPattern: new RegExp(`/assets/(?:${HANDWRITING_FONTS.join('|')})-[^/]*\\.woff2$`),
            handler: 'CacheFirst',
            options: { cacheName: 'handwriting-fonts', expiration: { maxEntries: 800 } },
          },
        ],
        // No size cut: a file over the limit would be dropped from the precache with only a warning.
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
        // The first visit's page is served by the new worker at once, so its lazy tools work offline too.
        clientsClaim: true,
        // Navigations get the precached shell (the app writes the head itself); the API, the server's
        // text files and direct links to files are never answered with it. /api is never cached.
        navigateFallback: 'index.html',
        // /terminal's document must come from the server, whose policy for it alone allows eval (the
        // remote console); the precached index.html carries the site's policy without it.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/sitemap\.xml$/,
          /^\/robots\.txt$/,
          /^[^?]*\/[^/?]+\.[^/?]+(?:\?.*)?$/,
          /^(?:\/en)?\/terminal\/?(?:\?.*)?$/,
        ],
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
    rolldownOptions: {
      output: {
        // What the first page needs in one file instead of ~75 small ones: gzip finds more to share
        // in one stream (~20 KB less than the same code split) and the browser makes fewer requests.
        // Only modules the entry imports statically carry `$initial`, so tool pages stay lazy.
        //
        // antd is no part of it (the shell is drawn without antd, renderer/layouts/plain). Grouping
        // antd's core or the components most tools share into files of their own measured 1–130 KB
        // more per tool page than leaving them to the tools' chunks.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    // ws: the live-message endpoint /api/live is a WebSocket upgrade.
    proxy: { '/api': { target: `http://localhost:${apiPort}`, ws: true }, '/sitemap.xml': `http://localhost:${apiPort}` },
  },
});
