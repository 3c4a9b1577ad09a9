import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A tool page's first load is the shell plus everything its page module imports statically. zod
// classic costs ~28 KB gz there (zod/mini ~12 KB), more than any settings check needs: tools check
// stored settings with renderer/lib/field-checks. zod stays where data crosses a boundary
// (shared/contracts for workers, IPC and HTTP), reached from workers or with a dynamic import.
const toolsDir = fileURLToPath(new URL('.', import.meta.url));
const rendererDir = join(toolsDir, '..');
const root = join(rendererDir, '..');

/**
 * Tools being rebuilt when this check landed (the reader and library rounds); their settings still
 * use zod. Move them to lib/field-checks and take them off this list.
 */
const NOT_YET = new Set(['book-library', 'epub-reader']);

const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');

function resolveSource(from: string, specifier: string): string | undefined {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string;
  if (bare.startsWith('@/')) base = join(rendererDir, bare.slice(2));
  else if (bare.startsWith('@shared/')) base = join(root, 'shared', bare.slice('@shared/'.length));
  else if (bare.startsWith('.')) base = join(dirname(from), bare);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => /\.tsx?$/.test(path) && existsSync(path),
  );
}

/** What a module imports for its values, as the bundler keeps it: static `import`/`export … from`, not `import()`, not type-only. */
export function staticValueImports(source: string): string[] {
  const statements = [
    ...source.matchAll(/^\s*import\s+(?:([^;'"]*?)\s+from\s+)?['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*export\s+([^;'"=]*?)\s+from\s+['"]([^'"]+)['"]/gm),
  ].sort((a, b) => a.index - b.index);
  return statements.flatMap(([, clause = '', specifier = '']) => {
    if (/^type\b/.test(clause)) return [];
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    return names && names.length > 0 && names.every((name) => name.startsWith('type ')) ? [] : [specifier];
  });
}

/** The chain of modules from `entry` to zod, or undefined when zod is out of its static graph. */
function pathToZod(entry: string): string[] | undefined {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticValueImports(readFileSync(file, 'utf8'))) {
      if (isZod(specifier)) {
        const chain = [specifier];
        for (let at: string | null | undefined = file; at; at = parent.get(at)) chain.unshift(relative(root, at));
        return chain;
      }
      const next = resolveSource(file, specifier);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const toolPages = readdirSync(toolsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(toolsDir, entry.name))
      .filter((name) => /Page\.tsx$/.test(name))
      .map((name) => ({ id: entry.name, page: join(toolsDir, entry.name, name) })),
  );

describe('tool pages without zod on their first load', () => {
  it.each(toolPages.filter(({ id }) => !NOT_YET.has(id)))('$id', ({ page }) => {
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
