import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathTo } from '../../scripts/static-graph';

// What every tool page shares is paid on each one's first load (issue 12). antd's Typography brings
// Tooltip, the popup machinery and TextArea with it, for copy, edit and measured ellipsis; a plain
// line of text is `components/Text`, and an icon-only copy button's hint is the shell's CSS hint.
// Each line: a page that shows text antd's Typography is for (copyable, cut with a tooltip), or
// one whose plain texts have not moved to `Text` yet. None today: the stitcher's cut names with a
// tooltip are in its workspace, which loads with the first screenshot; the library's WebDAV panel
// with its drawer, and the cutter's copyable MD5 with its results.
const typographyPages: string[] = [];

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const toolsDir = dir('../tools/');
const pages = readdirSync(toolsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(toolsDir, entry.name))
      .filter((name) => /Page\.tsx$/.test(name))
      .map((name) => `${entry.name}/${name}`),
  );
const components = readdirSync(dir('.'), { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx$/.test(name));

const ANTD_IMPORT = (names: string) =>
  new RegExp(`import\\s*\\{[^}]*\\b(?:${names})\\b[^}]*\\}\\s*from\\s*'antd'|from\\s*'antd/es/(?:typography|tooltip)\\b`);

/** The first chain of static imports from `entry` to a module that imports one of `names` from antd. */
function reachesAntd(entry: string, names: string): string[] | undefined {
  const imports = (file: string) => ANTD_IMPORT(names).test(readFileSync(file, 'utf8'));
  if (imports(entry)) return [entry];
  return pathTo(entry, (_specifier, file) => file !== undefined && imports(file));
}

describe('the baseline every tool page pays', () => {
  it.each(components)('components/%s reaches neither Typography nor Tooltip', (name) => {
    expect(reachesAntd(dir(name), 'Typography|Tooltip')).toBeUndefined();
  });

  it('only the pages that copy or cut text with a tooltip reach antd Typography', () => {
    expect(pages.length).toBeGreaterThan(20);
    const reaching = pages.filter((page) => reachesAntd(join(toolsDir, page), 'Typography') !== undefined);
    expect(reaching.sort()).toEqual([...typographyPages].sort());
  });

  it('finds Typography through the static graph (the checks above can fail)', () => {
    const chain = reachesAntd(join(toolsDir, 'file-cutmerge/MergeWorkspace.tsx'), 'Typography');
    expect(chain?.[0]).toBe('renderer/tools/file-cutmerge/MergeWorkspace.tsx');
    expect(chain?.at(-1)).toMatch(/file-cutmerge\/MergeResult\.tsx$/);
  });
});
