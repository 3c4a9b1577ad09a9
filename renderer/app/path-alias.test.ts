import { describe, expect, it } from 'vitest';
import { aliasTarget } from './path-alias';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('aliasTarget', () => {
  it('opens the tool in the language the alias was visited in', () => {
    expect(aliasTarget(at('/md'), '/md', '/md/editor')).toBe('/md/editor');
    expect(aliasTarget(at('/en/md'), '/md', '/md/editor')).toBe('/en/md/editor');
  });

  it('keeps the query and hash, and ignores a trailing slash and the case', () => {
    expect(aliasTarget(at('/en/md/', '?doc=1', '#top'), '/md', '/md/editor')).toBe('/en/md/editor?doc=1#top');
    expect(aliasTarget(at('/MD'), '/md', '/md/editor')).toBe('/md/editor');
  });
});

describe('tool path aliases', () => {
  it('has /md open the Markdown editor (spec §2: its internal alias)', async () => {
    const { tools } = await import('@/tools/registry');
    expect(tools.find((tool) => tool.pathAliases.includes('/md'))?.path).toBe('/md/editor');
  });

  it('never shadows a tool: an alias is no tool path and names one tool only', async () => {
    const { tools } = await import('@/tools/registry');
    const paths = new Set(tools.map((tool) => tool.path.toLowerCase()));
    const aliases = tools.flatMap((tool) => tool.pathAliases.map((alias) => alias.toLowerCase()));
    expect(aliases.filter((alias) => paths.has(alias))).toEqual([]);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
