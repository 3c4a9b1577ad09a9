import { defineConfig } from 'vitest/config';
import { sharedAliases } from './vite.config';

export default defineConfig({
  resolve: { alias: sharedAliases },
  test: {
    include: ['{shared,renderer,server,electron,scripts,e2e}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
