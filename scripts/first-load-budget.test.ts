import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUDGET,
  CEILING,
  TOOL_CEILINGS,
  KB,
  enforcedLimits,
  formatReport,
  gzipSizer,
  homeFiles,
  measure,
  ownFiles,
  staticClosure,
  toolFiles,
  toolPages,
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

  it('finds each tool page, and counts its shared chunks and texts but not its own chunk or its lazy codecs', () => {
    const tools = toolPages(manifest);
    expect(tools).toEqual([
      { id: 'a', key: 'tools/a/APage.tsx' },
      { id: 'b', key: 'tools/b/BPage.tsx' },
    ]);
    expect(toolFiles(manifest, tools[0]!).sort()).toEqual([
      'assets/antd-C.js',
      'assets/index-A.js',
      'assets/locales-G.js',
      'assets/react-B.js',
      'assets/upload-D.js',
    ]);
    expect(toolFiles(manifest, tools[1]!).sort()).toEqual(['assets/antd-C.js', 'assets/index-A.js', 'assets/react-B.js']);
  });

  it("counts antd's scope (ConfigProvider, style engine) for a page the router wraps in it, not for a plain one", () => {
    const scoped: Manifest = {
      ...manifest,
      'app/AntdScope.tsx': { file: 'assets/AntdScope-S.js', src: 'app/AntdScope.tsx', isDynamicEntry: true, imports: ['_engine-T.js'] },
      '_engine-T.js': { file: 'assets/engine-T.js', imports: ['_react-B.js'] },
    };
    const [, b] = toolPages(scoped);
    expect(toolFiles(scoped, b!, undefined, true).sort()).toEqual([
      'assets/AntdScope-S.js',
      'assets/antd-C.js',
      'assets/engine-T.js',
      'assets/index-A.js',
      'assets/react-B.js',
    ]);
    expect(toolFiles(scoped, b!, undefined, false).sort()).toEqual(['assets/antd-C.js', 'assets/index-A.js', 'assets/react-B.js']);
    const lines = measure(
      scoped,
      () => KB,
      BUDGET,
      (id) => id === 'b',
    );
    expect(lines[1]!.files).not.toContain('assets/AntdScope-S.js');
    expect(lines[2]!.files).toContain('assets/AntdScope-S.js');
  });

  it("leaves out the tool's own code split into several chunks, and counts what another route or the shell shares", () => {
    // Tool a's page imports: a table only it uses, a chart also imported by its own lazy dialog, a
    // grid that tool b's lazy part uses too, a picker the shell's lazy palette uses, and react.
    const split: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['tools/a/APage.tsx'] },
      '_react.js': { file: 'assets/react.js' },
      '_table.js': { file: 'assets/table.js', imports: ['_react.js'] },
      '_chart.js': { file: 'assets/chart.js' },
      '_grid.js': { file: 'assets/grid.js' },
      '_picker.js': { file: 'assets/picker.js' },
      'tools/a/APage.tsx': {
        file: 'assets/APage.js',
        isDynamicEntry: true,
        imports: ['index.html', '_table.js', '_chart.js', '_grid.js', '_picker.js'],
        dynamicImports: ['tools/a/Dialog.tsx'],
      },
      'tools/a/Dialog.tsx': { file: 'assets/Dialog.js', isDynamicEntry: true, imports: ['_chart.js'] },
      'tools/a/locales.ts': { file: 'assets/locales-a.js', isDynamicEntry: true },
      'tools/b/BPage.tsx': { file: 'assets/BPage.js', isDynamicEntry: true, imports: ['index.html'], dynamicImports: ['tools/b/Part.tsx'] },
      'tools/b/Part.tsx': { file: 'assets/Part.js', isDynamicEntry: true, imports: ['_grid.js'] },
      'search/CommandPalette.tsx': { file: 'assets/CommandPalette.js', isDynamicEntry: true, imports: ['_picker.js', '_react.js'] },
    };
    const [a, b] = toolPages(split);
    expect([...ownFiles(split, a!)].sort()).toEqual(['assets/APage.js', 'assets/chart.js', 'assets/table.js']);
    expect(toolFiles(split, a!).sort()).toEqual([
      'assets/grid.js',
      'assets/index.js',
      'assets/locales-a.js',
      'assets/picker.js',
      'assets/react.js',
    ]);
    expect(toolFiles(split, b!).sort()).toEqual(['assets/index.js', 'assets/react.js']);
  });

  it('adds the sizes and compares each with its budget', () => {
    const lines = measure(manifest, sizeOf);
    expect(lines.map(({ name, bytes, budget }) => ({ name, bytes, budget }))).toEqual([
      { name: '/', bytes: 145 * KB, budget: BUDGET.home },
      { name: 'a', bytes: 168 * KB, budget: BUDGET.tool },
      { name: 'b', bytes: 145 * KB, budget: BUDGET.tool },
    ]);
    expect(formatReport(lines)).not.toContain('OVER');
    const heavier = measure(manifest, (file) => (file === 'assets/react-B.js' ? 66 * KB : sizeOf(file)));
    expect(formatReport(heavier).split('\n')[0]).toMatch(/^OVER \/ +151\.0 KB of +150\.0 KB gz \(101 %\), 3 scripts$/);
  });

  it('checks against other limits when given: one for all tool pages, and a page of its own', () => {
    const limits = { home: CEILING.home, tool: 200 * KB, toolOverrides: { b: 300 * KB } };
    expect(measure(manifest, sizeOf, limits).map((line) => line.budget)).toEqual([CEILING.home, 200 * KB, 300 * KB]);
    for (const ceiling of Object.values(TOOL_CEILINGS)) expect(ceiling).toBeGreaterThan(BUDGET.tool);
  });

  it('holds the home page and every tool page to the budget, the pages with a ceiling to it until strict', () => {
    for (const strict of [false, true]) {
      expect(enforcedLimits(strict).home).toBeLessThanOrEqual(BUDGET.home);
      expect(enforcedLimits(strict).tool).toBe(BUDGET.tool);
    }
    expect(enforcedLimits(false).toolOverrides).toEqual(TOOL_CEILINGS);
    expect(enforcedLimits(true).toolOverrides).toEqual({});
    // A home page 1 KB over the budget fails the default check, and so does a tool page over the budget without a ceiling.
    const heavy = (file: string) =>
      file === 'assets/index-A.js'
        ? sizeOf(file) + BUDGET.home + KB - 145 * KB
        : file === 'assets/upload-D.js'
          ? sizeOf(file) + 90 * KB
          : sizeOf(file);
    const lines = measure(manifest, heavy, enforcedLimits(false));
    expect(lines[1]!.bytes).toBeGreaterThan(BUDGET.tool);
    expect(lines.filter((line) => line.bytes > line.budget).map((line) => line.name)).toEqual(['/', 'a']);
    // With a ceiling of its own, the same page passes.
    const withCeiling = measure(manifest, heavy, { ...enforcedLimits(false), toolOverrides: { a: lines[1]!.bytes + KB } });
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
