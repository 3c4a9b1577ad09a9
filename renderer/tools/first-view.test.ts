import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../scripts/static-graph';

// What a tool page imports statically is paid before it is interactive (issue 12: ≤ 250 KB gz before
// the tool's own code). Widgets that show only later — a workspace once a file is open — load then,
// so a page must not reach them statically again. Each line: the page, and the antd components that
// only its later views use.
const later: { page: string; antd: string[] }[] = [
  { page: 'psd/PsdPage.tsx', antd: ['Card', 'Tree', 'Descriptions', 'Empty'] },
  { page: 'sketch/SketchPage.tsx', antd: ['Card', 'Tree', 'List', 'Collapse', 'Empty'] },
  { page: 'file-type-identify/FileTypeIdentifyPage.tsx', antd: ['Table'] },
  { page: 'epub-reader/EpubReaderPage.tsx', antd: ['Tree', 'Drawer', 'Select', 'Slider'] },
  { page: 'compress/CompressPage.tsx', antd: ['Tree', 'Modal'] },
  { page: 'excel/ExcelPage.tsx', antd: ['Dropdown', 'Input', 'Modal', 'Popconfirm', 'Tooltip'] },
  // The step list (its options and the sortable library) loads once the chain has a step, or when idle;
  // the chain head's pop-ups with the first press of their buttons; the rest of the first view is plain.
  {
    page: 'text-assistant/TextAssistantPage.tsx',
    antd: [
      'Select',
      'Checkbox',
      'Switch',
      'Tag',
      'Segmented',
      'Spin',
      'Alert',
      'Dropdown',
      'Popover',
      'Popconfirm',
      'Tooltip',
      'Button',
      'Space',
    ],
  },
  {
    page: 'file-cutmerge/FileCutmergePage.tsx',
    antd: ['Alert', 'Checkbox', 'InputNumber', 'List', 'Modal', 'Progress', 'Radio', 'Select', 'Space', 'Typography'],
  },
];

const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The first module on the page's static graph that imports one of `names` from antd. */
function reachesAntd(page: string, names: readonly string[]): string[] | undefined {
  const named = new RegExp(`import\\s*\\{[^}]*\\b(?:${names.join('|')})\\b[^}]*\\}\\s*from\\s*'antd'`);
  const imports = (source: string) => named.test(readFileSync(source, 'utf8'));
  if (imports(page)) return [page];
  return pathTo(page, (_specifier, source) => source !== undefined && imports(source));
}

describe('tool pages load their later views later', () => {
  it.each(later)('$page', ({ page, antd }) => {
    expect(reachesAntd(file(page), antd)).toBeUndefined();
  });

  it('finds such an import through the static graph, not through a type-only one (the check above can fail)', () => {
    expect(reachesAntd(file('psd/PsdWorkspace.tsx'), ['Tree'])).toEqual([
      'renderer/tools/psd/PsdWorkspace.tsx',
      'renderer/tools/psd/LayerTree.tsx',
    ]);
    expect(reachesAntd(file('sketch/SketchWorkspace.tsx'), ['TreeDataNode'])).toBeUndefined();
  });
});

// A page whose first view uses no antd opens without antd's style engine and ConfigProvider: its
// tool says so (`plainFirstView`), and the router then leaves antd's scope out. Checked both ways:
// a plain page that reaches antd statically would render it without its theme and locale (light
// and Chinese in the dark theme or English), and a page that no longer reaches antd but is not
// marked still pays for antd's engine.
const toolsDir = file('.');
const pages = readdirSync(toolsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const definition = readFileSync(`${toolsDir}${entry.name}/tool.ts`, 'utf8');
    const page = /page:\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/.exec(definition)?.[1];
    return { tool: entry.name, page: page && `${toolsDir}${entry.name}/${page}.tsx`, plain: /\bplainFirstView:\s*true\b/.test(definition) };
  });

/** The chain of static imports from the page to antd, or undefined when it reaches none. */
const antdPath = (page: string) => pathTo(page, (specifier) => /^antd($|\/)/.test(specifier));

describe('a page marked plainFirstView reaches no antd statically, and one that reaches none is marked', () => {
  it.each(pages)('$tool', ({ page, plain }) => {
    expect(page, "tool.ts names its page as `page: () => import('./Page')`").toBeDefined();
    const path = antdPath(page!);
    if (plain) expect(path, 'marked plainFirstView but imports antd statically').toBeUndefined();
    else expect(path, 'imports no antd statically: mark it `plainFirstView: true` in tool.ts').toBeDefined();
  });

  // A tool's internal routes (tool.ts `internalRoutes`) open under the same rule as its page.
  const internal = pages.flatMap(({ tool, plain }) =>
    [...readFileSync(`${toolsDir}${tool}/tool.ts`, 'utf8').matchAll(/page:\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/g)]
      .slice(1)
      .map((match) => ({ tool, page: `${toolsDir}${tool}/${match[1]}.tsx`, plain })),
  );
  it.each(internal)("$tool's internal route $page", ({ page, plain }) => {
    if (plain) expect(antdPath(page), 'its tool is marked plainFirstView but it imports antd statically').toBeUndefined();
  });

  it("sees antd through the page's static graph (the check above can fail)", () => {
    expect(antdPath(file('psd/PsdWorkspace.tsx'))?.at(-1)).toBe('antd');
    expect(antdPath(file('psd/psd-model.ts'))).toBeUndefined();
  });
});
