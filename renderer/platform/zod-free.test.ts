import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every tool page loads the platform before its own chunk. A value imported from a contract that
// builds zod schemas at load (image.ts, image-overlay.ts, ipc.ts, …) brings zod classic along:
// ~28 KB gz on the first load of every tool page, whether the tool validates anything or not.
// Workers are their own bundles; canvas-engine.ts runs only in the image worker. shared/image/stitch.ts
// is here for the same reason: the subtitle stitcher's page takes it, and validates no image job.
const platformDir = fileURLToPath(new URL('.', import.meta.url));
const root = join(platformDir, '..', '..');
const contractsDir = join(root, 'shared', 'contracts');
/** The contracts that import zod themselves, found rather than listed so a new one is covered. */
const zodContracts = new Set(
  readdirSync(contractsDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) => /from 'zod(\/[a-z]+)?'/.test(readFileSync(join(contractsDir, name), 'utf8')))
    .map((name) => `@shared/contracts/${name.replace(/\.ts$/, '')}`),
);
const workerOnly = (file: string) => /\.worker\.ts$/.test(file) || file.endsWith('canvas-engine.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The modules a file imports for their values (`import type` and type-only braces are erased). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)].map((match) => match[2]!);
}

describe('the platform on the main thread', () => {
  it('takes no value from zod or a contract that builds zod schemas', () => {
    const offenders = [...sources(platformDir), join(root, 'shared', 'image', 'stitch.ts')]
      .filter((file) => !workerOnly(file))
      .flatMap((file) =>
        valueImports(file)
          .filter(
            (module) =>
              module === 'zod' || module.startsWith('zod/') || zodContracts.has(module.replace(/^\.\.\/contracts\//, '@shared/contracts/')),
          )
          .map((module) => `${relative(root, file)} imports ${module}`),
      );
    expect(offenders).toEqual([]);
  });

  it('finds value imports and skips type-only ones, and knows the zod contracts (the check above can fail)', () => {
    expect(zodContracts).toContain('@shared/contracts/image');
    expect(zodContracts).not.toContain('@shared/contracts/image-base');
    const file = join(platformDir, 'image', 'native.ts');
    expect(valueImports(file)).toContain('@shared/contracts/image-base');
    expect(valueImports(file)).not.toContain('@shared/contracts/image');
  });
});
