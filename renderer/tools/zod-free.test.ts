import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathTo, root, staticValueImports } from '../../scripts/static-graph';

// A tool page's first load is the shell plus everything its page module imports statically. zod
// classic costs ~28 KB gz there (zod/mini ~12 KB), more than any settings check needs: tools check
// stored settings with renderer/lib/field-checks and shape-checks. zod stays where data crosses a
// boundary (shared/contracts for workers, IPC and HTTP), reached from workers or with a dynamic import.
const toolsDir = fileURLToPath(new URL('.', import.meta.url));

const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');
const pathToZod = (entry: string) => pathTo(entry, isZod);

const toolPages = readdirSync(toolsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(toolsDir, entry.name))
      .filter((name) => /Page\.tsx$/.test(name))
      .map((name) => ({ id: entry.name, page: join(toolsDir, entry.name, name) })),
  );

describe('tool pages without zod on their first load', () => {
  it.each(toolPages)('$id', ({ page }) => {
    expect(pathToZod(page)).toBeUndefined();
  });

  it('finds zod through re-exports and skips type-only and dynamic imports (the check above can fail)', () => {
    expect(toolPages.length).toBeGreaterThan(15);
    const source = [
      "import type { A } from 'zod';",
      "import { type B, type C } from 'zod/mini';",
      "const lazy = () => import('zod');",
      "export type { D } from 'zod';",
      "import { keep } from './kept';",
      "export * from '@shared/contracts/image';",
      "import './side-effect';",
      "export const notAnImport = 'zod';",
    ].join('\n');
    expect(staticValueImports(source)).toEqual(['./kept', '@shared/contracts/image', './side-effect']);
    // The schema module itself reaches zod, its plain sibling does not.
    expect(pathToZod(join(root, 'shared', 'contracts', 'image.ts'))).toEqual(['shared/contracts/image.ts', 'zod']);
    expect(pathToZod(join(root, 'shared', 'contracts', 'image-base.ts'))).toBeUndefined();
  });
});
