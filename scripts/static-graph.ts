import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The static import graph of the renderer's sources, as the bundler keeps it, for tests that guard
 * what a page's first load takes (renderer/tools/zod-free.test.ts, renderer/platform/first-load.test.ts):
 * `import` and `export … from` count, `import()` and type-only imports do not. '@/' and '@shared/'
 * resolve as in vite.config.ts; packages are not followed.
 */
export const root = fileURLToPath(new URL('..', import.meta.url));
const rendererDir = join(root, 'renderer');

export function resolveSource(from: string, specifier: string): string | undefined {
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

/**
 * The chain of modules from `entry` to the first import `reached` accepts (a package name or a
 * source file), or undefined when none is in its static graph.
 */
export function pathTo(entry: string, reached: (specifier: string, file: string | undefined) => boolean): string[] | undefined {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticValueImports(readFileSync(file, 'utf8'))) {
      const next = resolveSource(file, specifier);
      if (reached(specifier, next)) {
        const chain = [next ? relative(root, next) : specifier];
        for (let at: string | null | undefined = file; at; at = parent.get(at)) chain.unshift(relative(root, at));
        return chain;
      }
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}
