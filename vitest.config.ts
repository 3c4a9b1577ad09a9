import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
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
    // Vitest leaves one core to its main process; on a 2-core CI machine that halves the run
    // (494 s against 218 s measured): the main process is mostly idle once files are transformed.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
