import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../scripts/static-graph';

// The home page and the shell around every page are drawn without antd (layouts/plain, CSS variables
// in theme-vars.css): antd's runtime and its icon components were ~140 KB gz of the first load. It loads with the first tool
// page or the first part that needs it (AntdScope, lazyWithAntd). This walks the entry's static
// imports, the ones that load before the home page is interactive, and fails when one reaches antd.
const rendererDir = fileURLToPath(new URL('..', import.meta.url));
const root = join(rendererDir, '..');
const entry = join(rendererDir, 'main.tsx');

/** The modules a file imports or re-exports for their values; `import type` and `import()` are not followed. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\s+from\s+)?'([^']+)'/gm)].map((match) => match[1]!);
}

function resolveSource(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(rendererDir, specifier.slice(2))
    : specifier.startsWith('@shared/')
      ? join(root, 'shared', specifier.slice(8))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && /\.tsx?$/.test(path),
  );
}

/** Every package the entry's static graph imports, with the first file that imports it. */
export function staticPackages(start: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      if (/\.(css|svg|png)(\?.*)?$/.test(specifier)) continue;
      const source = resolveSource(file, specifier);
      if (source) visit(source);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/') && !specifier.startsWith('@shared/')) {
        if (!packages.has(specifier)) packages.set(specifier, relative(root, file));
      }
    }
  };
  visit(start);
  return packages;
}

describe('the first load', () => {
  it('imports nothing of antd or its icon components before the home page is interactive', () => {
    // Icons are drawn from @ant-design/icons-svg's definitions (layouts/plain/icon.tsx) instead.
    const antd = [...staticPackages(entry)].filter(([name]) => /^(antd|@ant-design\/(cssinjs|icons))($|\/)/.test(name));
    expect(antd.map(([name, file]) => `${file} imports ${name}`)).toEqual([]);
  });

  it('follows static imports and re-exports but not import() (the check above can fail)', () => {
    const packages = staticPackages(join(rendererDir, 'app', 'AntdScope.tsx'));
    expect(packages.get('antd')).toBe('renderer/app/AntdScope.tsx');
    expect(staticPackages(join(rendererDir, 'lib', 'lazy-with-antd.tsx')).has('antd')).toBe(false);
    expect(staticPackages(entry).has('react-dom/client')).toBe(true);
    expect(staticPackages(join(rendererDir, 'layouts', 'default', 'FloatMenu.tsx')).has('@ant-design/icons')).toBe(true);
  });
});

describe('texts the home page never shows', () => {
  // The shared components' texts come with antd, the API client's (and the server message catalogue)
  // with the client, the account and back-office namespaces with their pages (i18n/resources.ts).
  // The welfare widget's and drawers' texts, and the site-content contract, load when the page is idle.
  // The shell's English texts come before an English page opens (i18n/english-shell-texts.ts).
  const later = [
    'i18n/locales/common-en.ts',
    'components/locales.ts',
    'http/locales.ts',
    'pages/user/locales.ts',
    'pages/admin/locales.ts',
    'welfare/locales.ts',
    'pages/admin/site-content/locales.ts',
  ];
  const reaches = (from: string, target: string) => pathTo(join(rendererDir, from), (_, file) => file === join(rendererDir, target));

  it.each(later)('are no part of the first load: %s', (target) => {
    expect(reaches('main.tsx', target)).toBeUndefined();
  });

  it('come with what shows them', () => {
    expect(reaches('app/AntdScope.tsx', 'components/locales.ts')).toBeDefined();
    expect(reaches('app/http.ts', 'http/locales.ts')).toBeDefined();
  });
});

describe("the tools' search words", () => {
  // Each registered tool's keywords and aliases were ~1 KB gz of the home page's first chunk each;
  // they live in its search.ts, loaded with the search index and with the tool's page (tool-texts.ts).
  // The words themselves (a string, a list, an object of them), not a type that names the fields.
  const searchData = /^\s*(?:keywords|aliases):\s*(?:'|$|\{\s*$|\{\s*(?:cn|en):\s*\[)/m;
  const carriesSearchWords = (file: string | undefined) =>
    file !== undefined && file.startsWith(join(rendererDir, 'tools')) && searchData.test(readFileSync(file, 'utf8'));

  it('are no part of the first load: no module the entry imports statically holds keywords or aliases', () => {
    expect(pathTo(entry, (_, file) => carriesSearchWords(file))).toBeUndefined();
  });

  it("are in each tool's search.ts, which the check above would find if the first load imported it", () => {
    const hasher = join(rendererDir, 'tools', 'file-hasher');
    expect(carriesSearchWords(join(hasher, 'search.ts'))).toBe(true);
    expect(pathTo(join(hasher, 'locales.ts'), (_, file) => file === join(hasher, 'meta.ts'))).toBeDefined();
    expect(pathTo(entry, (_, file) => file === join(hasher, 'meta.ts'))).toBeDefined();
  });
});
