import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_TOPIC_IDS } from '../renderer/tools/topics';
import { createTool, registerTool } from './new-tool';

const toolsDir = resolve(import.meta.dirname, '../renderer/tools');
/** The registry as it is today: the generator must keep its layout, not just handle a toy one. */
const realRegistry = readFileSync(join(toolsDir, 'registry.ts'), 'utf8');

/** A project root holding a copy of the real registry and the real tools' tool.ts files. */
function projectCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'new-tool-'));
  const target = join(root, 'renderer/tools');
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'registry.ts'), realRegistry);
  for (const entry of readdirSync(toolsDir, { withFileTypes: true })) {
    if (entry.isDirectory()) cpSync(join(toolsDir, entry.name, 'tool.ts'), join(target, entry.name, 'tool.ts'));
  }
  return root;
}

const changedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
};

describe('new:tool generator', () => {
  it('adds one import and one entry to the real registry, keeping its layout and line length', () => {
    const next = registerTool(realRegistry, 'demo-thing');
    const added = changedLines(realRegistry, next);
    expect(added[0]).toBe("import demoThing from './demo-thing/tool';");
    // The list's last line gains the entry (or it goes on a line of its own); nothing else moves.
    expect(added).toHaveLength(2);
    expect(added[1]).toMatch(/^ {2}\S.*\bdemoThing,$/);
    expect(next.split('\n').length - realRegistry.split('\n').length).toBeLessThanOrEqual(2);
    for (const line of next.split('\n')) expect(line.length, line).toBeLessThanOrEqual(160);
    expect(() => registerTool(next, 'demo-thing')).toThrow(/already registered/);
  });

  it('starts a new line when the last one is full', () => {
    const full = `import a from './a/tool';\n\nexport const tools = [\n  ${Array.from({ length: 13 }, (_, index) => `someLongToolName${index}`).join(', ')},\n] as const;\n`;
    const next = registerTool(full, 'demo-thing');
    expect(next).toMatch(/someLongToolName12,\n {2}demoThing,\n\] as const;/);
  });

  it('writes a tool folder with the spec topic id, or the next free one, and registers it', () => {
    const root = projectCopy();
    const written = createTool({ id: 'pic-hub', path: '/pic/hub', group: 'image', titleCn: '图床', titleEn: 'Picture hosting', root });
    expect(readdirSync(join(root, 'renderer/tools/pic-hub')).sort()).toEqual([
      'PicHubPage.tsx', 'locales.ts', 'meta.ts', 'pic-hub.e2e.ts', 'pic-hub.service.test.ts', 'pic-hub.service.ts', 'tool.ts',
    ]);
    expect(written).toContain('renderer/tools/registry.ts');
    const tool = readFileSync(join(root, 'renderer/tools/pic-hub/tool.ts'), 'utf8');
    expect(tool).toContain("path: '/pic/hub'");
    expect(tool).toContain(`topicId: ${SPEC_TOPIC_IDS['/pic/hub']},`);
    expect(tool).not.toContain('capabilities');
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toMatch(/textDisorder, picHub,\n\] as const;/);

    // Beyond the spec: one past every number the spec and the registered tools use.
    createTool({ id: 'demo-thing', path: '/demo/thing', group: 'toolbox', titleCn: '演示', titleEn: 'Demo', root });
    const specMax = Math.max(...Object.values(SPEC_TOPIC_IDS));
    expect(readFileSync(join(root, 'renderer/tools/demo-thing/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 1},`);
    createTool({ id: 'demo-other', path: '/demo/other', group: 'toolbox', titleCn: '演示二', titleEn: 'Demo two', root });
    expect(readFileSync(join(root, 'renderer/tools/demo-other/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 2},`);
  });

  it('rejects a bad id, path or group without writing anything', () => {
    const root = projectCopy();
    const before = readdirSync(join(root, 'renderer/tools')).sort();
    expect(() => createTool({ id: 'Bad Id', path: '/x', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(() => createTool({ id: 'ok-id', path: 'no-slash', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(readdirSync(join(root, 'renderer/tools')).sort()).toEqual(before);
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toBe(realRegistry);
  });
});
