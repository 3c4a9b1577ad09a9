import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { sharedAliases } from './vite.config';
import { toolTexts } from './scripts/tool-texts-plugin';

export default defineConfig({
  resolve: { alias: sharedAliases },
  // Tests read meta.ts whole (both languages at once); the English module still answers.
  plugins: [toolTexts({ toolsDir: fileURLToPath(new URL('./renderer/tools', import.meta.url)), split: false })],
  test: {
    include: ['{shared,renderer,server,electron,scripts,e2e}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
