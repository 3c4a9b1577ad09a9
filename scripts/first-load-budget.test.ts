import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PAGES,
  BUDGET,
  CEILING,
  PAGE_CEILINGS,
  KB,
  enforcedLimits,
  formatReport,
  gzipSizer,
  homeFiles,
  measure,
  pageFiles,
  staticClosure,
  toolPages,
  toolRoots,
} from './first-load-budget';
import type { Manifest } from './first-load-budget';

/** The shape Vite writes: the entry, shared chunks (keys starting with _), lazy pages, a lazy locale file. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-B.js', '_antd-C.js'],
    dynamicImports: ['tools/a/APage.tsx', 'tools/a/locales.ts', 'tools/b/BPage.tsx', 'search/CommandPalette.tsx'],
  },
  '_react-B.js': { file: 'assets/react-B.js', imports: [] },
  '_antd-C.js': { file: 'assets/antd-C.js', imports: ['_react-B.js'] },
  '_upload-D.js': { file: 'assets/upload-D.js', imports: ['_antd-C.js'] },
  '_codec-E.js': { file: 'assets/codec-E.js' },
  'tools/a/APage.tsx': {
    file: 'assets/APage-F.js',
    src: 'tools/a/APage.tsx',
    isDynamicEntry: true,
    imports: ['_upload-D.js', 'index.html'],
    dynamicImports: ['_codec-E.js'],
  },
  'tools/a/locales.ts': { file: 'assets/locales-G.js', src: 'tools/a/locales.ts', isDynamicEntry: true },
  'tools/b/BPage.tsx': { file: 'assets/BPage-H.js', src: 'tools/b/BPage.tsx', isDynamicEntry: true, imports: ['index.html'] },
  'search/CommandPalette.tsx': { file: 'assets/CommandPalette-I.js', isDynamicEntry: true, imports: ['_upload-D.js'] },
  'style.css': { file: 'assets/index-J.css' },
};

const sizes: Record<string, number> = {
  'assets/index-A.js': 40 * KB,
  'assets/react-B.js': 60 * KB,
  'assets/antd-C.js': 45 * KB,
  'assets/upload-D.js': 20 * KB,
  'assets/codec-E.js': 500 * KB,
  'assets/APage-F.js': 300 * KB,
  'assets/locales-G.js': 3 * KB,
  'assets/BPage-H.js': 10 * KB,
  'assets/CommandPalette-I.js': 30 * KB,
};
const sizeOf = (file: string) => sizes[file]!;

describe('first-load budget', () => {
  it('follows static imports only, each chunk once, through import cycles', () => {
    expect(staticClosure(manifest, ['index.html']).sort()).toEqual(['_antd-C.js', '_react-B.js', 'index.html']);
    expect(staticClosure(manifest, ['tools/a/APage.tsx']).sort()).toEqual([
      '_antd-C.js',
      '_react-B.js',
      '_upload-D.js',
      'index.html',
      'tools/a/APage.tsx',
    ]);
  });

  it('counts the home page as the entry and its static imports, never a lazy chunk', () => {
    expect(homeFiles(manifest)).toEqual(['assets/index-A.js', 'assets/react-B.js', 'assets/antd-C.js']);
  });

  const toolFiles = (m: Manifest, tool: { id: string; key: string }, antd = false) => pageFiles(m, toolRoots(m, tool, antd));

  it('finds each tool page, and counts its own chunk, its texts and what it shares, but not its lazy codecs', () => {
    const tools = toolPages(manifest);
    expect(tools).toEqual([
      { id: 'a', key: 'tools/a/APage.tsx' },
      { id: 'b', key: 'tools/b/BPage.tsx' },
    ]);
    expect(toolFiles(manifest, tools[0]!).sort()).toEqual([
      'assets/APage-F.js',
      'assets/antd-C.js',
      'assets/index-A.js',
      'assets/locales-G.js',
      'assets/react-B.js',
      'assets/upload-D.js',
    ]);
    expect(toolFiles(manifest, tools[1]!).sort()).toEqual([
      'assets/BPage-H.js',
      'assets/antd-C.js',
      'assets/index-A.js',
      'assets/react-B.js',
    ]);
  });

  it("counts antd's scope (ConfigProvider, style engine, the components' texts) for a page the router wraps in it, and those texts for a plain one", () => {
    const scoped: Manifest = {
      ...manifest,
      'app/AntdScope.tsx': {
        file: 'assets/AntdScope-S.js',
        src: 'app/AntdScope.tsx',
        isDynamicEntry: true,
        imports: ['_engine-T.js', '_locales-U.js'],
      },
      '_engine-T.js': { file: 'assets/engine-T.js', imports: ['_react-B.js'] },
      '_locales-U.js': { file: 'assets/locales-U.js' },
    };
    const [, b] = toolPages(scoped);
    expect(toolFiles(scoped, b!, true).sort()).toEqual([
      'assets/AntdScope-S.js',
      'assets/BPage-H.js',
      'assets/antd-C.js',
      'assets/engine-T.js',
      'assets/index-A.js',
      'assets/locales-U.js',
      'assets/react-B.js',
    ]);
    expect(toolFiles(scoped, b!, false).sort()).toEqual([
      'assets/BPage-H.js',
      'assets/antd-C.js',
      'assets/index-A.js',
      'assets/locales-U.js',
      'assets/react-B.js',
    ]);
    const lines = measure(
      scoped,
      () => KB,
      undefined,
      (id) => id === 'b',
    );
    expect(lines[1]!.files).not.toContain('assets/AntdScope-S.js');
    expect(lines[2]!.files).toContain('assets/AntdScope-S.js');
  });

  it("counts the tool's own code split into several chunks, and nothing it loads only later", () => {
    // Tool a's page imports: a table only it uses, a chart also imported by its own lazy dialog, a
    // grid that tool b's lazy part uses too, a picker the shell's lazy palette uses, and react.
    const split: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['tools/a/APage.tsx'] },
      '_react.js': { file: 'assets/react.js' },
      '_table.js': { file: 'assets/table.js', imports: ['_react.js'] },
      '_chart.js': { file: 'assets/chart.js' },
      '_grid.js': { file: 'assets/grid.js' },
      '_picker.js': { file: 'assets/picker.js' },
      '_dialog-only.js': { file: 'assets/dialog-only.js' },
      'tools/a/APage.tsx': {
        file: 'assets/APage.js',
        isDynamicEntry: true,
        imports: ['index.html', '_table.js', '_chart.js', '_grid.js', '_picker.js'],
        dynamicImports: ['tools/a/Dialog.tsx'],
      },
      'tools/a/Dialog.tsx': { file: 'assets/Dialog.js', isDynamicEntry: true, imports: ['_chart.js', '_dialog-only.js'] },
      'tools/a/locales.ts': { file: 'assets/locales-a.js', isDynamicEntry: true },
      'tools/b/BPage.tsx': { file: 'assets/BPage.js', isDynamicEntry: true, imports: ['index.html'], dynamicImports: ['tools/b/Part.tsx'] },
      'tools/b/Part.tsx': { file: 'assets/Part.js', isDynamicEntry: true, imports: ['_grid.js'] },
      'search/CommandPalette.tsx': { file: 'assets/CommandPalette.js', isDynamicEntry: true, imports: ['_picker.js', '_react.js'] },
    };
    const [a, b] = toolPages(split);
    expect(toolFiles(split, a!).sort()).toEqual([
      'assets/APage.js',
      'assets/chart.js',
      'assets/grid.js',
      'assets/index.js',
      'assets/locales-a.js',
      'assets/picker.js',
      'assets/react.js',
      'assets/table.js',
    ]);
    expect(toolFiles(split, b!).sort()).toEqual(['assets/BPage.js', 'assets/index.js', 'assets/react.js']);
  });

  it('holds a page to the budget with its own chunk: a 300 KB page over a 145 KB shell is over, whatever it shares', () => {
    const lines = measure(manifest, sizeOf);
    expect(lines.map(({ name, bytes, ownBytes, budget }) => ({ name, bytes, ownBytes, budget }))).toEqual([
      { name: '/', bytes: 145 * KB, ownBytes: 0, budget: BUDGET.home },
      // 145 KB of shell, the upload component it shares with the palette (20), its texts (3) and its own page (300).
      { name: 'a', bytes: 468 * KB, ownBytes: 323 * KB, budget: BUDGET.page },
      { name: 'b', bytes: 155 * KB, ownBytes: 10 * KB, budget: BUDGET.page },
    ]);
    const report = formatReport(lines).split('\n');
    expect(report[1]).toMatch(/^OVER a +468\.0 KB of +250\.0 KB gz \(187 %\), 6 scripts, 323\.0 KB beyond home's$/);
    expect(report[2]).toMatch(/^ok {3}b /);
    const heavier = measure(manifest, (file) => (file === 'assets/react-B.js' ? 66 * KB : sizeOf(file)));
    expect(formatReport(heavier).split('\n')[0]).toMatch(/^OVER \/ +151\.0 KB of +150\.0 KB gz \(101 %\), 3 scripts$/);
  });

  it("measures the account pages it is given: layout, page and texts, in antd's scope", () => {
    const withAccount: Manifest = {
      ...manifest,
      'app/AntdScope.tsx': { file: 'assets/AntdScope-S.js', isDynamicEntry: true },
      'layouts/UserAdminLayout.tsx': { file: 'assets/Layout-K.js', isDynamicEntry: true, imports: ['_antd-C.js'] },
      'pages/user/center/ProfilePage.tsx': { file: 'assets/Profile-L.js', isDynamicEntry: true, imports: ['_upload-D.js'] },
      'pages/user/locales.ts': { file: 'assets/account-M.js', isDynamicEntry: true },
    };
    const profile = ACCOUNT_PAGES.find((page) => page.name === '/user/center/profile')!;
    const line = measure(withAccount, () => KB, undefined, undefined, [profile]).at(-1)!;
    expect(line.name).toBe('/user/center/profile');
    expect(line.files.sort()).toEqual([
      'assets/AntdScope-S.js',
      'assets/Layout-K.js',
      'assets/Profile-L.js',
      'assets/account-M.js',
      'assets/antd-C.js',
      'assets/index-A.js',
      'assets/react-B.js',
      'assets/upload-D.js',
    ]);
    // Every account page's files are named in the list the real check uses, and a missing one fails loudly.
    expect(() => measure(manifest, () => KB, undefined, undefined, ACCOUNT_PAGES)).toThrow(/is not in the manifest/);
  });

  it('checks against other limits when given: one for all pages, and a page of its own', () => {
    const limits = { home: CEILING.home, page: 200 * KB, pageOverrides: { b: 300 * KB } };
    expect(measure(manifest, sizeOf, limits).map((line) => line.budget)).toEqual([CEILING.home, 200 * KB, 300 * KB]);
    for (const ceiling of Object.values(PAGE_CEILINGS)) expect(ceiling).toBeGreaterThan(BUDGET.page);
    for (const name of Object.keys(PAGE_CEILINGS)) expect(ACCOUNT_PAGES.map((page) => page.name)).toContain(name);
  });

  it('holds the home page and every page to the budget, the pages with a ceiling to it until strict', () => {
    for (const strict of [false, true]) {
      expect(enforcedLimits(strict).home).toBeLessThanOrEqual(BUDGET.home);
      expect(enforcedLimits(strict).page).toBe(BUDGET.page);
    }
    expect(enforcedLimits(false).pageOverrides).toEqual(PAGE_CEILINGS);
    expect(enforcedLimits(true).pageOverrides).toEqual({});
    // A home page 1 KB over its ceiling fails the default check, and so does a page over the budget without a ceiling.
    const heavy = (file: string) => (file === 'assets/index-A.js' ? sizeOf(file) + CEILING.home + KB - 145 * KB : sizeOf(file));
    const lines = measure(manifest, heavy, enforcedLimits(false));
    expect(lines.filter((line) => line.bytes > line.budget).map((line) => line.name)).toEqual(['/', 'a']);
    // With a ceiling of its own, the same page passes.
    const withCeiling = measure(manifest, heavy, { ...enforcedLimits(false), pageOverrides: { a: lines[1]!.bytes + KB } });
    expect(withCeiling.filter((line) => line.bytes > line.budget).map((line) => line.name)).toEqual(['/']);
  });

  it('fails loudly on a manifest without the entry, a tool page or a listed chunk', () => {
    expect(() => homeFiles({})).toThrow(/no index.html entry/);
    expect(() =>
      measure(
        { 'index.html': manifest['index.html']!, '_react-B.js': manifest['_react-B.js']!, '_antd-C.js': manifest['_antd-C.js']! },
        sizeOf,
      ),
    ).toThrow(/no tool page/);
    expect(() => staticClosure({ 'index.html': { file: 'a.js', isEntry: true, imports: ['_gone.js'] } }, ['index.html'])).toThrow(
      /_gone.js is not in the manifest/,
    );
  });

  const dir = mkdtempSync(join(tmpdir(), 'baibao-budget-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures gzip at level 9 of the built file', () => {
    mkdirSync(join(dir, 'assets'));
    const text = 'export const x = 1;\n'.repeat(500);
    writeFileSync(join(dir, 'assets', 'x.js'), text);
    expect(gzipSizer(dir)('assets/x.js')).toBe(gzipSync(text, { level: 9 }).length);
  });
});
