import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { antdLean } from './scripts/antd-lean-plugin';
import { sharedAliases } from './vite.config';
import { toolTexts } from './scripts/tool-texts-plugin';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Desktop build into out/: main (ESM, Node target of the bundled Electron), preload (CJS, because
 * a sandboxed preload cannot be an ES module) and the renderer (the website's code without the PWA
 * plugin: the desktop app ships its files, so there is nothing for a service worker to cache).
 * Main and preload bundle their dependencies so the package needs no node_modules at run time —
 * except sharp, whose native libvips binary (@img/sharp-<platform>) is loaded from disk, and
 * 7z-wasm, which loads its 7zz.wasm from beside its own script: both stay external and
 * electron-builder ships them unpacked (electron-builder.yml). 7-Zip runs in a worker thread whose
 * script is a second entry of main's build (out/main/sevenzip-worker.js, found by
 * adapters/archive/process.ts beside index.js).
 */
export default defineConfig({
  main: {
    resolve: { alias: sharedAliases },
    build: {
      externalizeDeps: false,
      lib: {
        entry: {
          index: fromRoot('./electron/main/index.ts'),
          'sevenzip-worker': fromRoot('./electron/main/adapters/archive/wasm-worker.ts'),
        },
      },
      rolldownOptions: { external: ['sharp', '7z-wasm'] },
    },
  },
  preload: {
    resolve: { alias: sharedAliases },
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: fromRoot('./electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./renderer'),
    publicDir: fromRoot('./resources/public'),
    resolve: { alias: sharedAliases },
    worker: { format: 'es' },
    // toolTexts: the website's English tool texts module (renderer/i18n/english-tool-texts.ts) resolves here too.
    plugins: [react(), antdLean(), toolTexts({ toolsDir: fromRoot('./renderer/tools') })],
    build: {
      outDir: fromRoot('./out/renderer'),
      chunkSizeWarningLimit: 2048,
      rolldownOptions: { input: fromRoot('./renderer/index.html') },
    },
  },
});
