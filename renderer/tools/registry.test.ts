import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tools } from './registry';
import { SPEC_TOPIC_IDS } from './topics';
import { TOOL_GROUPS } from './types';

const toolsDir = import.meta.dirname;
const folders = readdirSync(toolsDir).filter((name) => statSync(join(toolsDir, name)).isDirectory());

/** Leaf paths of a locale object, e.g. 'meta.title'. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
}

describe('tool registry', () => {
  it('has unique ids and routes', () => {
    expect(new Set(tools.map((tool) => tool.id)).size).toBe(tools.length);
    expect(new Set(tools.map((tool) => tool.path)).size).toBe(tools.length);
  });

  it("gives each tool its own topic id: the spec route's number, or one past the spec's for a tool beyond it", () => {
    const specMax = Math.max(...Object.values(SPEC_TOPIC_IDS));
    for (const tool of tools) {
      const specId = SPEC_TOPIC_IDS[tool.path];
      if (specId !== undefined) expect(tool.meta.topicId, tool.path).toBe(specId);
      else expect(tool.meta.topicId, tool.path).toBeGreaterThan(specMax);
    }
    expect(new Set(tools.map((tool) => tool.meta.topicId)).size).toBe(tools.length);
  });

  it('registers every tool folder, and only those', () => {
    expect(tools.map((tool) => tool.id).sort()).toEqual([...folders].sort());
  });

  it.each(tools.map((tool) => [tool.id, tool] as const))('%s keeps the tool folder layout', (id) => {
    const files = readdirSync(join(toolsDir, id));
    expect(files).toContain('tool.ts');
    expect(files).toContain(`${id}.service.ts`);
    expect(files).toContain(`${id}.service.test.ts`);
    expect(files).toContain(`${id}.e2e.ts`);
    expect(files.some((file) => /Page\.tsx$/.test(file))).toBe(true);
  });

  it.each(tools.map((tool) => [tool.id, tool] as const))('%s has route meta with the spec names', (_id, tool) => {
    expect(Object.keys(tool.meta).sort()).toEqual(
      // The spec's names, and hideAds (issue 19: "route meta hides it").
      ['aIcon', 'description', 'hideAds', 'important', 'keywords', 'layout', 'requireAdmin', 'requireAuth', 'title', 'topicId'].sort(),
    );
    expect([0, 1, 2]).toContain(tool.meta.layout.offset);
    expect(TOOL_GROUPS).toContain(tool.group);
    expect(tool.path).toMatch(/^(\/[a-zA-Z0-9-]+)+$/);
    expect(tool.path.startsWith('/en/') || tool.path.startsWith('/cn/')).toBe(false);
    expect(existsSync(join(toolsDir, tool.id))).toBe(true);
    expect(Number.isNaN(Date.parse(tool.createdAt))).toBe(false);
  });

  it.each(tools.map((tool) => [tool.id, tool] as const))('%s translates every key in both languages', async (_id, tool) => {
    const locales = await tool.locales();
    const cnKeys = leafKeys(locales.cn).sort();
    expect(leafKeys(locales.en).sort()).toEqual(cnKeys);
    for (const key of ['meta.title', 'meta.description']) expect(cnKeys).toContain(key);
    // The keywords (the page's meta keywords, and search words) come with the aliases from search.ts.
    const { keywords } = (await tool.search()).searchWords;
    for (const language of ['cn', 'en'] as const) expect(keywords[language].trim(), `${language}: keywords`).toBeTruthy();
    for (const key of cnKeys) {
      for (const language of ['cn', 'en'] as const) {
        const text = valueAt(locales[language], key);
        expect(typeof text === 'string' ? text.trim() : text, `${language}:${key}`).toBeTruthy();
      }
    }
  });
});
